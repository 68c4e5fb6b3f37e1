"""A worker process of one of the API's pools (log checks, level-4 suggestions):
interrupts left to the API, and the CPU yielded to it."""

from __future__ import annotations

import os
import signal

__all__ = ["POOL_NICENESS", "start_pool_process"]

# Niceness 10 weighs about a tenth of the API's share of a busy CPU. Checking a
# big import is some 400 ms of pure Python; on 2 cores beside the API and Redis
# it delayed the event loop. `python -m service.tools.states_bench`, /health p99
# under 4 imports of 8 MiB + 20 state readers, 5 runs each alternating in one
# session: 30-44 ms at the API's priority, 10-23 ms at 10 (with the import's
# log split a section at a time, service/logs/import_chunks.py).
POOL_NICENESS = 10


def start_pool_process() -> None:
    """The pool's initializer: Ctrl-C reaches the whole process group, the API then
    shuts the pool down, and a worker interrupted first would only print a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(POOL_NICENESS)
