"""Group commit on Redis: appends started together share a round trip, each its own outcome."""

from __future__ import annotations

import asyncio
import socket

import pytest
import redis.exceptions
from redis.asyncio import Redis
from store_table import CountingRoundTrips, append

from service.store import AppendResult, CommandIdReused, RedisEventStore, VersionConflict
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis

pytestmark = pytest.mark.anyio


async def test_appends_started_together_share_one_round_trip(redis_client: Redis) -> None:
    store = RedisEventStore(redis_client)
    await append(store, "first", b"a")  # the server has the script from here on
    connections = CountingRoundTrips(redis_client)
    games = [f"batch{index}" for index in range(30)]

    outcomes = await asyncio.gather(
        *(append(store, game, game.encode(), expected_version=0) for game in games)
    )

    assert outcomes == [AppendResult(first_version=1, last_version=1)] * 30
    assert connections.taken == 1
    for game in games:
        assert [event.data for event in await store.read(game)] == [game.encode()]


async def test_each_append_of_a_batch_keeps_its_own_outcome(redis_client: Redis) -> None:
    store = RedisEventStore(redis_client)
    await append(store, "stale", b"a", expected_version=0)
    await append(store, "reused", b"a", command_id="c1", digest="d1")
    await append(store, "retried", b"a", command_id="c1", digest="d1")

    outcomes = await asyncio.gather(
        append(store, "fresh", b"new", expected_version=0),
        append(store, "stale", b"late", expected_version=0),
        append(store, "reused", b"other", command_id="c1", digest="d2"),
        append(store, "retried", b"a", command_id="c1", digest="d1"),
        append(store, "fresh2", b"new", expected_version=0),
        return_exceptions=True,
    )

    fresh, stale, reused, retried, fresh2 = outcomes
    assert fresh == fresh2 == AppendResult(first_version=1, last_version=1)
    assert isinstance(stale, VersionConflict) and stale.current == 1
    assert isinstance(reused, CommandIdReused)
    assert retried == AppendResult(first_version=1, last_version=1, duplicate=True)
    assert [event.data for event in await store.read("stale")] == [b"a"]
    assert [event.data for event in await store.read("reused")] == [b"a"]


async def test_a_batch_after_the_server_lost_its_scripts_appends_each_once(
    redis_client: Redis,
) -> None:
    store = RedisEventStore(redis_client)
    await append(store, "g0", b"a")  # the script is loaded
    await redis_client.script_flush()

    games = [f"flushed{index}" for index in range(5)]
    connections = CountingRoundTrips(redis_client)
    outcomes = await asyncio.gather(
        *(append(store, game, b"a", expected_version=0) for game in games)
    )

    # One batch, one load of the script, the same batch again.
    assert connections.taken == 3
    assert outcomes == [AppendResult(first_version=1, last_version=1)] * 5
    assert [await store.version(game) for game in games] == [1] * 5


async def test_a_caller_that_gives_up_leaves_the_batch_and_the_connection_in_step(
    redis_client: Redis,
) -> None:
    store = RedisEventStore(redis_client)
    leaving = asyncio.create_task(append(store, "left", b"a", expected_version=0))
    staying = asyncio.create_task(append(store, "stayed", b"a", expected_version=0))
    await asyncio.sleep(0)  # both are queued for the same batch
    leaving.cancel()

    assert await staying == AppendResult(first_version=1, last_version=1)
    with pytest.raises(asyncio.CancelledError):
        await leaving
    # The command may have gone through (it was on its way): it went once or not at all.
    assert await store.version("left") in (0, 1)
    # Replies were read in step: the next appends get their own answers.
    assert await append(store, "after", b"x", expected_version=0) == AppendResult(
        first_version=1, last_version=1
    )
    assert await append(store, "stayed", b"b", expected_version=1) == AppendResult(
        first_version=2, last_version=2
    )


async def test_an_unreachable_server_fails_every_append_of_the_batch() -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = open_redis(f"redis://127.0.0.1:{port}/0", socket_connect_timeout=1)
    try:
        store = RedisEventStore(client)
        outcomes = await asyncio.gather(
            *(append(store, f"down{index}", b"a") for index in range(3)),
            return_exceptions=True,
        )
        assert all(isinstance(o, redis.exceptions.ConnectionError) for o in outcomes)
    finally:
        await client.aclose()


async def test_batches_stay_in_step_on_a_small_pool_under_load(
    embedded_redis: EmbeddedRedis,
) -> None:
    # Many writers, a pool of two: batches queue for connections, and every
    # game still ends with exactly its own events, in order.
    client = open_redis(embedded_redis.url, max_connections=2)
    try:
        store = RedisEventStore(client)

        async def writer(game: str) -> None:
            for version in range(10):
                await append(store, game, f"{game}:{version}".encode(), expected_version=version)

        games = [f"load{index}" for index in range(40)]
        await asyncio.gather(*(writer(game) for game in games))
        for game in games:
            events = await store.read(game)
            assert [event.data for event in events] == [f"{game}:{v}".encode() for v in range(10)]
    finally:
        await client.aclose()


async def test_a_batch_with_no_reply_in_time_fails_and_the_next_one_is_answered(
    embedded_redis: EmbeddedRedis,
) -> None:
    client = open_redis(embedded_redis.url, socket_timeout=0.3)
    sleeper = open_redis(embedded_redis.url)
    try:
        store = RedisEventStore(client)
        await append(store, "slow", b"a", expected_version=0)  # connected, script loaded
        # The server stops answering anyone for a while.
        asleep = asyncio.create_task(sleeper.execute_command("DEBUG", "SLEEP", "1"))
        await asyncio.sleep(0.1)

        outcomes = await asyncio.gather(
            append(store, "slow", b"b", expected_version=1),
            append(store, "slow2", b"b", expected_version=0),
            return_exceptions=True,
        )

        assert all(isinstance(o, redis.exceptions.TimeoutError) for o in outcomes), outcomes
        await asleep
        # Whatever the server did with the batch, the next reply is the next call's own.
        version = await store.version("slow")
        assert await append(store, "slow", b"c", expected_version=version) == AppendResult(
            first_version=version + 1, last_version=version + 1
        )
    finally:
        await client.aclose()
        await sleeper.aclose()
