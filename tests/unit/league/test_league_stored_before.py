"""Results and changes the league recorded before the fresh-account rule covered named
accounts still read: a result's guest age still refuses the game it refused, and a
change recorded as `fresh_guests` is served under today's code."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import msgspec

from service.app.league.apply import fold
from service.app.league.queries import game_rating_changes
from service.app.league.records_store import RecordsLeagueStore, _result
from service.app.league.results import GameResult

ENDED = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def recorded_result(game_id: str, guest_age: timedelta) -> bytes:
    """A two-player result as the league wrote it then: the guest's age under its old name."""
    seat = {"kind": "human", "total": 0, "hands": 1}
    return msgspec.json.encode(
        {
            "game_id": game_id,
            "preset": "basic",
            "rules": {"rated": True, "scoring": "winner_takes"},
            "ending": "ended",
            "ended_at": ENDED.isoformat(),
            "seats": [
                {**seat, "player": "ann", "total": 20},
                {
                    **seat,
                    "player": "bob",
                    "guest": True,
                    "guest_created_at": (ENDED - guest_age).isoformat(),
                },
            ],
        }
    )


def test_a_result_recorded_with_a_guests_age_folds_as_it_was_applied() -> None:
    fresh = _result.decode(recorded_result("fresh", timedelta(minutes=10)))
    older = _result.decode(recorded_result("older", timedelta(hours=3)))
    assert isinstance(fresh, GameResult)
    league = fold([fresh, older])
    assert game_rating_changes(league, "fresh").reason == "fresh_accounts"
    assert game_rating_changes(league, "older").reason == "counted"


class FakeLeagueRecords:
    """The records of an older release: a change stored under its code of then."""

    def __init__(self, changes: dict[str, bytes]) -> None:
        self.changes = changes

    def change(self, game_id: str) -> bytes | None:
        return self.changes.get(game_id)


def test_a_change_recorded_as_fresh_guests_is_served_as_fresh_accounts() -> None:
    league = fold([_result.decode(recorded_result("fresh", timedelta(minutes=10)))])
    stored = msgspec.json.encode(league.change("fresh"))
    assert b'"fresh_accounts"' in stored
    records = FakeLeagueRecords({"fresh": stored.replace(b'"fresh_accounts"', b'"fresh_guests"')})
    old = RecordsLeagueStore(records)  # type: ignore[arg-type]
    change = old.change("fresh")
    assert change is not None and change.reason == "fresh_guests" and not change.counted
    served = game_rating_changes(old, "fresh")  # type: ignore[arg-type]
    assert served.reason == "fresh_accounts" and not served.counted
