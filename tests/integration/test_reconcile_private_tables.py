"""The reconciler finds a private table's lost jobs too: such a table is never filed
in the lobby (it is found by its invite code only), yet its bots, timers and league
result are owed the same as any table's."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from redis import Redis as SyncRedis
from redis.asyncio import Redis
from workers_table import auth, reconcile_once, work, worker_app

from service.app.league.records_store import open_league_store
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_keys import game_key
from workers.queue import bot_job_id, league_job_id


def _private_table(client: Any, seats: list[dict[str, Any]]) -> dict[str, Any]:
    body = {"seats": seats, "preset": "duel", "rules": {"game_end": "hands:1"}, "private": True}
    created = client.post("/games", json=body)
    assert created.status_code == 201, created.text
    table: dict[str, Any] = created.json()
    return table


@pytest.mark.parametrize("info", ["kept", "lost", "unreadable"])
def test_a_private_tables_lost_bot_job_is_made_again(
    embedded_redis: EmbeddedRedis, info: str
) -> None:
    # Its info is a copy of its log's opening: lost or written wrong, the log says it.
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        # A bot deals first or plays after the human: make it the bot's turn.
        table = _private_table(client, [{"kind": "human"}, {"kind": "bot", "level": 1}])
        game_id, token = table["game_id"], table["tokens"]["0"]
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        if view["turn"] == 0:
            for _ in range(2):
                legal = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
                command = legal["legal_commands"][0 if legal["phase"] == "draw" else -1]
                client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        version = client.get(f"/games/{game_id}", params={"invite": table["invite_code"]})
        at = version.json()["version"]
        queue.empty()  # as after a crash of the queues' Redis: the bot's job is lost
        if info != "kept":
            _damage_info(url, game_id, lost=info == "lost")
        counts = reconcile_once(url)
        assert counts.bot_jobs == 1
        assert bot_job_id(game_id, at) in queue.get_job_ids()


def _damage_info(url: str, game_id: str, *, lost: bool) -> None:
    redis = SyncRedis.from_url(url)
    try:
        key = game_key(game_id, "meta")
        if lost:
            assert redis.hdel(key, "info") == 1
        else:
            redis.hset(key, "info", b"{")
    finally:
        redis.close()


def test_a_private_tables_missed_league_result_is_enqueued_again(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        table = _private_table(client, [{"kind": "bot", "level": 1}, {"kind": "bot", "level": 1}])
        game_id = table["game_id"]
        for _ in range(200):
            if not work(queue):
                break
        league = open_league_store(url)
        try:
            league.clear()  # as if its league job had been lost
            assert reconcile_once(url).league_jobs == 1
            assert league_job_id(game_id) in queue.get_job_ids()
        finally:
            league.close()


def test_a_private_table_in_play_and_not_filed_is_filed_for_the_count(
    embedded_redis: EmbeddedRedis,
) -> None:
    # A private table made before private tables in play were filed apart (or whose
    # filing a crash lost) is counted among the games in play once reconciled.
    url = embedded_redis.url
    with worker_app(url) as (client, _queue):
        table = _private_table(client, [{"kind": "human"}, {"kind": "human"}])
        game_id = table["game_id"]

        async def unfile() -> list[str]:
            redis = Redis.from_url(url)
            try:
                store = RedisEventStore(redis)
                await store.unindex_game(game_id)
                return await store.list_games("private_active", 10, 0)
            finally:
                await redis.aclose()

        assert asyncio.run(unfile()) == []
        assert "rummy_active_games 0" in client.get("/metrics").text
        reconcile_once(url)
        assert "rummy_active_games 1" in client.get("/metrics").text
        assert client.get("/games", params={"status": "active"}).json()["games"] == []
