"""A lobby line whose game is gone (filed again from a read made just before the game
was removed: the reconciler's re-filing, a rematch's loser) leaves the lobby when the
reconciler meets it. Before, each round failed on it, and after three it was set aside
and named by /health for good, a game that does not exist."""

from __future__ import annotations

import asyncio

from redis.asyncio import Redis
from workers_table import worker_app

from service.app.games import GameService
from service.app.step_failures import SET_ASIDE_AFTER, StepFailures
from service.app.worker_metrics import WorkerMetrics
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.shared_counters import RedisSharedCounters
from workers.queue import open_queue
from workers.reconcile import reconcile
from workers.schedule import TurnScheduler

GHOST = "0123456789abcdef" * 2


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_lobby_line_whose_game_is_gone_leaves_the_lobby(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, _queue):
        clock = Clock()
        failures = StepFailures(clock)

        async def run() -> list[str]:
            redis = Redis.from_url(url)
            jobs = open_queue(url)
            try:
                store = RedisEventStore(redis)
                await store.index_game(GHOST, "active", -1.0)
                metrics = WorkerMetrics(RedisSharedCounters(redis))
                for _ in range(SET_ASIDE_AFTER):
                    await reconcile(
                        GameService(store),
                        store,
                        TurnScheduler(store, jobs),
                        failures=failures,
                        metrics=metrics,
                    )
                    clock.now += 3600
                return await store.list_games("active", 10, 0)
            finally:
                await redis.aclose()
                jobs.connection.close()

        assert asyncio.run(run()) == []
        assert client.get("/health").json()["set_aside"] == []
