"""A public game the lobby never filed (its creator's process died between the first
append and the lobby's filing, and with it the bot job the append called for) is
found by the reconciler's walk of the meta records: filed, and its bot job made."""

from __future__ import annotations

import asyncio
from typing import Any

from redis.asyncio import Redis
from workers_table import auth, reconcile_once, worker_app

from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from workers.queue import bot_job_id


def _unfile(url: str, game_id: str) -> None:
    async def run() -> None:
        redis = Redis.from_url(url)
        try:
            await RedisEventStore(redis).unindex_game(game_id)
        finally:
            await redis.aclose()

    asyncio.run(run())


def _bots_turn(client: Any, seats: list[dict[str, Any]]) -> tuple[str, int]:
    """A public game at its bot's turn: the game and its version."""
    body = {"seats": seats, "preset": "duel", "rules": {"game_end": "hands:1"}}
    created = client.post("/games", json=body)
    assert created.status_code == 201, created.text
    game_id, token = created.json()["game_id"], created.json()["tokens"]["0"]
    if client.get(f"/games/{game_id}/view", headers=auth(token)).json()["turn"] == 0:
        for _ in range(2):
            view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
            command = view["legal_commands"][0 if view["phase"] == "draw" else -1]
            client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
    version: int = client.get(f"/games/{game_id}").json()["version"]
    return game_id, version


def test_a_public_game_the_lobby_never_filed_gets_its_bot_job_and_its_line(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        game_id, at = _bots_turn(client, [{"kind": "human"}, {"kind": "bot", "level": 1}])
        # As after a crash between the append and what follows it: no line, no job.
        _unfile(url, game_id)
        queue.empty()
        assert client.get("/games", params={"status": "active"}).json()["games"] == []
        counts = reconcile_once(url)
        assert counts.bot_jobs == 1
        assert bot_job_id(game_id, at) in queue.get_job_ids()
        listed = client.get("/games", params={"status": "active"}).json()["games"]
        assert [game["game_id"] for game in listed] == [game_id]
        # Filed now: the next round finds it in the lobby, and makes nothing twice.
        assert reconcile_once(url).bot_jobs == 0
