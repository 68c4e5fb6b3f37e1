"""`rummy serve` as a child process (for the tools and the tests): a free port, an
environment of its own, started and waited on until healthy; its children read from /proc."""

from __future__ import annotations

import contextlib
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

import httpx

__all__ = [
    "REPO_ROOT",
    "STARTUP_TIMEOUT_S",
    "alive",
    "children_of",
    "free_port",
    "serve_environment",
    "start_serve",
    "wait_healthy",
]

REPO_ROOT = Path(__file__).resolve().parents[2]
# Bounds a server that never answers its health check (an embedded Redis and a
# worker start with it; on 2 busy cores that takes seconds).
STARTUP_TIMEOUT_S = 60.0
# The settings a child `rummy serve` picks for itself: its own Redis, address and data.
_OWN_SETTINGS = ("REDIS_URL", "RQ_REDIS_URL", "HOST", "PORT", "DATA_DIR")


# Ports a server started here listens on: below the kernel's ephemeral range (32768
# and up on Linux), where the system's own pick (bind to port 0) lies too, so an
# outgoing connection cannot take one between the probe and the server's bind (an
# API node's "address already in use" on a busy machine); and apart from the Redis
# cluster fixture's client ports (20000 up) and their bus ports (30000 up).
_PORTS = range(23000, 30000)


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now (checked, not reserved)."""
    for candidate in random.sample(_PORTS, 100):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", candidate))
            except OSError:
                continue
            return candidate
    raise OSError("no free port below the ephemeral range")


def serve_environment(
    extra: Mapping[str, str] | None = None, tree: Path = REPO_ROOT
) -> dict[str, str]:
    """This process's environment less the settings `serve` picks itself, with the
    source `tree` importable and `extra` on top."""
    environment = {name: value for name, value in os.environ.items() if name not in _OWN_SETTINGS}
    environment["PYTHONPATH"] = str(tree)
    return environment | dict(extra or {})


def start_serve(
    port: int,
    log: Path,
    *arguments: str,
    extra_env: Mapping[str, str] | None = None,
    tree: Path = REPO_ROOT,
) -> subprocess.Popen[bytes]:
    """`rummy serve --port PORT *arguments` from the source `tree` (this one by
    default; another checkout to compare with), its output appended to `log` (a
    restart on the same log keeps the earlier run's lines)."""
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port), *arguments]
    with log.open("ab") as out:  # the child keeps its own descriptor
        return subprocess.Popen(
            command,
            cwd=tree,  # under -m the working folder leads sys.path
            env=serve_environment(extra_env, tree),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def wait_healthy(
    process: subprocess.Popen[bytes],
    health_url: str,
    log: Path | None = None,
    *,
    name: str = "rummy serve",
    timeout_s: float = STARTUP_TIMEOUT_S,
) -> None:
    """Return once `health_url` answers 200; RuntimeError if the process exits first
    or the time is up."""
    see = f"; see {log}" if log is not None else ""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with {process.returncode}{see}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(health_url, timeout=1.0).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{name} did not answer {health_url} within {timeout_s} s{see}")


# When each process `children_of` reported was started (clock ticks since boot), by
# pid: a pid is reused once its process is gone (here within minutes, with
# pid_max 32768 and a suite starting thousands of processes), and `alive` must not
# take the newcomer for the child, nor a test's clean-up kill it.
_STARTED: dict[int, int] = {}


def _stat_fields(stat: str) -> list[str]:
    """The fields of a /proc/<pid>/stat line after the command name (in parentheses,
    which may hold spaces): state, ppid, ... (field 3 onwards)."""
    return stat.rpartition(")")[2].split()


def children_of(pid: int) -> dict[int, str]:
    """The live child processes of `pid` and their command lines."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        fields = _stat_fields(stat)
        state, parent = fields[:2]
        if int(parent) == pid and state != "Z":
            child = int(entry.name)
            found[child] = command
            _STARTED[child] = int(fields[19])  # field 22, starttime
    return found


def alive(pid: int) -> bool:
    """Whether `pid` runs (not a zombie), and, for a pid `children_of` reported, is
    still that process and not a later one given its number."""
    try:
        fields = _stat_fields(Path(f"/proc/{pid}/stat").read_text())
    except OSError:
        return False
    started = _STARTED.get(pid)
    return fields[0] != "Z" and (started is None or int(fields[19]) == started)
