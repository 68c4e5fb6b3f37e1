"""Level 4 in palace keeps its opening back while a rummy is near; level 3 opens."""

from __future__ import annotations

import random

from palace_positions import PALACE, palace_state

from domain.bots import choose
from domain.bots.rummy_wait import NEAR_RUMMY_MANY_SEATS, waits_for_rummy
from domain.bots.solver import arrange
from domain.commands import Discard, LayMelds
from domain.views import view_for

# KC KD KS reach the 30 points alone; 7H 8H 9H is a second meld.
MELDS = ("7H", "8H", "9H", "KC", "KD", "KS")
# Four seats: the opening waits up to NEAR_RUMMY_MANY_SEATS loose cards.
NEAR = (*MELDS, "2C", "5D", "9S", "JD", "QH", "3S")[: len(MELDS) + NEAR_RUMMY_MANY_SEATS]
FAR = (*NEAR, "6C")


def _first_command(hand: tuple[str, ...], level: int, others: int = 5) -> object:
    view = view_for(palace_state(hand, (), opened=False, others=others), 0)
    return choose(view, PALACE, level, random.Random(0), None, budget_s=1.0, max_rollouts=40)


def test_level_3_opens_as_soon_as_it_can() -> None:
    assert isinstance(_first_command(NEAR, 3), LayMelds)


def test_level_4_keeps_its_opening_back_while_a_rummy_is_near() -> None:
    assert isinstance(_first_command(NEAR, 4), Discard)


def test_level_4_opens_once_too_many_cards_are_left_over() -> None:
    assert isinstance(_first_command(FAR, 4), LayMelds)


def test_level_4_opens_once_an_opponent_is_down_to_a_few_cards() -> None:
    assert isinstance(_first_command(NEAR, 4, others=3), LayMelds)


def test_an_opened_seat_never_waits_for_rummy() -> None:
    view = view_for(palace_state(NEAR, (), opened=True), 0)
    assert not waits_for_rummy(view, arrange(NEAR, PALACE), PALACE)
