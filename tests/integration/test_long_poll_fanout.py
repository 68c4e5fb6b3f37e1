"""Long polls on Redis: a process holds one blocking read per watched game, not per waiter."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any, TypeVar

import pytest
from redis.asyncio import Redis

from service.store import RedisEventStore, StoredEvent
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis

pytestmark = pytest.mark.anyio

BLOCKING_NAME = "long-poll"
# Long enough that no wait here times out before its event, even on a slow, busy CI machine:
# a wait that answers at all answered because of the event.
WAIT_S = 30

T = TypeVar("T")
Start = Callable[[Coroutine[Any, Any, T]], "asyncio.Task[T]"]


@pytest.fixture
async def blocking(embedded_redis: EmbeddedRedis, redis_client: Redis) -> AsyncIterator[Redis]:
    """The API's blocking client (512 connections), named so CLIENT LIST can count them."""
    client = open_redis(
        embedded_redis.url, max_connections=512, socket_timeout=10, client_name=BLOCKING_NAME
    )
    try:
        yield client
    finally:
        await client.aclose()


@pytest.fixture
async def start() -> AsyncIterator[Start[Any]]:
    """Starts tasks that a failing test leaves behind cancelled, not pending into the next."""
    started: list[asyncio.Task[Any]] = []

    def start_task(coroutine: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        task = asyncio.create_task(coroutine)
        started.append(task)
        return task

    try:
        yield start_task
    finally:
        for task in started:
            task.cancel()
        await asyncio.gather(*started, return_exceptions=True)


async def add(store: RedisEventStore, game_id: str, count: int = 1) -> None:
    events = [f"{game_id}-{index}".encode() for index in range(count)]
    await store.append(game_id, events, expected_version=None, command_id=None, command_digest=None)


def versions(events: list[StoredEvent]) -> list[int]:
    return [event.version for event in events]


async def blocking_connections(redis_client: Redis) -> int:
    return sum(1 for client in await redis_client.client_list() if client["name"] == BLOCKING_NAME)


async def blocked_clients(redis_client: Redis) -> int:
    return int((await redis_client.info("clients"))["blocked_clients"])


async def eventually(check: Callable[[], Awaitable[bool]], timeout_s: float = 10.0) -> None:
    """Wait until an async predicate holds: waiters take a moment to join and a
    cancelled read to end, longer on a busy machine."""
    deadline = time.monotonic() + timeout_s
    while not await check():
        assert time.monotonic() < deadline, "condition never held"
        await asyncio.sleep(0.01)


async def test_300_long_polls_on_one_game_hold_one_blocking_connection(
    redis_client: Redis, blocking: Redis, start: Start[list[StoredEvent]]
) -> None:
    store = RedisEventStore(redis_client, blocking_client=blocking)
    await add(store, "crowd")
    waits = [start(store.wait_for("crowd", 1, WAIT_S)) for _ in range(300)]
    await eventually(lambda: _watching(store, redis_client, games=1))
    assert await blocking_connections(redis_client) == 1

    await add(store, "crowd")
    answers = await asyncio.gather(*waits)
    assert [versions(answer) for answer in answers] == [[2]] * 300
    assert await blocking_connections(redis_client) == 1
    await eventually(lambda: _watching(store, redis_client, games=0))


async def test_long_polls_with_different_afters_get_their_own_slices(
    redis_client: Redis, blocking: Redis, start: Start[list[StoredEvent]]
) -> None:
    store = RedisEventStore(redis_client, blocking_client=blocking)
    await add(store, "g", 5)
    ahead = start(store.wait_for("g", 7, WAIT_S))
    await eventually(lambda: _watching(store, redis_client, games=1))
    # Waiters on a game whose loop blocks join it at their first step.
    everything = start(store.wait_for("g", 5, WAIT_S))
    one = start(store.wait_for("g", 5, WAIT_S, limit=1))
    next_one = start(store.wait_for("g", 6, WAIT_S))
    await asyncio.sleep(0)
    assert versions(await store.wait_for("g", 2, WAIT_S)) == [3, 4, 5]

    await add(store, "g", 2)
    assert versions(await everything) == [6, 7]
    assert versions(await one) == [6]
    assert versions(await next_one) == [7]
    await asyncio.sleep(0.05)
    assert not ahead.done()

    # More events than the loop fetches at once: the waiter reads the rest itself.
    await add(store, "g", 300)
    assert versions(await ahead) == list(range(8, 308))
    await eventually(lambda: _watching(store, redis_client, games=0))


async def test_a_cancelled_long_poll_leaves_the_others_and_the_last_one_ends_the_read(
    redis_client: Redis, blocking: Redis, start: Start[list[StoredEvent]]
) -> None:
    store = RedisEventStore(redis_client, blocking_client=blocking)
    waits = await _three_joined_waits(store, redis_client, start, after=0)
    waits[0].cancel()  # as Litestar does when a client disconnects
    await asyncio.gather(waits[0], return_exceptions=True)
    assert store.watched_games == 1
    assert await blocked_clients(redis_client) == 1
    await add(store, "g")
    assert [versions(answer) for answer in await asyncio.gather(*waits[1:])] == [[1], [1]]

    waits = await _three_joined_waits(store, redis_client, start, after=1)
    for wait in waits:
        wait.cancel()
    await asyncio.gather(*waits, return_exceptions=True)
    assert store.watched_games == 0
    await eventually(lambda: _watching(store, redis_client, games=0))

    # The store serves the next long poll as before.
    wait = start(store.wait_for("g", 1, WAIT_S))
    await asyncio.sleep(0.05)
    await add(store, "g")
    assert versions(await wait) == [2]


async def test_long_polls_on_many_games_hold_one_blocking_connection_per_game(
    redis_client: Redis, blocking: Redis, start: Start[list[StoredEvent]]
) -> None:
    store = RedisEventStore(redis_client, blocking_client=blocking)
    games = [f"game{index}" for index in range(20)]
    waits = {game: [start(store.wait_for(game, 0, WAIT_S)) for _ in range(5)] for game in games}
    await eventually(lambda: _watching(store, redis_client, games=20))
    assert await blocking_connections(redis_client) == 20

    for game in games:
        await add(store, game)
    for game in games:
        answers = await asyncio.gather(*waits[game])
        assert [[event.data for event in answer] for answer in answers] == [
            [f"{game}-0".encode()]
        ] * 5
    await eventually(lambda: _watching(store, redis_client, games=0))


async def test_more_watched_games_than_blocking_connections_poll_instead_of_failing(
    redis_client: Redis, embedded_redis: EmbeddedRedis, start: Start[list[StoredEvent]]
) -> None:
    blocking = open_redis(embedded_redis.url, max_connections=4, pool_wait_s=0.2)
    try:
        store = RedisEventStore(redis_client, blocking_client=blocking)
        games = [f"many{index}" for index in range(12)]
        waits = [start(store.wait_for(game, 0, WAIT_S)) for game in games for _ in "ab"]
        await eventually(lambda: _watched(store, games=12))
        assert await blocked_clients(redis_client) <= 4

        for game in games:
            await add(store, game)
        answers = await asyncio.gather(*waits)
        assert [versions(answer) for answer in answers] == [[1]] * 24
    finally:
        await blocking.aclose()


async def _three_joined_waits(
    store: RedisEventStore, redis_client: Redis, start: Start[list[StoredEvent]], after: int
) -> list[asyncio.Task[list[StoredEvent]]]:
    """Three long polls on game "g", all registered with its blocking loop."""
    first = start(store.wait_for("g", after, WAIT_S))
    await eventually(lambda: _watching(store, redis_client, games=1))
    # The others join the blocking loop at their first step, without a read of their own.
    waits = [
        first,
        start(store.wait_for("g", after, WAIT_S)),
        start(store.wait_for("g", after, WAIT_S)),
    ]
    await asyncio.sleep(0)
    return waits


async def _watched(store: RedisEventStore, games: int) -> bool:
    return store.watched_games == games


async def _watching(store: RedisEventStore, redis_client: Redis, games: int) -> bool:
    """The store watches `games` games, each with its one read blocked in Redis."""
    return store.watched_games == games and await blocked_clients(redis_client) == games
