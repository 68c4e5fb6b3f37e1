"""The asyncio Redis client the API serves from: commands packed in C.

redis-py's asyncio connection packs every command in Python, argument by
argument; an append carries the events, the recorded answer and a view per
seat, so packing cost more CPU than anything else on the Redis side of a
command. hiredis (which redis-py already uses to parse replies) packs the
same RESP bytes in C.
"""

from __future__ import annotations

import asyncio
from typing import Any

import hiredis
from redis.asyncio import Redis
from redis.asyncio.connection import AbstractConnection, Connection, ConnectionPool
from redis.exceptions import MaxConnectionsError
from redis.typing import EncodableT

__all__ = [
    "POOL_SIZE",
    "POOL_WAIT_S",
    "HiredisPackedConnection",
    "WaitingConnectionPool",
    "open_redis",
]

# Connections one client opens at most, and how long a request waits for one.
POOL_SIZE = 128
POOL_WAIT_S = 10.0
# The first waiting request looks again at least this often, whatever wakes it.
_RECHECK_S = 0.1


class WaitingConnectionPool(ConnectionPool):
    """A pool that, with all `max_connections` in use, waits up to `wait_s` for one.

    redis-py's default pool refuses a request past its size ("Too many
    connections": a 503 here), so a burst of requests failed instead of
    queueing. Its BlockingConnectionPool waits, but takes a condition lock on
    every call (measured: 35 against 29 us of client CPU per command); this
    one costs nothing until the pool is exhausted."""

    def __init__(self, *, wait_s: float = POOL_WAIT_S, **options: Any) -> None:
        super().__init__(**options)
        self.wait_s = wait_s
        # The requests waiting for a connection, oldest first; each keeps its place
        # until it is served or gives up. Only the oldest tries the pool.
        self._queue: dict[_Waiter, None] = {}

    async def get_connection(self, *args: Any, **options: Any) -> AbstractConnection:
        if not self._queue:
            try:
                return await self._take(args, options)
            except MaxConnectionsError:
                pass
        # Behind everyone already waiting, even when a connection is free right now:
        # a route that releases and at once asks again must not starve the queue.
        return await self._wait_in_line(args, options)

    async def _take(self, args: Any, options: Any) -> AbstractConnection:
        # As called (redis-py deprecates passing a command name here).
        connection: AbstractConnection = await super().get_connection(  # type: ignore[no-untyped-call]
            *args, **options
        )
        return connection

    async def _wait_in_line(self, args: Any, options: Any) -> AbstractConnection:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.wait_s
        waiter = _Waiter(loop)
        self._queue[waiter] = None
        try:
            while True:
                if next(iter(self._queue)) is waiter:
                    try:
                        return await self._take(args, options)
                    except MaxConnectionsError:
                        pass
                remaining = deadline - loop.time()
                if remaining <= 0:
                    raise MaxConnectionsError(f"no Redis connection free within {self.wait_s} s")
                await waiter.sleep(min(_RECHECK_S, remaining))
        finally:
            del self._queue[waiter]
            # Served or gone: the next in line may find a connection free already.
            if self.can_get_connection():
                self._wake_first()

    async def release(self, connection: AbstractConnection) -> None:
        await super().release(connection)
        self._wake_first()

    def _wake_first(self) -> None:
        first = next(iter(self._queue), None)
        if first is not None:
            first.wake()


class _Waiter:
    """One queued request: woken when it is first in line and a connection came free."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._woken: asyncio.Future[None] = loop.create_future()

    def wake(self) -> None:
        if not self._woken.done():
            self._woken.set_result(None)

    async def sleep(self, timeout_s: float) -> None:
        # A bare future and asyncio.timeout, not Condition.wait under wait_for:
        # on Python 3.11 wait_for runs the wait in a task of its own, and a
        # request cancelled while wait_for was cancelling that task left it
        # behind to take the Condition's lock for good, wedging every later
        # release (seen when many queued long polls were cancelled at once).
        try:
            async with asyncio.timeout(timeout_s):
                await self._woken
        except TimeoutError:
            pass
        finally:
            if self._woken.done():
                self._woken = self._loop.create_future()


class HiredisPackedConnection(Connection):
    """A TCP connection whose commands hiredis packs."""

    def pack_command(self, *args: EncodableT) -> list[bytes]:
        # As redis-py does: a command name with spaces ("CONFIG GET") is several arguments.
        if isinstance(args[0], str):
            args = (*args[0].encode().split(), *args[1:])
        # hiredis takes the same argument types as redis-py's own packer (bytearray aside).
        return [hiredis.pack_command(args)]  # type: ignore[arg-type]


def open_redis(
    url: str, *, max_connections: int = POOL_SIZE, pool_wait_s: float = POOL_WAIT_S, **options: Any
) -> Redis:
    """A client on a pool of at most `max_connections` that waits (up to
    `pool_wait_s`) for a free connection, with hiredis packing on TCP (`redis://`)."""
    if url.startswith("redis://"):
        options.setdefault("connection_class", HiredisPackedConnection)
    pool = WaitingConnectionPool.from_url(
        url, max_connections=max_connections, wait_s=pool_wait_s, **options
    )
    # The client owns the pool: closing it closes the connections.
    return Redis.from_pool(pool)
