"""A bot seat whose turns time out (its jobs late behind a long queue, or lost) keeps
its own bot: the timeout bot stands in for an absent owner, and a bot seat has none.
Handed to it, a level-3 seat was played by a level-2 bot for the rest of the game."""

from __future__ import annotations

from typing import Any

from timeouts_table import draw_and_discard, log_of, times_out
from workers_table import auth, worker_app

from service.store.embedded_redis import EmbeddedRedis


def _bot_times_out(client: Any, queue: Any, game_id: str, seat: int) -> None:
    """The bot's job lost (the queue emptied): its deadline passes, and its timer runs."""
    queue.empty()
    times_out(client, queue, game_id, seat)


def test_a_bot_seat_that_times_out_twice_keeps_its_own_bot(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url, timeouts_before_bot=2) as (client, queue):
        seats = [{"kind": "human"}, {"kind": "bot", "level": 3}]
        body = {"seats": seats, "preset": "duel", "seed": 4, "turn_time_limit_s": 1}
        created = client.post("/games", json=body).json()
        game_id, token = created["game_id"], created["tokens"]["0"]
        if client.get(f"/games/{game_id}/view", headers=auth(token)).json()["turn"] == 0:
            draw_and_discard(client, game_id, token)
        _bot_times_out(client, queue, game_id, 1)
        draw_and_discard(client, game_id, token)
        _bot_times_out(client, queue, game_id, 1)
        timed_out = log_of(client, game_id, "turn_timed_out")
        assert [e["event"]["seat"] for e in timed_out] == [1, 1]
        changes = log_of(client, game_id, "seat_control_changed")
        assert [e["event"] for e in changes] == []
        controller = client.get(f"/games/{game_id}").json()["view"]["controllers"][1]
        assert controller == {"kind": "bot", "level": 3}
