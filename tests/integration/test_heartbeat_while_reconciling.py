"""The periodic reconcile's lock is taken by the workers that reconcile alone."""

from __future__ import annotations

import time

import pytest
from redis import Redis

from service.store.embedded_redis import EmbeddedRedis
from workers import liveness
from workers.liveness import RECONCILE_LOCK, SEEDING_WORKERS_KEY, Heartbeat
from workers.queue import open_queue

# Bounds every wait: a loaded machine is slow, never stuck.
_BOUND_S = 60.0


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
