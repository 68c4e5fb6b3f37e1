"""The ceiling driver: one-XADD requests to `service.tools.ceiling_app`, this machine's limit."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from service.tools.load.clients import (
    DEFAULT_TIMEOUT_S,
    REQUEST_TIMEOUT_S,
    run_bounded,
    timed_request,
)
from service.tools.load.figures import Tally
from service.tools.load.games import STOCK_DRAW
from service.tools.load.raw_http import RawConnection

__all__ = ["CeilingReport", "drive_ceiling"]

# A body about the size of a game command, for the ceiling route.
_CEILING_BODY = STOCK_DRAW


@dataclass
class CeilingReport:
    requests: int
    elapsed_s: float = 0.0
    timed_out: bool = False
    tally: Tally = field(default_factory=Tally)
    server_cpu_s: float | None = None

    @property
    def ok(self) -> bool:
        # A ceiling stopped by the time bound still measured a rate: not an error.
        tally = self.tally
        return not (tally.server_errors or tally.client_errors or tally.transport_errors)


async def drive_ceiling(
    url: str,
    requests: int,
    concurrency: int,
    *,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    on_request: Callable[[], None] | None = None,
) -> CeilingReport:
    """POST /xadd `requests` times from `concurrency` clients."""
    report = CeilingReport(requests=requests)
    indexes = iter(range(requests))

    async def worker() -> None:
        async with RawConnection(url, timeout_s=REQUEST_TIMEOUT_S) as connection:
            for _ in indexes:
                await timed_request(
                    connection, report.tally, "POST", "/xadd", expect=200, content=_CEILING_BODY
                )
                if on_request is not None:
                    on_request()

    started = time.perf_counter()
    workers = [worker() for _ in range(max(1, min(concurrency, requests)))]
    report.timed_out = not await run_bounded(workers, timeout_s)
    report.elapsed_s = time.perf_counter() - started
    return report
