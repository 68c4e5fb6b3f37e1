"""The league's tests build game results with `game`, and seats of accounts of a given age
with `account`."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from league_results import Game, account_builder, result_builder

from service.app.league.results import SeatResult


@pytest.fixture
def game() -> Game:
    """game(totals, players=..., game_id=..., **GameResult fields); seats given
    as `seats=` win over totals. Every seat is a human regular by default."""
    return result_builder()


@pytest.fixture
def account() -> Callable[..., SeatResult]:
    """account(name, age, total=0, guest=False): the seat of an account made `age`
    before the game ended (a named player, or a guest)."""
    return account_builder()
