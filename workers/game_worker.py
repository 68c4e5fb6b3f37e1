"""The rq worker every process of ours runs: rq's SimpleWorker, stopping at once.

rq listens for commands (`rq:pubsub:<worker>`) on a thread that waits up to 60 s
for a message; redis-py 8.2's `PubSubWorkerThread.stop()` waits for that thread.
When the thread reads the reply to the worker's UNSUBSCRIBE before `stop()`
clears its flag, it goes back to waiting, unsubscribed, for the full 60 s, and
the worker's teardown with it: one burst in eight took 60 s here, and a worker
that stops (a restart, a seeding process ending) hung as long. Waiting a
second at a time bounds that to a second.
"""

from __future__ import annotations

from rq import SimpleWorker

__all__ = ["PUBSUB_WAIT_S", "GameWorker"]

# How long the command thread waits for a message before it looks at its flag again.
PUBSUB_WAIT_S = 1.0


class GameWorker(SimpleWorker):
    def subscribe(self) -> None:
        self.log.info("Worker %s: subscribing to channel %s", self.name, self.pubsub_channel_name)
        self.pubsub = self.connection.pubsub()
        self.pubsub.subscribe(**{self.pubsub_channel_name: self.handle_payload})
        self.pubsub_thread = self.pubsub.run_in_thread(
            sleep_time=PUBSUB_WAIT_S,
            daemon=True,
            exception_handler=self._pubsub_exception_handler,
        )
