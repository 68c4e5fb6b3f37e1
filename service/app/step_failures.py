"""A worker's per-game steps fail alone.

Reconciling, archiving and the league's sweep each walk many games; one game whose
records a step cannot read (a bad import from an older release, a record written
by hand) must not stop the walk, the worker's start, or every other game's bots,
timers and archiving. A failing game is logged, retried with a growing back-off
(never in a hot loop), and set aside after a few failures in a row: counted on
/metrics and named by /health until a try succeeds.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import NamedTuple, TypeVar

from service.app.worker_metrics import WorkerMetrics

__all__ = ["SET_ASIDE_AFTER", "StepFailures"]

T = TypeVar("T")
logger = logging.getLogger("rummy.worker")

# Failures in a row after which a game's step is set aside (and /health names it).
SET_ASIDE_AFTER = 3
FIRST_BACKOFF_S = 10.0
MAX_BACKOFF_S = 3600.0


class _Failing(NamedTuple):
    failures: int
    next_try: float


class StepFailures:
    """The failing steps one worker process knows of, and when each may run again."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._failing: dict[tuple[str, str], _Failing] = {}

    def due(self, step: str, game_id: str) -> bool:
        failing = self._failing.get((step, game_id))
        return failing is None or self._clock() >= failing.next_try

    async def run(
        self,
        step: str,
        game_id: str,
        action: Callable[[], Awaitable[T]],
        metrics: WorkerMetrics | None = None,
    ) -> T | None:
        """`action`'s result, or None when it failed (logged, counted) or waits out
        its back-off; no exception of the action's leaves here."""
        if not self.due(step, game_id):
            return None
        try:
            result = await action()
        except Exception as error:
            await self._failed(step, game_id, error, metrics)
            return None
        await self.settled(step, game_id, metrics)
        return result

    async def settled(self, step: str, game_id: str, metrics: WorkerMetrics | None = None) -> None:
        """The game's step succeeded, or is owed no more (a league result applied by
        the job made again, a game over): no longer failing, nor named as set aside."""
        failing = self._failing.pop((step, game_id), None)
        if failing is not None:
            logger.warning("%s of game %s succeeded again", step, game_id)
            if failing.failures >= SET_ASIDE_AFTER and metrics is not None:
                await metrics.set_aside(step, game_id, back=True)

    async def _failed(
        self, step: str, game_id: str, error: Exception, metrics: WorkerMetrics | None
    ) -> None:
        earlier = self._failing.get((step, game_id))
        failures = 1 if earlier is None else earlier.failures + 1
        wait_s = min(FIRST_BACKOFF_S * 2 ** (failures - 1), MAX_BACKOFF_S)
        self._failing[(step, game_id)] = _Failing(failures, self._clock() + wait_s)
        logger.error(
            "%s of game %s failed (%d in a row; next try in %.0f s): %r",
            step,
            game_id,
            failures,
            wait_s,
            error,
            exc_info=earlier is None,
        )
        if metrics is None:
            return
        await metrics.step_failed(step)
        if failures == SET_ASIDE_AFTER:
            logger.error("%s of game %s set aside after %d failures", step, game_id, failures)
            await metrics.set_aside(step, game_id)
