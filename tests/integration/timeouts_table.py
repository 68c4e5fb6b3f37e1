"""Shared steps of the turn-timeout tests: a game's log, a seat's deadline run out,
and a human seat's plain turn."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from workers_table import auth, work


def log_of(client: Any, game_id: str, kind: str | None = None) -> list[dict[str, Any]]:
    """The game's events (of one `type` when given)."""
    events: list[dict[str, Any]] = client.get(
        f"/games/{game_id}/events", params={"after": 0}
    ).json()["events"]
    return [e for e in events if kind is None or e["event"]["type"] == kind]


def times_out(client: Any, queue: Any, game_id: str, seat: int) -> None:
    """Wait for the seat's current deadline, then run the due jobs (its timer among them)."""
    deadline = log_of(client, game_id, "turn_deadline_set")[-1]
    assert deadline["event"]["seat"] == seat
    when = datetime.fromisoformat(deadline["event"]["deadline"])
    time.sleep(max(0.0, (when - datetime.now(UTC)).total_seconds()))
    work(queue)


def draw_and_discard(client: Any, game_id: str, token: str) -> None:
    for _ in range(2):
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        command = view["legal_commands"][0 if view["phase"] == "draw" else -1]
        played = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        assert played.status_code == 200, played.text
