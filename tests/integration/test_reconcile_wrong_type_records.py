"""A record of the wrong Redis type (a meta that is not a hash, a version counter
that is not a string: written by hand, or by another program sharing the server)
costs its own game only: the reconciler's walk, the worker's start and the
archiving of every other game go on."""

from __future__ import annotations

import asyncio

from redis import Redis as SyncRedis
from redis.asyncio import Redis
from workers_table import worker_app

from service.app.games import GameService
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_keys import game_key
from workers.queue import bot_job_id, open_queue
from workers.reconcile import Reconciled, reconcile
from workers.schedule import TurnScheduler


def _reconcile(url: str) -> Reconciled:
    async def run() -> Reconciled:
        redis = Redis.from_url(url)
        jobs = open_queue(url)
        try:
            store = RedisEventStore(redis)
            return await reconcile(GameService(store), store, TurnScheduler(store, jobs))
        finally:
            await redis.aclose()
            jobs.connection.close()

    return asyncio.run(run())


def test_a_record_of_the_wrong_type_costs_only_its_own_game(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        body = {
            "seats": [{"kind": "bot", "level": 1}, {"kind": "human"}],
            "preset": "duel",
            "private": True,
        }
        created = client.post("/games", json=body)
        assert created.status_code == 201, created.text
        good = created.json()["game_id"]
        at = client.get(f"/games/{good}", params={"invite": created.json()["invite_code"]})
        version = at.json()["version"]
        queue.empty()  # as after a crash: the bot's job is lost
        redis = SyncRedis.from_url(url)
        try:
            redis.set(game_key("a" * 32, "meta"), b"not a hash")
            redis.hset(game_key("b" * 32, "meta"), "info", b"{}")
            redis.rpush(game_key("b" * 32, "version"), b"not a counter")
        finally:
            redis.close()
        counts = _reconcile(url)
        assert counts.bot_jobs >= 1
        assert bot_job_id(good, version) in queue.get_job_ids()
