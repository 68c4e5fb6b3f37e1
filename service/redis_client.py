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
from redis.asyncio import Redis
from redis.asyncio.connection import Connection
from redis.typing import EncodableT

__all__ = ["HiredisPackedConnection", "open_redis"]


class HiredisPackedConnection(Connection):
    """A TCP connection whose commands hiredis packs."""

    def pack_command(self, *args: EncodableT) -> list[bytes]:
        # As redis-py does: a command name with spaces ("CONFIG GET") is several arguments.
        if isinstance(args[0], str):
            args = (*args[0].encode().split(), *args[1:])
        # hiredis takes the same argument types as redis-py's own packer (bytearray aside).
        return [hiredis.pack_command(args)]  # type: ignore[arg-type]


def open_redis(url: str, **options: Any) -> Redis:
    """`Redis.from_url`, with hiredis packing on TCP (`redis://`) connections."""
    if url.startswith("redis://"):
        options.setdefault("connection_class", HiredisPackedConnection)
    return Redis.from_url(url, **options)
