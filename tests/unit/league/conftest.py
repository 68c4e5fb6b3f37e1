"""The league's tests build game results with `game` and guest seats with `guest`."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from league_results import Game, guest_builder, result_builder

from service.app.league.results import SeatResult


@pytest.fixture
def game() -> Game:
    """game(totals, players=..., game_id=..., **GameResult fields); seats given
    as `seats=` win over totals. Every seat is a human regular by default."""
    return result_builder()


@pytest.fixture
def guest() -> Callable[..., SeatResult]:
    """guest(name, age, total=0): a guest seat made `age` before the game ended."""
    return guest_builder()
