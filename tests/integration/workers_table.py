"""Shared set-up of the worker tests: an app whose appends enqueue rq jobs, and a burst worker."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from litestar import Litestar
from litestar.testing import TestClient
from redis import Redis as SyncRedis
from redis.asyncio import Redis
from rq import Queue
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from service.app.games import GameService
from service.app.league.records_store import open_league_store
from service.http.app import create_app
from service.runtime.settings import Settings
from service.store import RedisEventStore
from service.store.shared_counters import RedisSharedCounters
from workers.jobs import configure
from workers.queue import open_queue
from workers.reconcile import Reconciled, reconcile
from workers.rq_worker import PromptWorker
from workers.schedule import TurnScheduler


@contextmanager
def worker_app(
    url: str, *, flush: bool = True, **settings: Any
) -> Iterator[tuple[TestClient[Litestar], Queue]]:
    """The API over the Redis at `url` (emptied first unless `flush` is false: a
    restart), its appends scheduling jobs on the same Redis."""
    if flush:
        SyncRedis.from_url(url).flushall()
    chosen = Settings(redis_url=url, **settings)
    configure(chosen)
    queue = open_queue(url)
    client = Redis.from_url(url)
    store = RedisEventStore(client)
    league = open_league_store(url)
    app = create_app(
        store,
        on_appended=TurnScheduler(store, queue, knock_window_s=chosen.knock_window_s),
        on_shutdown=[client.aclose],
        league=league,
        shared_counters=RedisSharedCounters(client),
    )
    try:
        with TestClient(app) as test_client:
            yield test_client, queue
    finally:
        queue.connection.close()
        league.close()


def work(queue: Queue, max_jobs: int | None = None) -> bool:
    """Run every job due now (scheduled ones included), then return: a burst worker;
    with `max_jobs`, it returns after that many jobs (the bots of a game left to play on
    would otherwise play it to its end)."""
    worker = PromptWorker([queue], connection=queue.connection, serializer=JSONSerializer)
    return worker.work(burst=True, with_scheduler=True, logging_level="WARNING", max_jobs=max_jobs)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def reconcile_once(url: str) -> Reconciled:
    """One round of the reconciler over the Redis at `url`, as a worker runs it."""

    async def run() -> Reconciled:
        redis = Redis.from_url(url)
        jobs = open_queue(url)
        league = open_league_store(url)
        try:
            store = RedisEventStore(redis)
            return await reconcile(GameService(store), store, TurnScheduler(store, jobs), league)
        finally:
            await redis.aclose()
            jobs.connection.close()
            league.close()

    return asyncio.run(run())


def fail_for_good(queue: Queue, job_id: str) -> None:
    """The job as rq leaves one that failed after all its retries."""
    job = Job.fetch(job_id, connection=queue.connection, serializer=JSONSerializer)
    queue.remove(job)
    job.set_status(JobStatus.FAILED)
