"""rq's SimpleWorker, stopping at once when asked.

rq's own stop unsubscribes from the worker's command channel, then stops and
joins redis-py's pubsub thread. If that thread reads the unsubscribe's reply
before it is told to stop, it goes back to wait up to a minute for a
subscription that will never come, and the join waits with it: a worker
asked to stop (SIGTERM, `rummy serve` stopping, a test ending it) hung for a
minute now and then, more often on a loaded machine, and was killed."""

from __future__ import annotations

import contextlib

from redis.exceptions import RedisError
from rq import SimpleWorker

__all__ = ["PromptWorker"]

# What is left of a pubsub thread past this is a daemon thread, gone with the process.
_PUBSUB_JOIN_S = 1.0


class PromptWorker(SimpleWorker):
    """A SimpleWorker whose pubsub thread is told to stop before it unsubscribes."""

    def unsubscribe(self) -> None:
        thread = self.pubsub_thread
        if thread is None:
            return
        thread.stop(timeout=0)  # the flag first: the unsubscribe's reply then ends its loop
        with contextlib.suppress(RedisError):
            self.pubsub.unsubscribe()
        thread.join(timeout=_PUBSUB_JOIN_S)
        with contextlib.suppress(RedisError):
            self.pubsub.close()
