"""The scheduler that moves due jobs (turn timers, delayed bot turns, retries) onto the
queue: a thread in each `rummy worker`, one of them active at a time.

rq's own (`work(with_scheduler=True)`) is a forked child that exits on its first
Redis error and is started again only by the worker's maintenance, every ten
minutes; a killed one's lock also holds off every other scheduler until it
expires. After a Redis outage the timers stopped for minutes while the worker,
and /health, looked well.

This one never exits on an error: a failed tick is tried again at the next.
It takes rq's own lock (so an rq scheduler elsewhere still excludes it),
refreshes it every tick, and takes over a lock nobody refreshed for
STALE_AFTER_S (its holder died or hangs). The holder beats into
SCHEDULERS_KEY; /health counts it.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import time

from redis import Redis
from redis.asyncio import Redis as AsyncRedis
from redis.exceptions import RedisError
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job
from rq.scheduler import RQScheduler
from rq.serializers import JSONSerializer
from rq.utils import current_timestamp

from workers.liveness import DEAD_AFTER_S
from workers.queue import QUEUE_NAME

__all__ = [
    "SCHEDULERS_KEY",
    "SCHEDULER_LOCK",
    "TICK_S",
    "SchedulerLoop",
    "count_live_schedulers",
    "live_schedulers",
]

SCHEDULER_LOCK = RQScheduler.get_locking_key(QUEUE_NAME)
SCHEDULERS_KEY = "rummy:schedulers:beats"
TICK_S = 1.0
# rq's lock lives for its interval plus a minute; each tick sets it back to that.
_LOCK_TTL_S = int(TICK_S) + 60
STALE_AFTER_S = DEAD_AFTER_S
# A call to a hung Redis (SIGSTOPped) fails after this instead of blocking the loop.
_SOCKET_TIMEOUT_S = 5.0

# Deletes the lock if someone else holds it and has not refreshed it for a while.
_TAKE_OVER_STALE = """
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] and redis.call('TTL', KEYS[1]) < tonumber(ARGV[2]) then
    redis.call('DEL', KEYS[1])
    return 1
end
return 0
"""


def live_schedulers(connection: Redis, now: float | None = None) -> int:
    """How many schedulers ticked, holding the lock, within DEAD_AFTER_S (0 or 1)."""
    since = (now or time.time()) - DEAD_AFTER_S
    return int(connection.zcount(SCHEDULERS_KEY, since, "+inf"))


async def count_live_schedulers(connection: AsyncRedis) -> int:
    """`live_schedulers` for the API's asyncio client (its /health)."""
    return int(await connection.zcount(SCHEDULERS_KEY, time.time() - DEAD_AFTER_S, "+inf"))


class SchedulerLoop:
    """Every TICK_S: hold (or take) the lock, and if held, enqueue the jobs now due."""

    def __init__(self, url: str, name: str) -> None:
        self._name = name
        self._connection = Redis.from_url(
            url, socket_timeout=_SOCKET_TIMEOUT_S, socket_connect_timeout=_SOCKET_TIMEOUT_S
        )
        queue = Queue(QUEUE_NAME, connection=self._connection, serializer=JSONSerializer)
        self._queue = queue
        self._scheduler = RQScheduler(
            [queue],
            connection=self._connection,
            interval=int(TICK_S),
            serializer=JSONSerializer,
            name=name,
            logging_level=logging.WARNING,
        )
        # One pool, with the timeouts above (rq annotates the attribute as None).
        self._scheduler._connection = self._connection  # type: ignore[assignment]
        self._take_over = self._connection.register_script(_TAKE_OVER_STALE)
        self._failing = False
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="rummy-scheduler", daemon=True)

    def start(self) -> SchedulerLoop:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Release the lock at once: the next worker's scheduler need not wait for it."""
        self._stopping.set()
        if self._thread.ident is not None:  # started (a burst only ticks once)
            self._thread.join(timeout=2 * _SOCKET_TIMEOUT_S)
        with contextlib.suppress(RedisError):
            self._scheduler.release_locks()
            self._connection.zrem(SCHEDULERS_KEY, self._name)
        self._connection.close()

    def tick(self) -> None:
        """One round; a Redis error or a bug is reported and the next round tries again."""
        try:
            self._tick()
        except RedisError as failed:
            if not self._failing:
                print(f"scheduler: Redis unreachable ({failed!r}); retrying", file=sys.stderr)
            self._failing = True
        except Exception as failed:  # a bug must not stop every timer
            print(f"scheduler: tick failed: {failed!r}", file=sys.stderr)
        else:
            if self._failing:
                print("scheduler: Redis is back; scheduling again", file=sys.stderr)
            self._failing = False

    def _tick(self) -> None:
        scheduler = self._scheduler
        if scheduler.acquired_locks:
            scheduler.heartbeat()  # refreshes the lock; drops it if another took it over
        if not scheduler.acquired_locks:
            if self._take_over(
                keys=[SCHEDULER_LOCK], args=[self._name, _LOCK_TTL_S - STALE_AFTER_S]
            ):
                print("scheduler: took over a lock nobody refreshed", file=sys.stderr)
            if scheduler.acquire_locks():
                print(f"scheduler: {self._name} schedules the due jobs", file=sys.stderr)
        if scheduler.acquired_locks:
            try:
                scheduler.enqueue_scheduled_jobs()
            except (NoSuchJobError, ValueError):
                # rq reads the due jobs as one batch: one record it cannot read failed
                # every tick, and every timer waited. Set it aside, move the others.
                self._set_aside_unreadable()
                scheduler.enqueue_scheduled_jobs()
            now = time.time()
            with self._connection.pipeline(transaction=False) as pipeline:
                pipeline.zadd(SCHEDULERS_KEY, {self._name: now})
                # Long-gone schedulers leave the set.
                pipeline.zremrangebyscore(SCHEDULERS_KEY, "-inf", now - 100 * DEAD_AFTER_S)
                pipeline.execute()
        else:
            self._connection.zrem(SCHEDULERS_KEY, self._name)

    def _set_aside_unreadable(self) -> None:
        registry = self._queue.scheduled_job_registry
        for job_id in registry.get_jobs_to_schedule(current_timestamp()):
            try:
                Job.fetch(job_id, connection=self._connection, serializer=JSONSerializer)
            except (NoSuchJobError, ValueError) as unreadable:
                registry.remove(job_id)
                print(f"scheduler: set aside job {job_id}: {unreadable!r}", file=sys.stderr)

    def _run(self) -> None:
        self.tick()
        while not self._stopping.wait(TICK_S):
            self.tick()
