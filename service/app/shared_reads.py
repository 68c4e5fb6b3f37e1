"""Concurrent reads of one key share the read under way: a crowd woken by one event
(the watchers of a game) costs the store one round trip, not one each."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

__all__ = ["SharedReads"]

V = TypeVar("V")


class SharedReads(Generic[V]):
    def __init__(self) -> None:
        self._under_way: dict[str, asyncio.Task[V]] = {}

    async def read(
        self, key: str, fetch: Callable[[], Awaitable[V]], fresh: Callable[[V], bool]
    ) -> V:
        """What `fetch` answers for `key`: the answer of a read under way if `fresh`
        holds of it (it may have begun before this call), else a read of its own,
        which later callers may share in turn. The read runs as a task of its own:
        the caller that began it may be cancelled (its client left) without
        cancelling it for those who share it."""
        flight = self._under_way.get(key)
        if flight is not None:
            value = await asyncio.shield(flight)
            if fresh(value):
                return value
        task: asyncio.Task[V] = asyncio.ensure_future(fetch())
        self._under_way[key] = task
        task.add_done_callback(lambda done: self._landed(key, done))
        return await asyncio.shield(task)

    def _landed(self, key: str, task: asyncio.Task[V]) -> None:
        if self._under_way.get(key) is task:
            del self._under_way[key]
        if not task.cancelled():
            task.exception()  # raised by whoever waits; retrieved for when nobody does
