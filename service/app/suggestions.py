"""Bots as a service: the searching bot thinks in worker processes, off the event loop.

A level-4 suggestion searches for up to SUGGEST_BUDGET_S of pure Python. Run
in the handler, it held the API's event loop that long: every other request
of the process waited behind it (a GET /rulesets beside four level-4
suggestions answered after 788 ms instead of 1 ms). So level 4 runs in a
pool of worker processes, started at the first such suggestion; levels 1-3
decide in about 10 ms for a hand of up to INLINE_HAND_CARDS, less than a round
trip to a worker, and stay in the handler. Their searches grow fast with the
hand (a view's hand may hold a whole pack): a larger one goes to the workers
too. Beyond WAITING_PER_PROCESS suggestions a worker, the next one is
refused at once (503 `bots_busy`) instead of queueing without bound.

The workers are spawned, so each imports the main module again: a script of
one's own that serves `create_app` must guard its entry point (`if __name__
== "__main__":`), as with any spawned process (`rummy`, uvicorn and pytest do).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import msgspec

from domain.bots import choose
from domain.commands import PlayerCommand
from domain.errors import DomainError
from domain.rules import RuleSet
from domain.views import SeatView
from service.app.errors import ServiceError
from service.runtime.pool_process import start_pool_process

__all__ = ["SUGGEST_BUDGET_S", "SuggestionPool", "suggest_command"]

log = logging.getLogger(__name__)

# The server's share of a suggestion: level 4 searches within this budget.
SUGGEST_BUDGET_S = 0.2
SUGGEST_MAX_ROLLOUTS = 400
SEARCHING_LEVEL = 4
# About two seconds of level-4 searches queued per worker process.
WAITING_PER_PROCESS = 8
# Levels 1-3 decide in the handler up to this many cards in hand (palace's 14
# after a draw, and a knock's two): at most ~10 ms, measured on crafted views.
# Past it they held the event loop: 20 cards 75 ms, 40 cards 360 ms, 78 cards 1.1 s.
INLINE_HAND_CARDS = 16


def default_processes() -> int:
    """One core is left to the API itself."""
    return max(1, (os.cpu_count() or 2) - 1)


def suggest_command(
    view: SeatView, ruleset: RuleSet, level: int, seed: int | None
) -> PlayerCommand | None:
    """The command the bot of `level` would play from `view`, or None (nothing to do)."""
    try:
        return choose(
            view,
            ruleset,
            level,
            random.Random(seed),
            budget_s=SUGGEST_BUDGET_S,
            max_rollouts=SUGGEST_MAX_ROLLOUTS,
            clock=time.perf_counter,
        )
    except DomainError:
        raise
    except (ValueError, KeyError, IndexError, TypeError, AssertionError) as exc:
        # A client's view may contradict itself (a hand that cannot be, commands
        # it does not allow); the bots assume a real table's view.
        raise ServiceError("invalid_view", f"the bot cannot play this view: {exc}") from exc


class Refusal(msgspec.Struct, frozen=True):
    """A refused suggestion, as it crosses from a worker process."""

    code: str
    message: str
    facts: dict[str, Any]


def suggest_in_worker(
    view: SeatView, ruleset: RuleSet, level: int, seed: int | None
) -> PlayerCommand | Refusal | None:
    # The errors' keyword arguments would not survive pickling: a refusal travels as data.
    try:
        return suggest_command(view, ruleset, level, seed)
    except (DomainError, ServiceError) as exc:
        return Refusal(exc.code, exc.message, exc.facts)


class SuggestionPool:
    """Where suggestions are computed: levels 1-3 for a small hand here, the others in
    worker processes."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes or default_processes()
        self.max_waiting = self.processes * WAITING_PER_PROCESS
        self.waiting = 0
        self._executor: ProcessPoolExecutor | None = None

    async def suggest(
        self, view: SeatView, ruleset: RuleSet, level: int, seed: int | None
    ) -> PlayerCommand | None:
        if level != SEARCHING_LEVEL and len(view.hand or ()) <= INLINE_HAND_CARDS:
            return suggest_command(view, ruleset, level, seed)
        if self.waiting >= self.max_waiting:
            raise ServiceError(
                "bots_busy",
                "every bot process is busy; try again shortly",
                waiting=self.waiting,
            )
        self.waiting += 1
        try:
            outcome = await self._in_worker(view, ruleset, level, seed)
        finally:
            self.waiting -= 1
        if isinstance(outcome, Refusal):
            raise ServiceError(outcome.code, outcome.message, **outcome.facts)
        if outcome is None:
            return None
        # The view's own copy: unpickled strings are new objects, and msgspec
        # leaves a default out of JSON only when it is the very same object
        # (`{"type": "draw", "source": "stock"}` for the offered `{"type": "draw"}`).
        return view.legal_commands[view.legal_commands.index(outcome)]

    async def _in_worker(
        self, view: SeatView, ruleset: RuleSet, level: int, seed: int | None
    ) -> PlayerCommand | Refusal | None:
        loop = asyncio.get_running_loop()
        executor = self._pool()
        try:
            return await loop.run_in_executor(
                executor, suggest_in_worker, view, ruleset, level, seed
            )
        except BrokenProcessPool:
            # A worker died (killed, out of memory): the pool is unusable, so a
            # new one takes this suggestion once more.
            log.warning("a bot process died; starting new ones")
            self._discard(executor)
        executor = self._pool()
        try:
            return await loop.run_in_executor(
                executor, suggest_in_worker, view, ruleset, level, seed
            )
        except BrokenProcessPool:
            # Twice: the caller may try again (the next suggestion starts new ones).
            self._discard(executor)
            raise ServiceError(
                "bots_busy", "the bot processes died; try again shortly", waiting=self.waiting
            ) from None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # Spawned, not forked: the API process runs threads (the worker
            # supervisor, the event loop's executor) that a fork would copy mid-step.
            self._executor = ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_pool_process,
            )
        return self._executor

    def _discard(self, executor: ProcessPoolExecutor) -> None:
        # Only the pool that broke: another suggestion may already run on its successor.
        if self._executor is executor:
            self.close()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
