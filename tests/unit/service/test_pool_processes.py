"""The API's worker processes (big log checks, level-4 suggestions) yield the CPU
to the API's event loop and leave Ctrl-C to the API."""

from __future__ import annotations

import os
import signal
from concurrent.futures import ProcessPoolExecutor

from service.app.suggestions import SuggestionPool
from service.logs import offloop
from service.runtime.pool_process import POOL_NICENESS


def _priority_and_interrupts() -> tuple[int, bool]:
    return os.nice(0), signal.getsignal(signal.SIGINT) == signal.SIG_IGN


def _check(pool: ProcessPoolExecutor) -> None:
    niceness, ignores_interrupts = pool.submit(_priority_and_interrupts).result(timeout=60)
    # Niceness stops at 19, however nice the test run already is.
    assert niceness == min(19, os.nice(0) + POOL_NICENESS)
    assert ignores_interrupts


def test_the_log_checking_process_runs_below_the_api() -> None:
    try:
        _check(offloop._pool())
    finally:
        offloop._pool().shutdown()
        offloop._executor = None


def test_the_suggestion_processes_run_below_the_api() -> None:
    suggestions = SuggestionPool(processes=1)
    try:
        _check(suggestions._pool())
    finally:
        suggestions.close()
