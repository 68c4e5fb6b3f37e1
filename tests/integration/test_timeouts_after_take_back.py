"""A seat its owner took back from the timeout bot starts counting its timeouts afresh:
the timeouts before the hand-over are not "in a row" with the ones after it."""

from __future__ import annotations

from typing import Any

from timeouts_table import draw_and_discard, log_of, times_out
from workers_table import auth, worker_app

from service.store.embedded_redis import EmbeddedRedis


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
        first = log_of(client, game_id, "turn_deadline_set")
        seat: int = first[0]["event"]["seat"]
        other = tokens[str(1 - seat)]
        # Two timeouts in a row: the timeout bot takes the seat.
        times_out(client, queue, game_id, seat)
        draw_and_discard(client, game_id, other)
        times_out(client, queue, game_id, seat)
        assert _controller(client, game_id, seat) == "autopilot"
        # The owner takes the seat back, and times out once.
        taken = client.delete(f"/games/{game_id}/seats/{seat}/bot", headers=auth(tokens[str(seat)]))
        assert taken.status_code < 300, taken.text
        assert _controller(client, game_id, seat) == "human"
        draw_and_discard(client, game_id, other)
        times_out(client, queue, game_id, seat)
        timeouts = log_of(client, game_id, "turn_timed_out")
        assert [e["event"]["seat"] for e in timeouts] == [seat] * 3
        # One timeout since the owner took the seat back: not two in a row.
        assert _controller(client, game_id, seat) == "human"
