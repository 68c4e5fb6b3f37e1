"""The Redis adapter: the layout and the connection handling the contract cannot see."""

from __future__ import annotations

import asyncio

import pytest
from redis.asyncio import Redis
from redis.crc import key_slot
from store_table import append, versions

from service.store import (
    CommandIdReused,
    CorruptStream,
    RedisEventStore,
    Snapshot,
    StoredView,
)
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis

pytestmark = pytest.mark.anyio


# Redis only: the layout that the contract cannot see


async def test_every_key_of_a_game_carries_its_hash_tag(redis_client: Redis) -> None:
    store = RedisEventStore(redis_client)
    await append(store, "abc", b"a", command_id="c", digest="d", result=b"r")
    await store.put_meta("abc", {"k": b"v"})
    await store.put_view("abc", "seat:0", 1, b"view")
    await store.index_game("abc", "open", 1)

    keys = sorted(
        key.decode() if isinstance(key, bytes) else key for key in await redis_client.keys("*")
    )

    game_keys = [key for key in keys if not key.startswith("{lobby}:")]
    assert game_keys == [
        "{g:abc}:cmds",
        "{g:abc}:events",
        "{g:abc}:meta",
        "{g:abc}:version",
        "{g:abc}:views",
    ]
    assert len({key_slot(key.encode()) for key in game_keys}) == 1
    assert sorted(set(keys) - set(game_keys)) == ["{lobby}:open"]


async def test_stream_ids_are_the_versions(redis_client: Redis) -> None:
    store = RedisEventStore(redis_client)
    await append(store, "abc", b"a", b"b")
    entries = await redis_client.xrange("{g:abc}:events") or []
    assert [entry_id for entry_id, _ in entries] == [b"0-1", b"0-2"]


async def test_a_stream_out_of_step_with_its_counter_is_not_written(redis_client: Redis) -> None:
    store = RedisEventStore(redis_client)
    await append(store, "abc", b"a", b"b")
    await redis_client.xtrim("{g:abc}:events", maxlen=1, approximate=False)
    await redis_client.xadd("{g:abc}:events", {"e": b"stray"}, id="0-3")

    # The counter, not the stream's length or tail, is the version.
    assert await store.version("abc") == 2
    with pytest.raises(CorruptStream):
        await append(store, "abc", b"c", expected_version=2)
    assert await redis_client.xlen("{g:abc}:events") == 2
    assert await store.version("abc") == 2


async def test_resp3_clients_read_and_wait(
    redis_client: Redis, embedded_redis: EmbeddedRedis
) -> None:
    client = Redis.from_url(embedded_redis.url, protocol=3)
    try:
        store = RedisEventStore(client)
        await append(store, "abc", b"a", b"b")
        assert versions(await store.read("abc")) == [1, 2]
        assert versions(await store.wait_for("abc", after=1, timeout_s=1)) == [2]
        assert await store.wait_for("abc", after=2, timeout_s=0.05) == []
        await store.put_meta("abc", {"info": b"i"})
        await store.put_view("abc", "seat:0", 2, b"v")
        assert await store.snapshot("abc", ["seat:0"], meta=True) == Snapshot(
            version=2, views={"seat:0": StoredView(version=2, data=b"v")}, meta={"info": b"i"}
        )
    finally:
        await client.aclose()


async def test_a_client_that_decodes_responses_is_refused(embedded_redis: EmbeddedRedis) -> None:
    client = Redis.from_url(embedded_redis.url, decode_responses=True)
    try:
        with pytest.raises(ValueError):
            RedisEventStore(client)
    finally:
        await client.aclose()


async def test_long_polls_can_use_their_own_client(
    redis_client: Redis, embedded_redis: EmbeddedRedis
) -> None:
    blocking = Redis.from_url(embedded_redis.url)
    try:
        store = RedisEventStore(redis_client, blocking_client=blocking)
        waiter = asyncio.create_task(store.wait_for("abc", after=0, timeout_s=5))
        await asyncio.sleep(0.05)
        await append(store, "abc", b"a")
        assert versions(await asyncio.wait_for(waiter, 2)) == [1]
    finally:
        await blocking.aclose()


async def test_long_polls_outlast_the_client_socket_timeout(
    redis_client: Redis, embedded_redis: EmbeddedRedis
) -> None:
    # A second: a loaded machine's Redis can take a good part of one to answer any
    # command (at 0.4 s an append timed out under a load of 12 on two cores).
    client = Redis.from_url(embedded_redis.url, socket_timeout=1.0)
    try:
        store = RedisEventStore(client)
        assert await store.wait_for("abc", after=0, timeout_s=1.5) == []
        waiter = asyncio.create_task(store.wait_for("abc", after=0, timeout_s=10))
        await asyncio.sleep(1.2)
        await append(store, "abc", b"a")
        assert versions(await asyncio.wait_for(waiter, 5)) == [1]
    finally:
        await client.aclose()


async def test_more_calls_at_once_than_pooled_connections_wait_instead_of_failing(
    redis_client: Redis, embedded_redis: EmbeddedRedis
) -> None:
    # redis-py's default pool raises "Too many connections" past its size: a
    # burst of requests would be 503s. The API's pool queues them.
    client = open_redis(embedded_redis.url, max_connections=2)
    try:
        store = RedisEventStore(client)
        games = [f"burst{index}" for index in range(40)]
        await asyncio.gather(*(append(store, game, b"a", expected_version=0) for game in games))
        assert [await store.version(game) for game in games] == [1] * 40
    finally:
        await client.aclose()


async def test_long_polls_past_the_blocking_pool_poll_instead_of_failing(
    redis_client: Redis, embedded_redis: EmbeddedRedis
) -> None:
    blocking = open_redis(embedded_redis.url, max_connections=2, pool_wait_s=0.2)
    try:
        store = RedisEventStore(redis_client, blocking_client=blocking)
        # Waits on one game share a read: six games need more than two connections.
        games = [f"lp{index}" for index in range(6)]
        for game in games:
            await append(store, game, b"a")
        # Nothing comes: every wait ends empty at its timeout, none fails.
        assert await asyncio.gather(*(store.wait_for(game, 1, 0.5) for game in games)) == [[]] * 6

        # A wait that times out answers []: these answer because of the append.
        waits = [asyncio.create_task(store.wait_for(game, 1, 30)) for game in games]
        await asyncio.sleep(0.3)
        for game in games:
            await append(store, game, b"b", expected_version=1)
        answers = await asyncio.gather(*waits)
        assert [versions(answer) for answer in answers] == [[2]] * 6
    finally:
        await blocking.aclose()


@pytest.mark.parametrize("field, value", [("v:c", b"\xff"), ("v:c", b"one-two"), ("d:c", b"\xff")])
async def test_a_command_record_edited_by_hand_refuses_its_id_instead_of_failing(
    redis_client: Redis, field: str, value: bytes
) -> None:
    # No release writes such a record: a retry of its command is told the id is taken
    # (409 command_id_reused to a client), never a 500 from a value that does not parse.
    store = RedisEventStore(redis_client)
    await append(store, "abc", b"a", command_id="c", digest="d", result=b"r")
    await redis_client.hset("{g:abc}:cmds", field, value)
    with pytest.raises(CommandIdReused):
        await append(store, "abc", b"a", command_id="c", digest="d", result=b"r")
    with pytest.raises(CommandIdReused):
        await store.recall("abc", "c", "d")
    assert versions(await store.read("abc")) == [1]
