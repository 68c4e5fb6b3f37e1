"""Draining: the server has begun to stop, and the waits of live channels end at once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

__all__ = ["Draining"]

T = TypeVar("T")


class Draining:
    """Told once, as the server stops taking connections: every wait run through
    `unless_draining` ends then (a long poll answers with what it has, a stream
    ends), so a shutdown does not sit out its grace period and then cancel them
    (uvicorn answers a cancelled request 500).

    Used from the event loop's thread only."""

    def __init__(self) -> None:
        self._begun = False
        self._waits: set[asyncio.Timeout] = set()

    @property
    def begun(self) -> bool:
        return self._begun

    def begin(self) -> None:
        """Cut every wait short now, and any later one before it starts."""
        self._begun = True
        for scope in self._waits:
            scope.reschedule(0)  # in the past: expires at the loop's next turn

    async def unless_draining(self, wait: Callable[[], Awaitable[T]]) -> T | None:
        """What `wait()` gives, or None when draining begins first (or had begun)."""
        if self._begun:
            return None
        try:
            async with asyncio.timeout(None) as scope:
                self._waits.add(scope)
                try:
                    return await wait()
                finally:
                    self._waits.discard(scope)
        except TimeoutError:
            if scope.expired() and self._begun:
                return None
            raise
