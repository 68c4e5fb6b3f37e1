"""One scheduled job record rq cannot read (another rq release's, another program's)
fails rq's whole batch of due jobs, every tick: every turn timer and knock-window
bot turn waited for good. The scheduler sets that record aside and moves the rest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from redis import Redis
from rq.registry import ScheduledJobRegistry

from service.store.embedded_redis import EmbeddedRedis
from workers.queue import open_queue
from workers.scheduler_loop import SCHEDULER_LOCK, SchedulerLoop


def test_a_due_timer_is_queued_past_a_scheduled_record_rq_cannot_read(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    queue = open_queue(url)
    redis = Redis.from_url(url)
    registry = ScheduledJobRegistry(queue=queue)
    scheduler = SchedulerLoop(url, "reads-on")
    try:
        redis.delete(SCHEDULER_LOCK)
        queue.empty()
        past = datetime.now(UTC) - timedelta(seconds=5)
        redis.hset(
            "rq:job:unreadable-2",
            mapping={"data": b"[]", "created_at": b"not a date", "status": b"scheduled"},
        )
        redis.zadd(registry.key, {"unreadable-2": past.timestamp() - 1})
        timer = queue.enqueue_at(past, "os.getpid", job_id="timer-due-now")
        scheduler.tick()
        assert queue.get_job_ids() == [timer.id]
        assert "unreadable-2" not in registry.get_job_ids()
    finally:
        scheduler.stop()
        redis.delete("rq:job:unreadable-2", registry.key, SCHEDULER_LOCK)
        queue.empty()
        redis.close()
        queue.connection.close()
