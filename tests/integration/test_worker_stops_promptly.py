"""A worker asked to stop stops, even when its pubsub thread read the unsubscribe's
reply before it was told to stop (rq's own stop then waited a minute)."""

from __future__ import annotations

import threading
import time

from rq.serializers import JSONSerializer

from service.store.embedded_redis import EmbeddedRedis
from workers.queue import open_queue
from workers.rq_worker import PromptWorker

# Far below the minute the pubsub thread waits, far above a second on a loaded machine.
_BOUND_S = 30


def test_a_worker_whose_pubsub_thread_saw_the_unsubscribe_first_stops(
    embedded_redis: EmbeddedRedis,
) -> None:
    queue = open_queue(embedded_redis.url)
    worker = PromptWorker([queue], connection=queue.connection, serializer=JSONSerializer)
    worker.subscribe()
    pubsub = worker.pubsub
    assert pubsub is not None
    # The race, made certain: the thread handles the reply, then waits to be subscribed.
    pubsub.unsubscribe()
    deadline = time.monotonic() + _BOUND_S
    while pubsub.subscribed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not pubsub.subscribed
    stopping = threading.Thread(target=worker.unsubscribe, daemon=True)
    stopping.start()
    stopping.join(_BOUND_S)
    assert not stopping.is_alive(), "the worker's stop waits for its pubsub thread"
    queue.connection.close()


class _StillWaiting:
    """A pubsub thread that has not ended after its join (a loaded machine)."""

    def stop(self, timeout: float | None = None) -> None:
        return None

    def join(self, timeout: float | None = None) -> None:
        return None

    def is_alive(self) -> bool:
        return True


class _PubSub:
    closed = 0

    def unsubscribe(self) -> None:
        return None

    def close(self) -> None:
        self.closed += 1


def test_a_pubsub_still_in_use_by_its_thread_is_left_for_the_thread_to_close() -> None:
    """Closed from both sides at once, redis-py's pubsub raised on its thread
    (AttributeError in `reset`): a failure in whichever test ran next."""
    worker = PromptWorker.__new__(PromptWorker)
    pubsub = _PubSub()
    worker.pubsub = pubsub  # type: ignore[assignment]
    worker.pubsub_thread = _StillWaiting()  # type: ignore[assignment]
    worker.unsubscribe()
    assert pubsub.closed == 0
