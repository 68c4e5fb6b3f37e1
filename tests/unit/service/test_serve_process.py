"""A test's clean-up kills the processes a server started, and only those: a pid
reused by another process since (pid_max is 32768 here, and a suite starts
thousands) is not taken for the child that had it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from service.tools import serve_process
from service.tools.serve_process import alive, children_of


def _start_time(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[19])


def test_a_child_is_alive_while_it_runs_and_not_once_reaped() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert child.pid in children_of(os.getpid())
        assert alive(child.pid)
    finally:
        child.kill()
        child.wait()
    assert not alive(child.pid)


def test_a_pid_another_process_holds_now_is_not_the_child_it_was() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert child.pid in children_of(os.getpid())
        # As if the child had ended and its number gone to a process started later.
        serve_process._STARTED[child.pid] = _start_time(child.pid) - 1
        assert not alive(child.pid)
    finally:
        child.kill()
        child.wait()
