"""A seat its owner took back from the timeout bot starts counting its timeouts afresh:
the timeouts before the hand-over are not "in a row" with the ones after it."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from workers_table import auth, work, worker_app

from service.store.embedded_redis import EmbeddedRedis


def _log(client: Any, game_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = client.get(
        f"/games/{game_id}/events", params={"after": 0}
    ).json()["events"]
    return events


def _times_out(client: Any, queue: Any, game_id: str, seat: int) -> None:
    """Wait for the seat's current deadline, then run the due jobs (its timer among them)."""
    deadline = [e for e in _log(client, game_id) if e["event"]["type"] == "turn_deadline_set"][-1]
    assert deadline["event"]["seat"] == seat
    when = datetime.fromisoformat(deadline["event"]["deadline"])
    time.sleep(max(0.0, (when - datetime.now(UTC)).total_seconds()))
    work(queue)


def _draw_and_discard(client: Any, game_id: str, token: str) -> None:
    for _ in range(2):
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        legal = view["legal_commands"]
        command = legal[0] if view["phase"] == "draw" else legal[-1]
        played = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        assert played.status_code == 200, played.text


def _controller(client: Any, game_id: str, seat: int) -> str:
    kind: str = client.get(f"/games/{game_id}").json()["view"]["controllers"][seat]["kind"]
    return kind


def test_one_timeout_after_a_take_back_leaves_the_seat_to_its_owner(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url, timeouts_before_bot=2) as (client, queue):
        seats = [{"kind": "human"}, {"kind": "human"}]
        body = {"seats": seats, "preset": "duel", "seed": 4, "turn_time_limit_s": 1}
        created = client.post("/games", json=body).json()
        game_id, tokens = created["game_id"], created["tokens"]
        first = [e for e in _log(client, game_id) if e["event"]["type"] == "turn_deadline_set"]
        seat: int = first[0]["event"]["seat"]
        other = tokens[str(1 - seat)]
        # Two timeouts in a row: the timeout bot takes the seat.
        _times_out(client, queue, game_id, seat)
        _draw_and_discard(client, game_id, other)
        _times_out(client, queue, game_id, seat)
        assert _controller(client, game_id, seat) == "autopilot"
        # The owner takes the seat back, and times out once.
        taken = client.delete(f"/games/{game_id}/seats/{seat}/bot", headers=auth(tokens[str(seat)]))
        assert taken.status_code < 300, taken.text
        assert _controller(client, game_id, seat) == "human"
        _draw_and_discard(client, game_id, other)
        _times_out(client, queue, game_id, seat)
        timeouts = [
            e for e in _log(client, game_id) if e["event"]["type"] == "turn_timed_out"
        ]  # fmt: skip
        assert [e["event"]["seat"] for e in timeouts] == [seat] * 3
        # One timeout since the owner took the seat back: not two in a row.
        assert _controller(client, game_id, seat) == "human"
