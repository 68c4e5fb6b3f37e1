"""Helpers of the store tests: an append with short argument names, and a round-trip count."""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis

from service.store import AppendResult, EventStore, StoredEvent


async def append(
    store: EventStore,
    game_id: str,
    *events: bytes,
    expected_version: int | None = None,
    command_id: str | None = None,
    digest: str | None = None,
    result: bytes | None = None,
) -> AppendResult:
    return await store.append(
        game_id,
        list(events),
        expected_version=expected_version,
        command_id=command_id,
        command_digest=digest,
        result=result,
    )


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


def datas(events: list[StoredEvent]) -> list[bytes]:
    return [event.data for event in events]


def versions(events: list[StoredEvent]) -> list[int]:
    return [event.version for event in events]
