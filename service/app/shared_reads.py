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
        self._under_way: dict[str, asyncio.Future[V]] = {}

    async def read(
        self, key: str, fetch: Callable[[], Awaitable[V]], fresh: Callable[[V], bool]
    ) -> V:
        """What `fetch` answers for `key`: the answer of a read under way if `fresh`
        holds of it (it may have begun before this call), else a read of its own,
        which later callers may share in turn."""
        flight = self._under_way.get(key)
        if flight is not None:
            value = await asyncio.shield(flight)
            if fresh(value):
                return value
        future: asyncio.Future[V] = asyncio.get_running_loop().create_future()
        self._under_way[key] = future
        try:
            value = await fetch()
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # those sharing it raise it; unshared, it is not logged
            raise
        finally:
            if self._under_way.get(key) is future:
                del self._under_way[key]
        future.set_result(value)
        return value
