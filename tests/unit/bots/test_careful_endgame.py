"""Level 3 near the end of a palace hand: going out by any split of the hand,
taking the discard that goes out, and laying down what leaves least in hand."""

from __future__ import annotations

import random

from palace_positions import PALACE, palace_state, play_turn, run_meld

from domain.bots import choose
from domain.bots.way_out import WayOut
from domain.commands import Discard, Draw, LayMelds
from domain.views import view_for

# Takes 8C at its low end (and KC at its high end), nothing else in these hands.
CLUBS = run_meld(1, ("9C", "TC", "JC", "QC"), 9)
# Takes 4C and 9C.
LOW_CLUBS = run_meld(1, ("5C", "6C", "7C", "8C"), 5)
# The least-deadwood split lays 8C 8H JK and keeps 2C 2S, which fit nowhere;
# the way out is 2C 2S JK, the 8C laid off on the clubs, the 8H discarded.
RESPLIT = ("8C", "8H", "JK", "2C", "2S", "3C", "3H", "3S", "4D", "5D", "6D")


def test_careful_goes_out_by_a_split_that_is_not_the_least_deadwood() -> None:
    commands, state = play_turn(palace_state(RESPLIT, (CLUBS,)))
    assert commands[-1] == Discard("8H")
    assert state.phase != "play" and not state.hands[0]


def test_careful_goes_out_from_a_closed_hand_laying_off_after_its_opening() -> None:
    # Not opened: 2C 2S JK, the threes and the diamonds reach the 30 points,
    # and the opening of this turn lets the 8C go onto the clubs.
    commands, state = play_turn(palace_state(RESPLIT, (CLUBS,), opened=False))
    assert isinstance(commands[0], LayMelds)
    assert commands[-1] == Discard("8H")
    assert not state.hands[0]


def test_careful_takes_the_discard_that_goes_out() -> None:
    # 2C melds nothing in the least-deadwood split and fits no table meld,
    # so level 2 draws blind; with it level 3 goes out this turn.
    hand = tuple(c for c in RESPLIT if c != "2C")
    state = palace_state(hand, (CLUBS,), phase="draw", pile=("KD", "2C"))
    assert choose(view_for(state, 0), PALACE, 2, random.Random(0)) == Draw("stock")
    commands, state = play_turn(state)
    assert commands[0] == Draw("discard", 1)
    assert not state.hands[0]


def test_careful_lays_down_the_split_that_leaves_least_in_hand() -> None:
    # An opponent is down to one card: level 3 lays its melds down. 9C 9H JK
    # leaves the least deadwood (7S 7D loose); 7S 7D JK leaves less in hand,
    # as the 9C then goes onto the clubs (9H, KS and 4H stay either way).
    hand = ("9C", "9H", "JK", "7S", "7D", "KS", "4H")
    state = palace_state(hand, (LOW_CLUBS,), others=1)
    greedy = choose(view_for(state, 0), PALACE, 2, random.Random(0))
    assert isinstance(greedy, LayMelds) and "9H" in greedy.melds[0]
    commands, state = play_turn(state)
    assert isinstance(commands[0], LayMelds) and set(commands[0].melds[0]) == {"7S", "7D", "JK"}
    assert set(state.hands[0]) <= {"9H", "KS", "4H"}


def test_way_out_leaves_loose_only_cards_that_fit_the_table() -> None:
    fits = {card: card == "8C" for card in set(RESPLIT)}
    way = WayOut(RESPLIT, PALACE, fits)
    assert way.split(RESPLIT) is None  # 8C 8H JK leaves 2C 2S, JK with the twos 8H
    near = way.split(RESPLIT, stuck=1)
    assert near is not None and near.deadwood == 1 and set(near.loose) == {"8C", "8H"}
    rest = list(RESPLIT)
    rest.remove("8H")
    out = way.split(rest)
    assert out is not None and out.loose == ("8C",) and ("2C", "2S", "JK") in out.melds
