"""A worker beats on past a job record rq cannot read (written by another rq release
or another program on the queues' Redis): one such record in the started registry
ended the heartbeat thread for good, and the worker, running jobs still, looked
dead to every other (its jobs put back and run twice, /health without a worker)."""

from __future__ import annotations

import time

import pytest
from redis import Redis
from rq import Queue

from service.store.embedded_redis import EmbeddedRedis
from workers import liveness
from workers.liveness import DEAD_AFTER_S, Heartbeat, recover_abandoned, worker_alive
from workers.queue import open_queue


def _unreadable_started_job(redis: Redis, queue: Queue) -> None:
    redis.hset(
        "rq:job:unreadable-1",
        mapping={"data": b"[]", "created_at": b"not a date", "status": b"?"},
    )
    redis.hset("rq:execution:unreadable-1:e1", "worker_name", "gone")
    redis.zadd(queue.started_job_registry.key, {"unreadable-1:e1": time.time() + 3600})


def _forget(redis: Redis, queue: Queue) -> None:
    redis.delete(
        "rq:job:unreadable-1", "rq:execution:unreadable-1:e1", queue.started_job_registry.key
    )


def test_a_worker_beats_on_past_a_job_record_it_cannot_read(
    embedded_redis: EmbeddedRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(liveness, "SWEEP_EVERY_BEATS", 1)
    queue = open_queue(embedded_redis.url, "rummy-bad-record")
    redis = Redis.from_url(embedded_redis.url)
    _unreadable_started_job(redis, queue)
    heartbeat = Heartbeat(queue, "beats-on", sweeps=True).start()
    try:
        time.sleep(DEAD_AFTER_S + 1.5)  # several sweeps, each meeting the record
        assert worker_alive(redis, "beats-on")
    finally:
        heartbeat.stop()
        _forget(redis, queue)
        redis.close()
        queue.connection.close()


def test_a_dead_workers_job_is_put_back_past_a_record_it_cannot_read(
    embedded_redis: EmbeddedRedis,
) -> None:
    queue = open_queue(embedded_redis.url, "rummy-bad-record")
    redis = Redis.from_url(embedded_redis.url)
    try:
        _unreadable_started_job(redis, queue)
        job = queue.enqueue("workers.jobs.bot_turn", "0" * 32, 1, job_id="zz-dead-worker")
        queue.remove(job)
        redis.hset("rq:execution:zz-dead-worker:e1", "worker_name", "gone")
        redis.zadd(queue.started_job_registry.key, {"zz-dead-worker:e1": time.time() + 3600})
        job.set_status("started")
        assert recover_abandoned(queue) == ["zz-dead-worker"]
        assert queue.get_job_ids() == ["zz-dead-worker"]
    finally:
        _forget(redis, queue)
        redis.delete("rq:execution:zz-dead-worker:e1")
        queue.empty()
        redis.close()
        queue.connection.close()
