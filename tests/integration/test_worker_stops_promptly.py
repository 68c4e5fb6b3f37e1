"""A worker asked to stop stops: even when its pubsub thread read the unsubscribe's
reply before it was told to stop (rq's own stop then waited a minute), and even
when the signal lands on one of its other threads."""

from __future__ import annotations

import ctypes
import signal
import threading
import time
from pathlib import Path

from rq.serializers import JSONSerializer
from worker_process import kill_group, start_worker, wait_for

from service.store.embedded_redis import EmbeddedRedis
from workers.queue import open_queue
from workers.rq_worker import PromptWorker

# Far below the minute the pubsub thread waits, far above a second on a loaded machine.
_BOUND_S = 30
_SYS_TGKILL = 234  # x86-64; a thread-directed kill (os has no tgkill)


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


def _tgkill(pid: int, thread: int, signum: int) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(_SYS_TGKILL, pid, thread, signum) != 0:
        raise OSError(ctypes.get_errno(), "tgkill")


def test_a_worker_stops_when_its_sigterm_lands_on_another_thread(
    embedded_redis: EmbeddedRedis, tmp_path: Path
) -> None:
    """The kernel may hand a process's SIGTERM to any of its threads; Python runs the
    handler on the main thread only when it next runs bytecode, and an idle worker's
    main thread waited in one BLPOP of 405 s (rq's default): `rummy serve` stopping,
    a deploy, a test, all hung that long."""
    log = tmp_path / "worker.log"
    worker = start_worker(embedded_redis.url, log)
    try:
        tasks = Path(f"/proc/{worker.pid}/task")
        # Its heartbeat and scheduler threads run once it is up; then it waits for jobs.
        wait_for(lambda: "reconciled" in log.read_text(), 120, "the worker's start", log)
        wait_for(lambda: len(list(tasks.iterdir())) > 2, 120, "the worker's threads", log)
        time.sleep(1.0)  # into its wait for a job
        other = min(int(task.name) for task in tasks.iterdir() if int(task.name) != worker.pid)
        _tgkill(worker.pid, other, signal.SIGTERM)
        assert worker.wait(_BOUND_S) == 0
    finally:
        kill_group(worker)
