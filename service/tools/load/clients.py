"""How the virtual clients run: each request timed into a Tally, all under one bound, on uvloop."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from typing import Any, TypeVar

from service.tools.load.figures import Tally
from service.tools.load.raw_http import HttpError, RawConnection

__all__ = ["DEFAULT_TIMEOUT_S", "REQUEST_TIMEOUT_S", "run_bounded", "run_loop", "timed_request"]

# Bounds that keep every run finite whatever the server does.
DEFAULT_TIMEOUT_S = 900.0
REQUEST_TIMEOUT_S = 30.0
T = TypeVar("T")


async def timed_request(
    connection: RawConnection,
    tally: Tally,
    method: str,
    path: str,
    *,
    expect: int,
    content: bytes | None = None,
    token: str | None = None,
) -> bytes | None:
    """One timed request; its body when the status is `expect`, else None (tallied)."""
    started = time.perf_counter()
    try:
        status, body = await connection.request(method, path, body=content, token=token)
    except HttpError as exc:
        tally.transport_errors += 1
        tally.note_error(str(exc))
        return None
    tally.latencies.append(time.perf_counter() - started)
    tally.statuses[status] += 1
    if status != expect:
        tally.note_error(f"{method} {path} -> {status}: {body[:300].decode(errors='replace')}")
        return None
    return body


async def run_bounded(workers: list[Any], timeout_s: float) -> bool:
    """Run the workers to their end or the timeout; True when they all ended in time."""
    try:
        async with asyncio.timeout(timeout_s):
            await asyncio.gather(*workers)
    except TimeoutError:
        return False
    return True


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """asyncio.run on uvloop when it is installed: the driver's own CPU share shrinks."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop is a dependency; a plain loop still works
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)
