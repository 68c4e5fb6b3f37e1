"""The TicketStore contract, against the in-memory and the Redis store."""

from __future__ import annotations

from collections.abc import AsyncIterator

import anyio
import pytest

from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis
from service.store.tickets import InMemoryTicketStore, RedisTicketStore, TicketStore

pytestmark = pytest.mark.anyio


@pytest.fixture(params=["memory", "redis"])
async def tickets(request: pytest.FixtureRequest) -> AsyncIterator[TicketStore]:
    if request.param == "memory":
        yield InMemoryTicketStore()
        return
    server: EmbeddedRedis = request.getfixturevalue("embedded_redis")
    client = open_redis(server.url)
    await client.flushall()
    try:
        yield RedisTicketStore(client)
    finally:
        await client.aclose()


async def test_a_ticket_is_taken_once(tickets: TicketStore) -> None:
    assert await tickets.put("k", b"game:1", 60)
    assert await tickets.take("k") == b"game:1"
    assert await tickets.take("k") is None


async def test_a_peek_leaves_the_ticket_to_be_taken(tickets: TicketStore) -> None:
    assert await tickets.put("k", b"game:1", 60)
    assert await tickets.peek("k") == b"game:1"
    assert await tickets.take("k") == b"game:1"
    assert await tickets.peek("k") is None
    assert await tickets.peek("never") is None


async def test_a_key_is_not_put_twice(tickets: TicketStore) -> None:
    assert await tickets.put("k", b"first", 60)
    assert not await tickets.put("k", b"second", 60)
    assert await tickets.take("k") == b"first"


async def test_an_unknown_key_takes_nothing(tickets: TicketStore) -> None:
    assert await tickets.take("never") is None


async def test_a_ticket_expires(tickets: TicketStore) -> None:
    assert await tickets.put("k", b"v", 1)
    # Redis expires keys to the millisecond; past 1 s the key is gone.
    await anyio.sleep(1.2)
    assert await tickets.peek("k") is None
    assert await tickets.take("k") is None


def test_the_in_memory_store_expires_by_its_clock() -> None:
    now = [100.0]
    tickets = InMemoryTicketStore(clock=lambda: now[0])

    async def scenario() -> None:
        assert await tickets.put("k", b"v", 60)
        now[0] += 59.9
        assert await tickets.put("j", b"w", 60)
        now[0] += 0.2
        assert await tickets.take("k") is None
        assert await tickets.take("j") == b"w"

    anyio.run(scenario)
