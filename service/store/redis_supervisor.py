"""The embedded Redis that `rummy serve` runs, started again on the same port and data if it dies.

Its AOF is fsynced on every write (`appendfsync always`), so a command the API
acknowledged is on disk before its answer leaves: a server killed outright
comes back with everything acknowledged. Clients reconnect by themselves; in
the meantime the API answers 503 `store_unavailable`.
"""

from __future__ import annotations

import sys
import threading

from service.store.embedded_redis import EmbeddedRedis, EmbeddedRedisError

__all__ = ["RedisSupervisor"]

FIRST_RESTART_DELAY_S = 0.2
MAX_RESTART_DELAY_S = 10.0


class RedisSupervisor:
    """Starts the embedded Redis, starts it again when it exits on its own, stops it on `stop`."""

    def __init__(
        self, redis: EmbeddedRedis, *, first_delay_s: float = FIRST_RESTART_DELAY_S
    ) -> None:
        self.redis = redis
        self._first_delay_s = first_delay_s
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._watch, name="redis-supervisor", daemon=True)
        self.restarts = 0

    def start(self) -> RedisSupervisor:
        """Start the server (an error here is the caller's: it never ran) and watch it."""
        self.redis.start()
        self.redis.keep_port()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        with self._lock:
            self.redis.stop()
        self._thread.join(timeout=5.0)

    def _watch(self) -> None:
        delay = self._first_delay_s
        while not self._stopping.is_set():
            code = self.redis.wait()
            if self._stopping.is_set():
                return
            print(
                f"embedded Redis exited with {code}; starting it again in {delay:g} s",
                file=sys.stderr,
            )
            if self._stopping.wait(delay):
                return
            with self._lock:
                if self._stopping.is_set():
                    return
                try:
                    self.redis.stop()  # forget the dead process
                    self.redis.start()
                except EmbeddedRedisError as failed:
                    print(f"embedded Redis did not start: {failed}", file=sys.stderr)
                    delay = min(delay * 2, MAX_RESTART_DELAY_S)
                    continue
            self.restarts += 1
            delay = self._first_delay_s
