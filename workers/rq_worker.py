"""rq's SimpleWorker, stopping at once when asked: every worker we run is one.

rq listens for commands (`rq:pubsub:<worker>`) on redis-py's pubsub thread, which
waits up to 60 s for a message, and rq's stop unsubscribes first, then stops and
joins that thread (redis-py 8.2's `stop()` joins too). If the thread reads the
unsubscribe's reply before it is told to stop, it goes back to wait a minute for a
subscription that will never come, and the join waits with it: one burst worker in
eight took 60 s here, and a worker asked to stop (SIGTERM, `rummy serve` stopping,
a seeding process ending, a test) hung as long, more often on a loaded machine.
So the thread is told to stop before the unsubscribe, waits a second at a time,
and is joined for at most a second (what is left is a daemon thread, which closes
its pubsub as it ends). It also skips a job record it cannot read (`ReadableJob`).

And it waits for a job in short rounds. The kernel may hand a process's SIGTERM to
any of its threads, and Python runs the handler on the main thread only when that
thread next runs bytecode: an idle worker's main thread sat in one BLPOP of 405 s
(rq's default), so now and then a worker asked to stop hung that long."""

from __future__ import annotations

import contextlib
from typing import Any

from redis.exceptions import RedisError
from rq import SimpleWorker
from rq.exceptions import NoSuchJobError
from rq.job import Job

__all__ = ["DEQUEUE_WAIT_S", "PUBSUB_WAIT_S", "PromptWorker", "ReadableJob"]

# How long the command thread waits for a message before it looks at its flag again;
# what is left of it past one such wait is a daemon thread, gone with the process.
PUBSUB_WAIT_S = 1.0
# How long one wait for a job lasts: the longest a stop whose signal reached another
# thread waits (a BLPOP a few seconds long costs Redis nothing).
DEQUEUE_WAIT_S = 5


class ReadableJob(Job):
    """A job whose record rq cannot read (another rq release's, another program's) is
    as good as gone: rq skips a missing job, and quit the worker on an unreadable one,
    which each worker started again was put back and quit on (every table stalled)."""

    def restore(self, raw_data: Any) -> Any:
        try:
            return super().restore(raw_data)
        except ValueError as unreadable:
            raise NoSuchJobError(f"job {self.id}: unreadable record: {unreadable!r}") from None


class PromptWorker(SimpleWorker):
    """A SimpleWorker whose pubsub thread is told to stop before it unsubscribes, and
    that skips the jobs it cannot read."""

    job_class = ReadableJob

    @property
    def dequeue_timeout(self) -> int:
        return DEQUEUE_WAIT_S

    def subscribe(self) -> None:
        self.log.info("Worker %s: subscribing to channel %s", self.name, self.pubsub_channel_name)
        self.pubsub = self.connection.pubsub()
        self.pubsub.subscribe(**{self.pubsub_channel_name: self.handle_payload})
        # rq annotates the attribute as None, though its own subscribe() sets a thread.
        self.pubsub_thread = self.pubsub.run_in_thread(  # type: ignore[assignment]
            sleep_time=PUBSUB_WAIT_S,
            daemon=True,
            exception_handler=self._pubsub_exception_handler,
        )

    def unsubscribe(self) -> None:
        thread = self.pubsub_thread
        if thread is None:
            return
        thread.stop(timeout=0)  # the flag first: the unsubscribe's reply then ends its loop
        with contextlib.suppress(RedisError):
            self.pubsub.unsubscribe()
        thread.join(timeout=PUBSUB_WAIT_S)
        if thread.is_alive():
            # The thread closes the pubsub itself as its loop ends: closing it here too
            # races that close (redis-py then raises on the thread, AttributeError).
            return
        with contextlib.suppress(RedisError):
            self.pubsub.close()
