"""Builders of game results for the league's tests (unit and contract), and aged accounts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from service.app.league.ratings import Rating
from service.app.league.results import GameResult, RuleFacts, SeatResult
from service.app.league.store import InMemoryLeagueStore, LeagueFigures

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
# Older than the abuse policy's fresh accounts (an hour): an account that counts.
SEASONED = timedelta(days=1)

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


def account_builder() -> Callable[..., SeatResult]:
    """account(name, age, total=0, guest=False): the seat of an account made `age`
    before the game ended (a named player, or a guest)."""

    def build(name: str, age: timedelta, total: int = 0, guest: bool = False) -> SeatResult:
        return SeatResult(player=name, guest=guest, created_at=NOON - age, total=total, hands=3)

    return build


def age_account(client: Any, player_id: str, age: timedelta = SEASONED) -> None:
    """Backdate a player's account made through the API of `client` (a Litestar
    TestClient): the league reads the account's age from the players' directory."""
    made = (datetime.now(UTC) - age).isoformat(timespec="milliseconds")
    store = client.app.state.games.players.store
    client.blocking_portal.call(store.update_player, player_id, {"created_at": made.encode()})


def regular_player(client: Any, name: str) -> dict[str, Any]:
    """A named player made through `client` whose account is a day old: not a fresh
    account to the league."""
    created = client.post("/players", json={"name": name})
    assert created.status_code == 201, created.text
    body: dict[str, Any] = created.json()
    age_account(client, body["player_id"])
    return body


TIED = 10_000


def ladder_with_a_tie() -> InMemoryLeagueStore:
    """Two players ahead, TIED players showing 2.00 (newcomers who each won one game
    against another newcomer all show one rating), three behind."""
    tie = Rating(mu=26.0, sigma=8.0)
    ratings = {f"t{n:05}": tie for n in range(TIED - 2)}
    ratings |= {
        "lead": Rating(mu=40.0, sigma=8.0),
        "second": Rating(mu=30.0, sigma=8.0),
        # Showing 2.00 too: the higher mu first in the tie, the lower last, whatever the id.
        "z-high-mu": Rating(mu=26.5, sigma=8.166666),
        "a-low-mu": Rating(mu=25.9, sigma=7.9666667),
        "behind": Rating(mu=25.99, sigma=8.0),
        "far": Rating(mu=20.0, sigma=8.0),
        "last": Rating(mu=10.0, sigma=8.0),
    }
    return InMemoryLeagueStore(LeagueFigures(ratings={"basic": ratings}))
