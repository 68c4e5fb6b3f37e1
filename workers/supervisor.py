"""The `rummy worker` that `rummy serve` runs beside the API, started again if it dies.

The worker runs its jobs in its own process (no fork per job), so a job that
brings the interpreter down takes the worker with it; without a new one, bots
would stop playing and turn timers stop firing until the next `serve`. A new
worker reconciles on start: it re-creates the jobs the event logs call for.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time

from service.runtime.children import end_with_parent, stop_child

__all__ = ["WorkerSupervisor", "rummy_worker_command"]

FIRST_RESTART_DELAY_S = 1.0
MAX_RESTART_DELAY_S = 30.0
# A worker that dies sooner than this after its start is failing to start, not
# crashing now and then: each attempt waits twice as long (up to the max).
HEALTHY_RUN_S = 60.0
# SIGTERM is rq's warm shutdown: the current job finishes first.
STOP_TIMEOUT_S = 15.0
GROUP_STOP_TIMEOUT_S = 3.0


def rummy_worker_command(
    url: str,
    rq_url: str | None,
    data_dir: str | None = None,
    league_seed_games: int | None = None,
) -> list[str]:
    command = [sys.executable, "-m", "service.cli", "worker", "--redis-url", url]
    if rq_url is not None:
        command += ["--rq-redis-url", rq_url]
    if data_dir is not None:
        # The archive of finished games is under it: the worker writes it, the API reads it.
        command += ["--data-dir", data_dir]
    if league_seed_games is not None:
        command += ["--league-seed-games", str(league_seed_games)]
    return command


def _spawn(command: list[str]) -> subprocess.Popen[bytes]:
    # Its own session, like the embedded Redis: on Ctrl+C `serve` stops the
    # worker first and Redis after it, instead of all three at once. It ends
    # with the thread that started it, which lives until `stop`.
    return subprocess.Popen(command, start_new_session=True, preexec_fn=end_with_parent())


def _end_group(leader: int) -> None:
    """End what is left of a worker's process group: its seeding process would
    play on after a killed worker. It is asked first (SIGTERM: it finishes its
    game), then killed."""
    deadline = time.monotonic() + GROUP_STOP_TIMEOUT_S
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(leader, signal.SIGTERM)
        while time.monotonic() < deadline:
            os.killpg(leader, 0)  # ProcessLookupError once the group is empty
            time.sleep(0.05)
        os.killpg(leader, signal.SIGKILL)


class WorkerSupervisor:
    """Starts the worker, starts it again when it exits on its own, stops it on `stop`."""

    def __init__(self, command: list[str], *, first_delay_s: float = FIRST_RESTART_DELAY_S) -> None:
        self._command = command
        self._first_delay_s = first_delay_s
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._thread = threading.Thread(target=self._watch, name="worker-supervisor", daemon=True)
        self.restarts = 0

    @property
    def pid(self) -> int | None:
        with self._lock:
            return None if self._process is None else self._process.pid

    def start(self) -> WorkerSupervisor:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop watching, then stop the worker (its current job finishes first)."""
        self._stopping.set()
        with self._lock:
            process = self._process
        if process is not None:
            stop_child(process, STOP_TIMEOUT_S)
        self._thread.join(timeout=STOP_TIMEOUT_S)

    def _watch(self) -> None:
        delay = self._first_delay_s
        while not self._stopping.is_set():
            with self._lock:
                if self._stopping.is_set():
                    return
                process = self._process = _spawn(self._command)
            started = time.monotonic()
            code = process.wait()
            _end_group(process.pid)
            if self._stopping.is_set():
                return
            if time.monotonic() - started >= HEALTHY_RUN_S:
                delay = self._first_delay_s
            print(
                f"rummy worker exited with {code}; starting a new one in {delay:g} s",
                file=sys.stderr,
            )
            if self._stopping.wait(delay):
                return
            delay = min(delay * 2, MAX_RESTART_DELAY_S)
            self.restarts += 1
