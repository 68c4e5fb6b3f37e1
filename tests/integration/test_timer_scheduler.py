"""The worker's scheduler (what moves a due turn timer onto the queue) outlives a Redis
outage and a dead scheduler's lock: a timer due after either still fires."""

from __future__ import annotations

import os
import signal
import time
from datetime import timedelta
from pathlib import Path

from redis import Redis
from rq.job import Job, JobStatus
from worker_process import kill_group, start_worker, wait_for

from service.store.embedded_redis import EmbeddedRedis
from workers.queue import open_queue
from workers.scheduler_loop import SCHEDULER_LOCK, live_schedulers

# Generous: a loaded 2-core machine starts a worker in seconds, not a minute.
_BOUND_S = 120


def _due_job(url: str, delay_s: float) -> str:
    """A job that is due in `delay_s` (it only reads the process id): its id."""
    queue = open_queue(url)
    try:
        return queue.enqueue_in(timedelta(seconds=delay_s), "os.getpid").id
    finally:
        queue.connection.close()


def _finished(url: str, job_id: str) -> bool:
    connection = Redis.from_url(url)
    try:
        return Job.fetch(job_id, connection=connection).get_status() == JobStatus.FINISHED
    finally:
        connection.close()


def _one_scheduler(url: str) -> bool:
    connection = Redis.from_url(url)
    try:
        return live_schedulers(connection) == 1
    finally:
        connection.close()


def test_a_timer_due_after_redis_hung_then_died_fires(tmp_path: Path) -> None:
    redis = EmbeddedRedis(tmp_path / "redis")
    redis.start()
    redis.keep_port()
    url = redis.url
    log = tmp_path / "worker.log"
    workers = [start_worker(url, log, "--league-seed-games", "0")]

    def timer_fired(job_id: str) -> bool:
        # A worker whose Redis stayed away too long exits (rq's loop gives up); its
        # supervisor (`rummy serve`) starts another, as this test does. The timer
        # must fire either way: no outage freezes the timers for good.
        if workers[-1].poll() is not None:
            workers.append(start_worker(url, log, "--league-seed-games", "0"))
        return _finished(url, job_id)

    try:
        wait_for(lambda: _one_scheduler(url), _BOUND_S, "the scheduler's first tick", log)
        # The outage of the issue: Redis hangs for a while, then dies and comes back.
        os.kill(redis.pid, signal.SIGSTOP)
        time.sleep(3)
        os.kill(redis.pid, signal.SIGCONT)
        os.kill(redis.pid, signal.SIGKILL)
        redis.wait()
        redis.start()
        job_id = _due_job(url, 2)
        wait_for(lambda: timer_fired(job_id), _BOUND_S, "the timer due after the outage", log)
    finally:
        for worker in workers:
            kill_group(worker)
        redis.stop()


def test_a_dead_schedulers_lock_does_not_stop_a_new_workers_timers(
    tmp_path: Path,
) -> None:
    with EmbeddedRedis(tmp_path / "redis") as redis:
        url = redis.url
        # The lock of a scheduler killed a moment ago (a `rummy serve` restarted at
        # once): rq's TTL (61 s) less the 6 s since its last refresh. rq's own
        # scheduler tried again only ten minutes later.
        Redis.from_url(url).set(SCHEDULER_LOCK, "a-killed-scheduler", ex=55)
        log = tmp_path / "worker.log"
        worker = start_worker(url, log, "--league-seed-games", "0")
        try:
            job_id = _due_job(url, 0)
            wait_for(lambda: _finished(url, job_id), _BOUND_S, "the due timer", log)
        finally:
            kill_group(worker)
