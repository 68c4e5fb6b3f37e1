"""The servers a load run starts: ready once healthy, stopped on exit, their CPU read from /proc."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from service.http.rate_limits import LIMITS_OFF
from service.runtime.children import stop_child
from service.tools.serve_process import wait_healthy

__all__ = ["cpu_seconds", "embedded_redis", "measure_cpu", "running_server"]

# Bounds a server that never answers its health check.
STARTUP_TIMEOUT_S = 30.0
# uvicorn shuts down gracefully on SIGTERM; past this it is killed.
STOP_TIMEOUT_S = 10.0
_REPO_ROOT = Path(__file__).resolve().parents[3]


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (None where /proc is missing)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    # After the command name: state is field 3, utime and stime are fields 14 and 15.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def measure_cpu(pid: int | Sequence[int] | None) -> Iterator[list[float | None]]:
    """The CPU seconds `pid` (or several, summed) spends inside the block (a one-item list)."""
    pids = [] if pid is None else [pid] if isinstance(pid, int) else list(pid)
    spent: list[float | None] = [None]
    before = [cpu_seconds(each) for each in pids]
    yield spent
    after = [cpu_seconds(each) for each in pids]
    pairs = [(a, b) for a, b in zip(after, before, strict=True) if a is not None and b is not None]
    if pids and len(pairs) == len(pids):
        spent[0] = sum(a - b for a, b in pairs)


def embedded_redis(stack: contextlib.ExitStack, scratch: Path) -> str:
    """An embedded Redis in `scratch`, stopped with `stack`; its URL."""
    from service.store.embedded_redis import EmbeddedRedis

    redis = stack.enter_context(EmbeddedRedis(scratch / "redis"))
    print(f"embedded Redis on {redis.url} (temp folder)", file=sys.stderr)
    return redis.url


@contextlib.contextmanager
def running_server(
    name: str,
    arguments: list[str],
    health_url: str,
    log_dir: Path,
    extra_env: Mapping[str, str] | None = None,
) -> Iterator[subprocess.Popen[bytes]]:
    """A Python server in a subprocess, ready once `health_url` answers 200; stopped on exit."""
    environment = dict(os.environ) | dict(extra_env or {})
    # The load driver is one client making thousands of games: no rate limits.
    environment = LIMITS_OFF | environment
    # The workers' seeding games (bot against bot) would take CPU from the measured games.
    environment.setdefault("LEAGUE_SEED_GAMES", "0")
    environment["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(_REPO_ROOT), environment.get("PYTHONPATH")])
    )
    log_path = log_dir / f"{name}.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, *arguments],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=_REPO_ROOT,
            env=environment,
        )
        try:
            wait_healthy(process, health_url, log_path, name=name, timeout_s=STARTUP_TIMEOUT_S)
            yield process
        finally:
            stop_child(process, STOP_TIMEOUT_S)
