"""A job put back after its worker died keeps its retries: put back without them, a
bot turn or timer that then met one failover failed for good, and its game waited
for the reconciler (and counted a failure toward being set aside)."""

from __future__ import annotations

import time

from redis import Redis

from service.store.embedded_redis import EmbeddedRedis
from workers.liveness import recover_abandoned
from workers.queue import RETRY_INTERVALS_S, ensure_job, open_queue


def test_a_job_put_back_after_its_worker_died_keeps_its_retries(
    embedded_redis: EmbeddedRedis,
) -> None:
    queue = open_queue(embedded_redis.url, "rummy-recovered-retries")
    redis = Redis.from_url(embedded_redis.url)
    try:
        queue.empty()
        assert ensure_job(queue, "bot-put-back-1", "os.getpid", ())
        job = queue.fetch_job("bot-put-back-1")
        assert job is not None and job.retries_left == len(RETRY_INTERVALS_S)
        # Started by a worker that died (it beats no more).
        queue.remove(job)
        redis.hset("rq:execution:bot-put-back-1:e1", "worker_name", "gone")
        redis.zadd(queue.started_job_registry.key, {"bot-put-back-1:e1": time.time() + 3600})
        job.set_status("started")
        assert recover_abandoned(queue) == ["bot-put-back-1"]
        again = queue.fetch_job("bot-put-back-1")
        assert again is not None
        assert again.retries_left == len(RETRY_INTERVALS_S)
        assert again.retry_intervals == list(RETRY_INTERVALS_S)
    finally:
        redis.delete("rq:execution:bot-put-back-1:e1", queue.started_job_registry.key)
        redis.delete("rummy:abandoned:bot-put-back-1")
        queue.empty()
        redis.close()
        queue.connection.close()
