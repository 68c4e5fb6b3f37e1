"""The league's seeding games, played in a process of their own at the lowest CPU priority.

A seeding game (bots only, about 0.5-1.5 s of CPU) played by the game worker
between game jobs made a human's bot opponent wait behind it: after a first
start, while the ladders seeded, a level-1 bot's reply to a human's discard
took about a second instead of some 50 ms (the README's figures). So `rummy
worker` never plays one. When it starts with seeding games waiting on the
seeding queue (it has just queued those its ladders lack), it starts `rummy
worker --seeding`: an rq worker on that queue alone, in burst mode (it exits
once the queue is empty), at niceness 19, so the OS gives the game worker,
the API and Redis the CPU first. Several workers may each start one: rq hands
each job to one process, and a job skips a game the league has.

The seeding process is in its worker's process group (`rummy serve` ends the
group with its worker) and gets SIGTERM if the worker dies (Linux); the worker
stops it when it stops. It beats into a set of its own (`liveness`), so its
running job is live and /health does not count it as a worker. A seeding
process killed mid-game leaves its job started by a process that no longer
beats: the workers' sweep puts it back on the seeding queue within seconds,
and the next worker to start queues it again if need be and starts a seeding
process for it.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from typing import Any

from rq.serializers import JSONSerializer

from service.runtime.children import end_with_parent, stop_child
from service.runtime.settings import Settings
from workers.liveness import SEEDING_WORKERS_KEY, Heartbeat
from workers.queue import SEEDING_QUEUE_NAME, open_queue
from workers.rq_worker import PromptWorker
from workers.supervisor import rummy_worker_command

__all__ = [
    "SEEDING_NICENESS",
    "SeedingProcess",
    "play_queued_seeding_games",
    "seeding_command",
]

# The lowest priority: a seeding game takes only CPU nobody else wants.
SEEDING_NICENESS = 19
# Asked to stop, it finishes its game (SIGTERM: rq's warm shutdown) or is killed:
# a game lost so is queued again at the next start.
STOP_TIMEOUT_S = 5.0


def seeding_command(settings: Settings) -> list[str]:
    """`rummy worker --seeding` on this worker's Redis (the rest of its settings
    come from the environment it inherits)."""
    assert settings.redis_url is not None
    return [*rummy_worker_command(settings.redis_url, settings.rq_redis_url), "--seeding"]


def _ended(code: int) -> str:
    return f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit {code}"


class SeedingProcess:
    """A worker's seeding process: started, watched (its end is logged), stopped."""

    def __init__(self, command: list[str]) -> None:
        ending = end_with_parent()

        def arrange() -> None:
            # Niced from its start: importing the bots is CPU work too.
            os.nice(SEEDING_NICENESS)
            if ending is not None:
                ending()

        # No session of its own: it is in its worker's process group.
        self.process = subprocess.Popen(command, preexec_fn=arrange)
        # Its end is told once: by the watcher when it ended by itself, by `stop` when stopped.
        self._lock = threading.Lock()
        self._stopping = False
        self._watcher = threading.Thread(target=self._watch, name="seeding-watch", daemon=True)
        self._watcher.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _watch(self) -> None:
        code = self.process.wait()
        with self._lock:
            if self._stopping:
                return
        print(f"league seeding: its process {self.pid} ended ({_ended(code)})", file=sys.stderr)

    def _ended(self) -> bool:
        """Whether the process has ended, reaped by the watcher or not yet: a zombie
        counts (peeked at with WNOWAIT, left for the watcher to reap)."""
        if self.process.returncode is not None:
            return True
        try:
            peeked = os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True  # reaped by the watcher meanwhile
        return peeked is not None

    def stop(self) -> None:
        """Stop it (its game finishes, or is lost and queued again at the next start)."""
        with self._lock:
            # Ended by itself before this: the watcher tells it (Popen.poll() may not
            # see it while the watcher's wait() holds the process).
            self._stopping = not self._ended()
        stop_child(self.process, STOP_TIMEOUT_S)
        self._watcher.join(timeout=STOP_TIMEOUT_S)
        if self._stopping:
            code = self.process.returncode
            print(f"league seeding: process {self.pid} stopped ({_ended(code)})", file=sys.stderr)


class _CountingWorker(PromptWorker):
    """A PromptWorker (rq's SimpleWorker), counting in memory the jobs it finished and failed (rq
    counts them in Redis only)."""

    done = 0
    failed = 0

    def increment_successful_job_count(self, pipeline: Any = None) -> None:
        super().increment_successful_job_count(pipeline)
        self.done += 1

    def increment_failed_job_count(self, pipeline: Any = None) -> None:
        super().increment_failed_job_count(pipeline)
        self.failed += 1


def play_queued_seeding_games(settings: Settings, verbose: bool = False) -> int:
    """The seeding process: play the seeding queue's games at SEEDING_NICENESS until
    it is empty; the exit status (0, or 1 when a game failed)."""
    assert settings.redis_url is not None
    os.nice(SEEDING_NICENESS - os.nice(0))  # run by hand, or niced already by its worker
    queue = open_queue(settings.rq_redis_url or settings.redis_url, SEEDING_QUEUE_NAME)
    worker = _CountingWorker([queue], connection=queue.connection, serializer=JSONSerializer)
    if not verbose:
        logging.getLogger("rq.worker").setLevel(logging.WARNING)
    print(
        f"league seeding: process {os.getpid()} plays the {queue.count} queued seeding games "
        f"at nice {os.nice(0)}",
        file=sys.stderr,
    )
    started = time.monotonic()
    heartbeat = Heartbeat(queue, worker.name, key=SEEDING_WORKERS_KEY, sweeps=False).start()
    try:
        worker.work(burst=True, logging_level="INFO" if verbose else "WARNING")
        left = queue.count
    finally:
        heartbeat.stop()
        queue.connection.close()
    done, failed = worker.done, worker.failed
    print(
        f"league seeding: {done} seeding games done"
        + (f", {failed} failed" if failed else "")
        + f" in {time.monotonic() - started:.0f} s; {left} left queued",
        file=sys.stderr,
    )
    return 1 if failed else 0
