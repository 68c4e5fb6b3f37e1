"""The TicketStore role: short-lived, single-use secrets (SET NX with EX, GET to look, GETDEL)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

__all__ = ["InMemoryTicketStore", "RedisTicketStore", "TicketStore"]


class TicketStore(Protocol):
    """Keys that live `ttl_s` seconds and can be taken once."""

    async def put(self, key: str, value: bytes, ttl_s: int) -> bool:
        """Store `value` under a new key; False if the key exists already."""
        ...

    async def peek(self, key: str) -> bytes | None:
        """The value, left in place; None if unknown, taken or expired."""
        ...

    async def take(self, key: str) -> bytes | None:
        """The value, removed in the same step; None if unknown, taken or expired."""
        ...


class InMemoryTicketStore(TicketStore):
    """The in-memory twin; `clock` is monotonic seconds (a test passes its own)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._entries: dict[str, tuple[float, bytes]] = {}

    async def put(self, key: str, value: bytes, ttl_s: int) -> bool:
        now = self._clock()
        # Expired entries are dropped as new ones come: the map stays as small as the live set.
        for stale in [k for k, (expires, _) in self._entries.items() if expires <= now]:
            del self._entries[stale]
        if key in self._entries:
            return False
        self._entries[key] = (now + ttl_s, value)
        return True

    async def peek(self, key: str) -> bytes | None:
        entry = self._entries.get(key)
        if entry is None or entry[0] <= self._clock():
            return None
        return entry[1]

    async def take(self, key: str) -> bytes | None:
        entry = self._entries.pop(key, None)
        if entry is None or entry[0] <= self._clock():
            return None
        return entry[1]


class RedisTicketStore(TicketStore):
    """Tickets as plain Redis keys with an expiry; GETDEL makes a take atomic (Redis 6.2+).
    Each command touches one key, so a cluster client serves as well as a standalone one."""

    def __init__(self, client: Redis | RedisCluster, *, prefix: str = "ticket:") -> None:
        self._redis = client
        self._prefix = prefix

    async def put(self, key: str, value: bytes, ttl_s: int) -> bool:
        return bool(await self._redis.set(self._prefix + key, value, nx=True, ex=ttl_s))

    async def peek(self, key: str) -> bytes | None:
        value: bytes | str | None = await self._redis.get(self._prefix + key)
        return value.encode() if isinstance(value, str) else value

    async def take(self, key: str) -> bytes | None:
        value: bytes | str | None = await self._redis.getdel(self._prefix + key)
        return value.encode() if isinstance(value, str) else value
