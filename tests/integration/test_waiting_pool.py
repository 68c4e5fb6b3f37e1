"""The API's connection pool: a request queued too long gets a clear error, and cancelling
queued requests never wedges it (queueing itself: the store contract's burst test)."""

from __future__ import annotations

import asyncio
import random

import pytest
from redis.exceptions import MaxConnectionsError

from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis

pytestmark = pytest.mark.anyio


async def test_a_request_waiting_past_its_limit_gets_a_clear_error(
    embedded_redis: EmbeddedRedis,
) -> None:
    client = open_redis(embedded_redis.url, max_connections=1, pool_wait_s=0.3)
    pool = client.connection_pool
    try:
        held = await pool.get_connection()
        with pytest.raises(MaxConnectionsError, match="no Redis connection free within 0.3 s"):
            await client.get("k")
        await pool.release(held)
        assert await client.ping()
    finally:
        await client.aclose()


async def test_cancelled_waiters_never_wedge_the_pool(embedded_redis: EmbeddedRedis) -> None:
    """Long polls are cancelled when their client goes away, often while queued for a
    connection and as their wait times out; the pool must go on serving."""
    client = open_redis(embedded_redis.url, max_connections=1, pool_wait_s=0.01)
    pool = client.connection_pool
    rng = random.Random(1)
    held = await pool.get_connection()
    try:
        for _ in range(50):
            queued = [asyncio.create_task(pool.get_connection()) for _ in range(200)]
            await asyncio.sleep(rng.random() * 0.012)
            for request in queued:
                request.cancel()
            async with asyncio.timeout(5):
                outcomes = await asyncio.gather(*queued, return_exceptions=True)
            assert all(
                isinstance(outcome, asyncio.CancelledError | MaxConnectionsError)
                for outcome in outcomes
            )
        await pool.release(held)
        async with asyncio.timeout(5):
            assert await client.ping()
    finally:
        await client.aclose()


async def test_queued_requests_get_connections_first_come_first_served(
    embedded_redis: EmbeddedRedis,
) -> None:
    """Under overload the oldest request is served first. A request that releases its
    connection and at once asks again (a route's next Redis call) goes behind those
    already queued, and a queued request that lost a race keeps its place. Before, a
    busy route took the freed connection back each time, and a command queued behind
    it waited its whole limit and got a 503."""
    client = open_redis(embedded_redis.url, max_connections=1, pool_wait_s=2.0)
    pool = client.connection_pool
    served: list[str] = []

    async def busy_route() -> None:
        for call in range(5):
            connection = await pool.get_connection()
            served.append(f"busy {call}")
            await asyncio.sleep(0.02)  # the call's round trip
            await pool.release(connection)

    async def queued_command() -> None:
        connection = await pool.get_connection()
        served.append("command")
        await pool.release(connection)

    busy = asyncio.create_task(busy_route())
    await asyncio.sleep(0.005)  # the route holds the connection
    command = asyncio.create_task(queued_command())
    async with asyncio.timeout(5):
        await asyncio.gather(busy, command)
    await client.aclose()
    assert served.index("command") == 1, served
