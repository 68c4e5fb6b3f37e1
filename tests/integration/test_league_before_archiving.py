"""A private game whose league job failed is not archived before the league applied
its result: the worker's round (reconcile, then archive) keeps it in the store until
then. Before, the round that made its league job again archived it before the job
ran; when that job failed too (the league still down), nothing made it again: a
private game is never in the lobby, and the reconciler's walk of the store's records
no longer met it once archived. Its result was never applied."""

from __future__ import annotations

import asyncio
from pathlib import Path

from redis.asyncio import Redis
from workers_table import fail_for_good, work, worker_app

from service.app.league.records_store import open_league_store
from service.app.step_failures import StepFailures
from service.runtime.settings import Settings
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from workers.command import reconcile_now
from workers.queue import league_job_id


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _in_redis(url: str, game_id: str) -> bool:
    async def run() -> bool:
        redis = Redis.from_url(url)
        try:
            return await RedisEventStore(redis).exists(game_id)
        finally:
            await redis.aclose()

    return asyncio.run(run())


def test_a_private_game_is_archived_only_after_its_league_result(
    embedded_redis: EmbeddedRedis, tmp_path: Path
) -> None:
    url = embedded_redis.url
    settings = {"data_dir": str(tmp_path), "finished_retention_s": 0.0}
    with worker_app(url, **settings) as (client, queue):
        bots = [{"kind": "bot", "level": 1}, {"kind": "bot", "level": 1}]
        body = {"seats": bots, "preset": "duel", "rules": {"game_end": "hands:1"}, "private": True}
        created = client.post("/games", json=body).json()
        game_id, code = created["game_id"], created["invite_code"]
        for _ in range(200):
            if not work(queue):
                break
        summary = client.get(f"/games/{game_id}", params={"invite": code}).json()
        assert summary["status"] == "finished"
        league = open_league_store(url)
        try:
            league.clear()  # as if its job had failed, after its retries: not applied
            fail_for_good(queue, league_job_id(game_id))
            worker = Settings(redis_url=url, **settings)
            clock = Clock()
            failures = StepFailures(clock)
            # The round makes its league job again; the league is still down, and the
            # job made again fails too. Its result is owed: the game stays in the store.
            asyncio.run(reconcile_now(worker, failures))
            fail_for_good(queue, league_job_id(game_id))
            assert _in_redis(url, game_id)
            # The league is back: a later round makes the job again, and it applies.
            clock.now += 3600
            asyncio.run(reconcile_now(worker, failures))
            work(queue)
            assert league.applied([game_id]) == {game_id}
            # Applied: the next round archives it.
            clock.now += 3600
            asyncio.run(reconcile_now(worker, failures))
            assert not _in_redis(url, game_id)
        finally:
            league.close()
