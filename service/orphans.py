"""Children that end with the process that started them.

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
import sys
from collections.abc import Callable

__all__ = ["end_with_parent"]

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
