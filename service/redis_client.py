"""The asyncio Redis client the API serves from: commands packed in C.

redis-py's asyncio connection packs every command in Python, argument by
argument; an append carries the events, the recorded answer and a view per
seat, so packing cost more CPU than anything else on the Redis side of a
command. hiredis (which redis-py already uses to parse replies) packs the
same RESP bytes in C.
"""

from __future__ import annotations

from typing import Any

import hiredis
from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.connection import Connection
from redis.typing import EncodableT

__all__ = ["POOL_SIZE", "POOL_WAIT_S", "HiredisPackedConnection", "open_redis"]

# Connections one client opens at most. redis-py's default pool refuses a
# request past its 100 connections ("Too many connections", a 503 here): this
# one makes it wait for a free connection instead, up to POOL_WAIT_S, so a burst
# of requests queues rather than fails.
POOL_SIZE = 128
POOL_WAIT_S = 10.0


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
    pool = BlockingConnectionPool.from_url(
        url, max_connections=max_connections, timeout=pool_wait_s, **options
    )
    # The client owns the pool: closing it closes the connections.
    return Redis.from_pool(pool)
