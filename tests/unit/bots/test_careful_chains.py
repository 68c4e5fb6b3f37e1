"""Level 3 in palace: going out by laying off cards one after another on a
table run (lay-off chains), and discarding to keep the draws that go out."""

from __future__ import annotations

import pytest
from palace_positions import PALACE, palace_state, play_turn, run_meld

from domain.bots import careful_discard, nextdraw
from domain.bots.chains import lay_off_chains
from domain.bots.memory import live_cards
from domain.bots.nextdraw import going_out_draws
from domain.bots.solver import arrange
from domain.bots.way_out import WayOut
from domain.commands import Discard, LayMelds, LayOff
from domain.views import view_for

# Takes 4H at its low end and 8H at its high end; the 9H only after the 8H.
HEARTS = run_meld(1, ("5H", "6H", "7H"), 5)


def test_lay_off_chains_are_cards_laid_off_one_after_another() -> None:
    hand = ("8H", "9H", "2D")
    fits = {"8H": True, "9H": False, "2D": False}
    assert lay_off_chains(hand, (HEARTS,), PALACE, fits) == {("8H", "9H"): LayOff("8H", 1)}


def test_careful_goes_out_through_a_lay_off_chain() -> None:
    # The 8H sits in the set of eights; the 9H fits only once the 8H is on
    # the hearts. The way out: 8C 8D 8S down, 8H and 9H off, 2D discarded.
    hand = ("8C", "8D", "8H", "8S", "9H", "2D")
    fits = {card: card == "8H" for card in hand}
    assert WayOut(hand, PALACE, fits).split(hand, stuck=1) is None
    commands, state = play_turn(palace_state(hand, (HEARTS,)))
    assert isinstance(commands[0], LayMelds)
    assert commands[1:] == [LayOff("8H", 1), LayOff("9H", 1), Discard("2D")]
    assert not state.hands[0]


# The spades take 6S and TS, the hearts 4H and 9H; jokers fit both.
SPADES = run_meld(1, ("7S", "8S", "9S"), 7)
LONG_HEARTS = run_meld(2, ("5H", "6H", "7H", "8H"), 5)
# A position from the ladder: 3C 3D 3S, and AD JD JK 2S loose.
NEAR = ("2S", "3C", "3D", "3S", "AD", "JD", "JK")


def test_careful_discards_to_keep_the_draws_that_go_out(monkeypatch: pytest.MonkeyPatch) -> None:
    state = palace_state(NEAR, (SPADES, LONG_HEARTS), pile=("5D",))
    view = view_for(state, 0)
    arrangement = arrange(NEAR, PALACE)
    # Kept beside AD and the joker, the JD goes out next turn with more draws
    # (another jack, a diamond near it, an ace) than the 2S would.
    live = live_cards(view, PALACE, None)
    draws = going_out_draws(NEAR, {"2S", "JD"}, view.table, PALACE, live)
    assert draws["2S"] > draws["JD"]
    assert careful_discard.careful_discard(view, arrangement, PALACE, None) == Discard("2S")
    # Scored by outs and value alone, the more valuable JD would go.
    monkeypatch.setattr(careful_discard, "NEXT_DRAW_WEIGHT", 0.0)
    assert careful_discard.careful_discard(view, arrangement, PALACE, None) == Discard("JD")


# Two jokers among cards near each other, with runs on the table in three
# suits: most live cards may take such a hand out, and each is tried.
HEAVY = ("2S", "5S", "7C", "7H", "8C", "JK", "JK", "KC", "KD", "KH")
CLUBS = run_meld(3, ("9C", "TC", "JC"), 9)


def _heavy_counts(budget: int, reverse: bool = False) -> dict[str, int]:
    state = palace_state(HEAVY, (SPADES, LONG_HEARTS, CLUBS))
    view = view_for(state, 0)
    live = live_cards(view, PALACE, None)
    if reverse:
        live = type(live)(dict(reversed(live.items())))
    return going_out_draws(HEAVY, {"2S", "5S"}, view.table, PALACE, live, budget=budget)


def test_next_draw_counts_stop_at_their_budget_and_only_ever_lose_outs() -> None:
    unbounded = _heavy_counts(10**9)
    bounded = _heavy_counts(nextdraw.WORK_BUDGET)
    assert unbounded["5S"] > 0
    assert all(bounded[card] <= unbounded[card] for card in unbounded)
    assert bounded != unbounded, "this position should spend the whole budget"
    assert _heavy_counts(0) == {"2S": 0, "5S": 0}


def test_next_draw_counts_do_not_depend_on_the_order_the_live_cards_come_in() -> None:
    # The cards a spent budget leaves out are always the same ones.
    assert _heavy_counts(nextdraw.WORK_BUDGET, reverse=True) == _heavy_counts(nextdraw.WORK_BUDGET)
