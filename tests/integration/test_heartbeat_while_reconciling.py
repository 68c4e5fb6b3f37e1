"""A worker beats on while its periodic reconcile runs: a reconcile of a large store
takes longer than DEAD_AFTER_S, and a worker silent meanwhile looks dead (/health
503s with no worker alive, and every worker puts back the job it is running). The
lock is taken by the workers that reconcile alone."""

from __future__ import annotations

import threading
import time

import pytest
from redis import Redis

from service.store.embedded_redis import EmbeddedRedis
from workers import liveness
from workers.liveness import (
    DEAD_AFTER_S,
    RECONCILE_LOCK,
    SEEDING_WORKERS_KEY,
    Heartbeat,
    worker_alive,
)
from workers.queue import open_queue

# Bounds every wait: a loaded machine is slow, never stuck.
_BOUND_S = 60.0


def test_a_worker_stays_alive_through_a_long_reconcile(
    embedded_redis: EmbeddedRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(liveness, "RECONCILE_EVERY_BEATS", 1)
    started, release = threading.Event(), threading.Event()

    def long_reconcile() -> str:
        started.set()
        release.wait(_BOUND_S)  # a large store's reconcile, still running
        return "reconciled 0 games: 0 bot jobs, 0 timers, 0 lobby"

    queue = open_queue(embedded_redis.url)
    redis = Redis.from_url(embedded_redis.url)
    redis.delete(RECONCILE_LOCK)
    heartbeat = Heartbeat(queue, "long-reconciler", long_reconcile, sweeps=False)
    heartbeat.start()
    try:
        assert started.wait(_BOUND_S), "the periodic reconcile never started"
        reconciling_since = time.time()
        time.sleep(DEAD_AFTER_S + 1.5)
        assert worker_alive(redis, "long-reconciler"), (
            f"silent while reconciling for {time.time() - reconciling_since:.1f} s"
        )
    finally:
        release.set()
        heartbeat.stop()
        redis.delete(RECONCILE_LOCK)
        redis.close()
        queue.connection.close()


def test_a_heartbeat_that_does_not_reconcile_leaves_the_reconcile_to_those_that_do(
    embedded_redis: EmbeddedRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A seeding process beats without a reconcile: holding the lock, it kept the game
    # workers from reconciling (lost bot turns and timers waited) while it played.
    monkeypatch.setattr(liveness, "RECONCILE_EVERY_BEATS", 1)
    queue = open_queue(embedded_redis.url)
    redis = Redis.from_url(embedded_redis.url)
    redis.delete(RECONCILE_LOCK)
    heartbeat = Heartbeat(queue, "seeder", key=SEEDING_WORKERS_KEY, sweeps=False).start()
    try:
        # Three of its rounds after the first beat, each of which could claim the lock.
        beats: set[float] = set()
        deadline = time.monotonic() + _BOUND_S
        while len(beats) < 4 and time.monotonic() < deadline:
            beat = redis.zscore(SEEDING_WORKERS_KEY, "seeder")
            if beat is not None:
                beats.add(beat)
            time.sleep(0.05)
        assert len(beats) == 4, "the heartbeat did not beat"
        assert redis.get(RECONCILE_LOCK) is None
    finally:
        heartbeat.stop()
        redis.delete(RECONCILE_LOCK)
        redis.close()
        queue.connection.close()
