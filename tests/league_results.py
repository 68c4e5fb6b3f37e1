"""Builders of game results for the league's tests (unit and contract)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from service.app.league.results import GameResult, RuleFacts, SeatResult

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

Game = Callable[..., GameResult]


def result_builder() -> Game:
    """game(totals, players=..., game_id=..., **GameResult fields); seats given
    as `seats=` win over totals. Every seat is a human regular by default."""
    counter = iter(range(1, 1_000_000))

    def build(
        totals: Sequence[int] = (10, 0),
        players: Sequence[str] | None = None,
        *,
        game_id: str | None = None,
        scoring: str = "winner_takes",
        rated: bool = True,
        preset: str = "basic",
        ended_at: datetime = NOON,
        hands: int = 3,
        resigned: Sequence[int] = (),
        **fields: Any,
    ) -> GameResult:
        names = players or [f"p{seat}" for seat in range(len(totals))]
        seats = fields.pop("seats", None) or tuple(
            SeatResult(
                player=name,
                kind="bot" if name.startswith("bot:") else "human",
                total=total,
                hands=hands,
                resigned=seat in resigned,
            )
            for seat, (name, total) in enumerate(zip(names, totals, strict=True))
        )
        return GameResult(
            game_id=game_id or f"g{next(counter)}",
            preset=preset,
            rules=fields.pop("rules", None) or RuleFacts(rated=rated, scoring=scoring),
            ending=fields.pop("ending", "ended"),
            ended_at=ended_at,
            seats=seats,
            **fields,
        )

    return build


def guest_builder() -> Callable[..., SeatResult]:
    """guest(name, age, total=0): a guest seat made `age` before the game ended."""

    def build(name: str, age: timedelta, total: int = 0) -> SeatResult:
        return SeatResult(
            player=name, guest=True, guest_created_at=NOON - age, total=total, hands=3
        )

    return build
