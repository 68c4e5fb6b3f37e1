"""Counting a Redis client's round trips: each one borrows a connection from its pool."""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis


class CountingRoundTrips:
    """Counts the connections a client takes from its pool: one per command,
    script call or batch of appends sent together."""

    def __init__(self, client: Redis) -> None:
        self.taken = 0
        pool = client.connection_pool
        take = pool.get_connection

        async def counted(*args: Any, **options: Any) -> Any:
            self.taken += 1
            return await take(*args, **options)

        pool.get_connection = counted  # type: ignore[method-assign]
