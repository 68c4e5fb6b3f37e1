"""Our rq worker stops at once: a burst of it never holds its teardown for a minute."""

from __future__ import annotations

from redis import Redis
from rq import Queue
from rq.serializers import JSONSerializer

from service.store.embedded_redis import EmbeddedRedis
from workers.rq_worker import PUBSUB_WAIT_S, PromptWorker


def test_a_worker_ends_with_its_command_thread_which_waits_a_second_at_a_time(
    embedded_redis: EmbeddedRedis,
) -> None:
    connection = Redis.from_url(embedded_redis.url)
    queue = Queue("game-worker-test", connection=connection, serializer=JSONSerializer)
    try:
        # Bursts on an empty queue: each subscribes, then tears down at once. With
        # rq's 60 s wait, one in eight of them hung for the whole minute here.
        for _ in range(20):
            worker = PromptWorker([queue], connection=connection, serializer=JSONSerializer)
            worker.work(burst=True, with_scheduler=True, logging_level="WARNING")
            assert worker.pubsub_thread is not None
            assert worker.pubsub_thread.sleep_time == PUBSUB_WAIT_S <= 1
            assert not worker.pubsub_thread.is_alive()
    finally:
        connection.close()
