"""A game set aside because its league job kept failing is named by /health only
until its result is applied: once the league has it, the reconciler never looks at
its league job again, and before, /health named it set aside for good."""

from __future__ import annotations

import asyncio
from typing import Any

from redis.asyncio import Redis
from workers_table import fail_for_good, work, worker_app

from service.app.games import GameService
from service.app.league.records_store import open_league_store
from service.app.step_failures import SET_ASIDE_AFTER, StepFailures
from service.app.worker_metrics import WorkerMetrics
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.shared_counters import RedisSharedCounters
from workers.queue import league_job_id, open_queue
from workers.reconcile import reconcile
from workers.schedule import TurnScheduler


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_league_result_set_aside_and_then_applied_is_named_no_more(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        bots = [{"kind": "bot", "level": 1}, {"kind": "bot", "level": 1}]
        body = {"seats": bots, "preset": "duel", "rules": {"game_end": "hands:1"}}
        game_id = client.post("/games", json=body).json()["game_id"]
        for _ in range(200):
            if not work(queue):
                break
        assert client.get(f"/games/{game_id}").json()["status"] == "finished"
        league = open_league_store(url)
        league.clear()  # as if its job had failed, after its retries: not applied
        fail_for_good(queue, league_job_id(game_id))
        clock = Clock()
        failures = StepFailures(clock)

        async def rounds(count: int, between: Any = lambda: None) -> None:
            redis = Redis.from_url(url)
            jobs = open_queue(url)
            try:
                store = RedisEventStore(redis)
                metrics = WorkerMetrics(RedisSharedCounters(redis))
                for _ in range(count):
                    await reconcile(
                        GameService(store),
                        store,
                        TurnScheduler(store, jobs),
                        league,
                        failures=failures,
                        metrics=metrics,
                    )
                    between()
                    clock.now += 3600
            finally:
                await redis.aclose()
                jobs.connection.close()

        try:
            asyncio.run(
                rounds(SET_ASIDE_AFTER, lambda: fail_for_good(queue, league_job_id(game_id)))
            )
            assert client.get("/health").json()["set_aside"] == [f"league:{game_id}"]
            # The league's trouble passes: its job, made again, applies the result.
            asyncio.run(rounds(1))
            work(queue)
            assert league.applied([game_id]) == {game_id}
            asyncio.run(rounds(1))
            assert client.get("/health").json()["set_aside"] == []
        finally:
            league.close()
