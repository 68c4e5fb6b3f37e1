"""Checking an imported log off the event loop: in a worker process for a big log.

Reading and checking 8 MiB of log (about 50,000 events) is some 400 ms of pure
Python. In the handler it held every other request of the process that long; in a
thread it still shares the GIL with the event loop (measured with
`service.tools.states_bench`, README), so a big log goes to a worker process,
which sends back only the header and the final state: the API then decodes the
lines a chunk at a time as it appends them. A small log is checked in place:
under VERIFY_IN_PLACE_BYTES it takes a few milliseconds, less than a round trip
to a process.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import msgspec

from domain.state import GameState
from service.app.errors import ServiceError
from service.logs.claims import check_claims
from service.logs.logfile import LogError, LogHeader, read_log
from service.logs.verify import verify_log
from service.runtime.pool_process import start_pool_process

__all__ = ["VERIFY_IN_PLACE_BYTES", "checked_log"]

VERIFY_IN_PLACE_BYTES = 64 * 1024
# `process` (the default) or `thread`: where a big log is checked (a benchmark knob).
_WHERE = os.environ.get("RUMMY_VERIFY_IN", "process")
_executor: ProcessPoolExecutor | None = None


class _Refusal(msgspec.Struct, frozen=True):
    """A LogError as it crosses from the worker process (its arguments do not pickle)."""

    code: str
    message: str
    version: int | None
    field: str | None


def _check(data: bytes, now_ts: float) -> tuple[LogHeader, GameState, int] | _Refusal:
    try:
        header, envelopes = read_log(data)
        final = verify_log(header, envelopes)
        check_claims(header, envelopes, now_ts)
        return header, final, len(envelopes)
    except LogError as exc:
        return _Refusal(exc.code, exc.message, exc.version, exc.field)


def _pool() -> ProcessPoolExecutor:
    global _executor
    if _executor is None:
        # Spawned, like the bots' pool: the API process runs threads a fork would copy.
        _executor = ProcessPoolExecutor(
            1, mp_context=multiprocessing.get_context("spawn"), initializer=start_pool_process
        )
    return _executor


async def checked_log(data: bytes) -> tuple[LogHeader, GameState, int]:
    """The log's header, the state after its last event and its event count, once
    every event is checked, and every field beside them (`check_claims`); LogError
    for a log the rules refuse, 503 `import_unavailable` when the process checking a
    big log died twice in a row."""
    global _executor
    now_ts = time.time()
    if len(data) <= VERIFY_IN_PLACE_BYTES:
        outcome = _check(data, now_ts)
    elif _WHERE == "thread":
        outcome = await asyncio.to_thread(_check, data, now_ts)
    else:
        loop = asyncio.get_running_loop()
        try:
            outcome = await loop.run_in_executor(_pool(), _check, data, now_ts)
        except BrokenProcessPool:
            _executor = None  # a worker died: a new pool takes this log once more
            try:
                outcome = await loop.run_in_executor(_pool(), _check, data, now_ts)
            except BrokenProcessPool:
                # Twice: nothing is written; the next import starts another pool.
                _executor = None
                raise ServiceError(
                    "import_unavailable", "the log could not be checked now: try again"
                ) from None
    if isinstance(outcome, _Refusal):
        raise LogError(outcome.code, outcome.message, outcome.version, field=outcome.field)
    return outcome
