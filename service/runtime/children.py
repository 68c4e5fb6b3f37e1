"""Children that end with the process that started them, and their orderly stop.

`rummy serve` starts an embedded Redis and a worker in sessions of their own
(so Ctrl+C reaches only `serve`, which stops them in order). A `serve` killed
outright (SIGKILL, OOM killer) runs no cleanup, and without this those
children would run on, holding the data folder and the port. On Linux the
kernel sends them SIGTERM when their parent dies (prctl PR_SET_PDEATHSIG);
elsewhere nothing changes.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import subprocess
import sys
from collections.abc import Callable

__all__ = ["end_with_parent", "stop_child"]

_PR_SET_PDEATHSIG = 1
# Loaded before any fork: the child only makes the call.
_libc = None
if sys.platform == "linux":
    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def end_with_parent() -> Callable[[], None] | None:
    """A `preexec_fn` for `subprocess.Popen` that makes the child get SIGTERM when
    this process dies (None where the platform has no such signal)."""
    if _libc is None:
        return None
    parent = os.getpid()
    prctl = _libc.prctl

    def arrange() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        # The parent may have died between the fork and the call: then no signal comes.
        if os.getppid() != parent:
            os._exit(1)

    return arrange


def stop_child(process: subprocess.Popen[bytes], timeout_s: float) -> None:
    """SIGTERM (each child's orderly stop: Redis fsyncs its AOF, uvicorn and rq
    finish what they are doing), then SIGKILL if it has not ended in `timeout_s`."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
