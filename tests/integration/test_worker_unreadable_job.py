"""A queued job record rq cannot read (another rq release's, another program's) is
skipped: rq's worker quit on it ("found an unhandled exception"), and each worker
started again put it back (it was taken, never started) at the end of the queue and
quit on it again: every table's bots and timers stalled behind a restart, for good."""

from __future__ import annotations

from redis import Redis
from workers_table import work

from service.store.embedded_redis import EmbeddedRedis
from workers.queue import open_queue, release_stranded_jobs


def test_a_worker_skips_a_job_record_it_cannot_read_and_plays_the_next(
    embedded_redis: EmbeddedRedis,
) -> None:
    queue = open_queue(embedded_redis.url, "rummy-unreadable")
    redis = Redis.from_url(embedded_redis.url)
    try:
        queue.empty()
        redis.hset(
            "rq:job:unreadable-3",
            mapping={"data": b"[]", "created_at": b"not a date", "status": b"queued"},
        )
        queue.push_job_id("unreadable-3")
        good = queue.enqueue("os.getpid", job_id="after-the-unreadable")
        work(queue)  # a worker that quit on the record left the next job queued
        assert good.get_status(refresh=True) == "finished"
        # The next worker's start puts it back (taken, never started): skipped again.
        release_stranded_jobs(queue)
        again = queue.enqueue("os.getpid", job_id="after-a-restart")
        work(queue)
        assert again.get_status(refresh=True) == "finished"
    finally:
        redis.delete("rq:job:unreadable-3")
        queue.empty()
        redis.close()
        queue.connection.close()
