"""The server `rummy chaos` plays on: `rummy serve` on a fixed port and data folder,
whose worker, embedded Redis or API process it kills (started again after the API's
kill), whose Redis it hangs, and whose scheduler it leaves behind a dead one's lock."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

from redis import Redis

from service.http.rate_limits import LIMITS_OFF
from service.runtime import running
from service.runtime.children import stop_child
from service.tools.serve_process import alive, children_of, start_serve, wait_healthy
from workers.scheduler_loop import SCHEDULER_LOCK

__all__ = ["Server"]

# How long a stopped server gets to stop its Redis and worker in order.
_STOP_S = 30
# A hung Redis (SIGSTOP) for this long, as in the outage that froze the timers.
HANG_S = 10.0
# rq's scheduler lock as a scheduler killed while holding it leaves it (its TTL).
_DEAD_LOCK_S = 61


class Server:
    """`rummy serve` on a fixed port and data folder, started again after each kill of it."""

    def __init__(self, data_dir: Path, port: int, log: Path) -> None:
        self.data_dir = data_dir
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()

    def start(self) -> None:
        # One client plays every game here: it is not the flood the limits are for.
        self.process = start_serve(
            self.port, self.log, "--data-dir", str(self.data_dir), extra_env=LIMITS_OFF
        )
        self.wait_healthy()

    def wait_healthy(self) -> None:
        assert self.process is not None
        wait_healthy(self.process, f"{self.url}/health", self.log)

    def child(self, kind: str) -> int | None:
        assert self.process is not None
        marker = "redis-server" if kind == "redis" else " worker "
        for pid, command in children_of(self.process.pid).items():
            if marker in f"{command} ":
                return pid
        return None

    def kill(self, kind: str) -> bool:
        """SIGKILL the worker, the embedded Redis or the API process; hang the Redis
        (`redis_hang`: SIGSTOP, HANG_S, SIGCONT); or put a dead scheduler's name on the
        scheduler's lock (`scheduler`: the live one loses it, as when the scheduler that
        held it was killed). False if there was nothing to do it to."""
        with self.lock:
            assert self.process is not None
            if kind == "scheduler":
                return self._take_scheduler_lock()
            if kind == "redis_hang":
                pid = self.child("redis")
                if pid is None:
                    return False
                os.kill(pid, signal.SIGSTOP)
                try:
                    time.sleep(HANG_S)
                finally:
                    os.kill(pid, signal.SIGCONT)
                return True
            if kind == "api":
                children = list(children_of(self.process.pid))
                self.process.kill()
                self.process.wait()
                # Its children end with it (SIGTERM from the kernel); the data folder
                # is free once they are gone.
                deadline = time.monotonic() + 30
                while any(alive(pid) for pid in children) and time.monotonic() < deadline:
                    time.sleep(0.05)
                self.start()
                return True
            pid = self.child(kind)
            if pid is None:
                return False
            os.kill(pid, signal.SIGKILL)
            return True

    def _take_scheduler_lock(self) -> bool:
        url = running.find(self.data_dir)
        if url is None:
            return False
        client = Redis.from_url(url, socket_timeout=5)
        try:
            client.set(SCHEDULER_LOCK, "a-killed-scheduler", ex=_DEAD_LOCK_S)
        finally:
            client.close()
        return True

    def stop(self) -> None:
        if self.process is not None:
            stop_child(self.process, _STOP_S)
