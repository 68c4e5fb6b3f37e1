"""A real `rummy worker` for the tests that kill or stop one: started in a process
group of its own (with rq's scheduler and its seeding process), ended as a group."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from service.tools.serve_process import REPO_ROOT


def start_worker(url: str, log: Path, *flags: str) -> subprocess.Popen[bytes]:
    """`rummy worker --redis-url URL *flags` from this tree, its output appended to `log`."""
    command = [sys.executable, "-m", "service.cli", "worker", "--redis-url", url, *flags]
    with log.open("ab") as out:
        return subprocess.Popen(
            command,
            cwd=REPO_ROOT,
            env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def kill_group(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL the worker and whatever is left of its group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def wait_for(
    condition: Callable[[], object], timeout_s: float, what: str, log: Path | None = None
) -> None:
    """Return once `condition()` holds; else fail, with the end of the worker's `log`."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.02)
    tail = "\n".join(log.read_text().splitlines()[-40:]) if log and log.exists() else ""
    raise AssertionError(f"timed out waiting for {what}\n{tail}".rstrip())
