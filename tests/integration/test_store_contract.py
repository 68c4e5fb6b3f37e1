"""The EventStore contract, which every implementation passes; Redis-only facts at the end."""

from __future__ import annotations

import asyncio
import time

import pytest
from redis.asyncio import Redis
from redis.crc import key_slot
from store_table import append

from service.store import (
    AppendResult,
    CommandIdReused,
    CorruptStream,
    EventStore,
    InvalidGameId,
    RedisEventStore,
    Snapshot,
    StoredEvent,
    StoredView,
    VersionConflict,
)
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis

pytestmark = pytest.mark.anyio


def datas(events: list[StoredEvent]) -> list[bytes]:
    return [event.data for event in events]


def versions(events: list[StoredEvent]) -> list[int]:
    return [event.version for event in events]


# Versions and reads


async def test_a_new_game_has_version_zero_and_no_events(store: EventStore) -> None:
    assert await store.version("g1") == 0
    assert not await store.exists("g1")
    assert await store.read("g1") == []


async def test_appends_number_events_consecutively_and_read_returns_them_in_order(
    store: EventStore,
) -> None:
    first = await append(store, "g1", b"a", b"b", b"c", expected_version=0)
    second = await append(store, "g1", b"d", b"\x00\xff", expected_version=3)

    assert first == AppendResult(first_version=1, last_version=3)
    assert (second.first_version, second.version, second.duplicate) == (4, 5, False)
    assert await store.version("g1") == 5
    assert await store.exists("g1")
    events = await store.read("g1")
    assert versions(events) == [1, 2, 3, 4, 5]
    assert datas(events) == [b"a", b"b", b"c", b"d", b"\x00\xff"]


async def test_read_after_and_limit(store: EventStore) -> None:
    await append(store, "g1", b"1", b"2", b"3", b"4", b"5")

    assert versions(await store.read("g1", after=2)) == [3, 4, 5]
    assert versions(await store.read("g1", after=1, limit=2)) == [2, 3]
    assert versions(await store.read("g1", limit=10)) == [1, 2, 3, 4, 5]
    assert await store.read("g1", after=5) == []
    assert await store.read("g1", after=9) == []
    assert await store.read("g1", limit=0) == []


async def test_append_without_expected_version_appends_unconditionally(store: EventStore) -> None:
    await append(store, "g1", b"a")
    appended = await append(store, "g1", b"b")
    assert appended.first_version == 2


# Optimistic concurrency


@pytest.mark.parametrize("stale", [0, 1, 3])
async def test_stale_expected_version_is_refused_with_the_current_version(
    store: EventStore, stale: int
) -> None:
    await append(store, "g1", b"a", b"b", expected_version=0)

    with pytest.raises(VersionConflict) as refused:
        await append(store, "g1", b"c", b"d", expected_version=stale)

    assert (refused.value.expected, refused.value.current) == (stale, 2)


async def test_a_refused_batch_writes_nothing(store: EventStore) -> None:
    await append(store, "g1", b"a", expected_version=0)

    with pytest.raises(VersionConflict):
        await append(store, "g1", b"x", b"y", b"z", expected_version=0, command_id="c", digest="d")

    assert await store.version("g1") == 1
    assert datas(await store.read("g1")) == [b"a"]
    # The command id was not consumed either: the same command may still go through.
    appended = await append(store, "g1", b"x", expected_version=1, command_id="c", digest="d")
    assert not appended.duplicate


async def test_concurrent_writers_at_one_version_exactly_one_wins(store: EventStore) -> None:
    await append(store, "g1", b"created", expected_version=0)

    outcomes = await asyncio.gather(
        *(
            append(
                store, "g1", f"w{writer}-1".encode(), f"w{writer}-2".encode(), expected_version=1
            )
            for writer in range(20)
        ),
        return_exceptions=True,
    )

    winners = [outcome for outcome in outcomes if isinstance(outcome, AppendResult)]
    losers = [outcome for outcome in outcomes if isinstance(outcome, VersionConflict)]
    assert len(winners) == 1 and len(losers) == 19
    assert winners[0] == AppendResult(first_version=2, last_version=3)
    assert all(loser.current >= 3 for loser in losers)
    events = await store.read("g1")
    assert versions(events) == [1, 2, 3]
    winner = events[1].data.split(b"-")[0]
    assert datas(events)[1:] == [winner + b"-1", winner + b"-2"]


# Idempotency


async def test_a_retried_command_returns_the_original_result_and_writes_nothing(
    store: EventStore,
) -> None:
    original = await append(
        store, "g1", b"a", b"b", expected_version=0, command_id="c1", digest="d1", result=b"resp"
    )
    await append(store, "g1", b"later", expected_version=2)

    # The retry carries the version the client saw first: it is answered, not refused.
    retried = await append(
        store, "g1", b"a", b"b", expected_version=0, command_id="c1", digest="d1", result=b"new"
    )

    assert original == AppendResult(first_version=1, last_version=2, result=b"resp")
    assert retried == AppendResult(first_version=1, last_version=2, duplicate=True, result=b"resp")
    assert await store.version("g1") == 3


async def test_a_retry_of_a_command_recorded_without_result_has_no_result(
    store: EventStore,
) -> None:
    await append(store, "g1", b"a", command_id="c1", digest="d1")
    retried = await append(store, "g1", b"a", command_id="c1", digest="d1")
    assert retried == AppendResult(first_version=1, last_version=1, duplicate=True, result=None)


async def test_a_command_id_reused_for_another_command_is_refused(store: EventStore) -> None:
    await append(store, "g1", b"a", command_id="c1", digest="d1")

    with pytest.raises(CommandIdReused) as refused:
        await append(store, "g1", b"b", expected_version=1, command_id="c1", digest="other")

    assert refused.value.command_id == "c1"
    assert datas(await store.read("g1")) == [b"a"]


async def test_concurrent_retries_of_one_command_write_it_once(store: EventStore) -> None:
    outcomes = await asyncio.gather(
        *(append(store, "g1", b"a", b"b", command_id="c1", digest="d1") for _ in range(10))
    )

    assert sum(not outcome.duplicate for outcome in outcomes) == 1
    assert {(outcome.first_version, outcome.last_version) for outcome in outcomes} == {(1, 2)}
    assert await store.version("g1") == 2


async def test_a_command_with_no_events_is_recorded_without_moving_the_version(
    store: EventStore,
) -> None:
    await append(store, "g1", b"a")
    recorded = await append(store, "g1", expected_version=1, command_id="noop", digest="d")
    retried = await append(store, "g1", expected_version=1, command_id="noop", digest="d")

    assert recorded == AppendResult(first_version=2, last_version=1)
    assert retried == AppendResult(first_version=2, last_version=1, duplicate=True)
    assert await store.version("g1") == 1


async def test_recall_answers_a_known_command_id_and_writes_nothing(store: EventStore) -> None:
    await append(store, "g1", b"a", b"b", command_id="c1", digest="d1", result=b"resp")

    assert await store.recall("g1", "c1", "d1") == AppendResult(
        first_version=1, last_version=2, duplicate=True, result=b"resp"
    )
    assert await store.recall("g1", "c2", "d1") is None
    assert await store.recall("g2", "c1", "d1") is None
    with pytest.raises(CommandIdReused):
        await store.recall("g1", "c1", "other")
    assert await store.version("g1") == 2


async def test_a_field_set_only_if_absent_has_one_winner(store: EventStore) -> None:
    won = await asyncio.gather(
        *(store.put_meta_if_absent("g1", "claimed:1", f"d{i}".encode()) for i in range(10))
    )

    assert sum(won) == 1
    winner = [f"d{i}".encode() for i, ok in enumerate(won) if ok]
    assert (await store.get_meta("g1"))["claimed:1"] == winner[0]
    assert await store.put_meta_if_absent("g1", "claimed:2", b"x")


# Long poll


async def test_wait_for_returns_available_events_at_once(store: EventStore) -> None:
    await append(store, "g1", b"a", b"b")
    started = time.monotonic()
    assert versions(await store.wait_for("g1", after=1, timeout_s=5)) == [2]
    # Well before the timeout, with room for a slow, busy CI machine.
    assert time.monotonic() - started < 4


async def test_wait_for_wakes_up_on_an_append(store: EventStore) -> None:
    await append(store, "g1", b"a")
    waiter = asyncio.create_task(store.wait_for("g1", after=1, timeout_s=5))
    await asyncio.sleep(0.05)
    assert not waiter.done()

    await append(store, "g1", b"b", b"c", expected_version=1)

    events = await asyncio.wait_for(waiter, 2)
    assert versions(events) == [2, 3]
    assert datas(events) == [b"b", b"c"]


async def test_wait_for_times_out_empty(store: EventStore) -> None:
    await append(store, "g1", b"a")
    started = time.monotonic()
    assert await store.wait_for("g1", after=1, timeout_s=0.1) == []
    assert 0.08 <= time.monotonic() - started < 2
    assert await store.wait_for("g1", after=1, timeout_s=0) == []


async def test_wait_for_ignores_other_games(store: EventStore) -> None:
    waiter = asyncio.create_task(store.wait_for("g1", after=0, timeout_s=0.2))
    await asyncio.sleep(0.02)
    await append(store, "g2", b"elsewhere")
    assert await waiter == []


# Side records: meta, lobby, views


async def test_meta_fields_merge_and_read_back(store: EventStore) -> None:
    assert await store.get_meta("g1") == {}
    await store.put_meta("g1", {"ruleset": b'{"preset":"gin"}', "seat:0": b"hash0"})
    await store.put_meta("g1", {"seat:0": b"hash0b", "seat:1": b"hash1"})
    await store.put_meta("g1", {})

    assert await store.get_meta("g1") == {
        "ruleset": b'{"preset":"gin"}',
        "seat:0": b"hash0b",
        "seat:1": b"hash1",
    }


async def test_an_append_returns_the_meta_only_when_asked(store: EventStore) -> None:
    await store.put_meta("g1", {"info": b"i", "handed:1": b"2"})

    asked = await store.append(
        "g1", [b"a"], expected_version=0, command_id=None, command_digest=None, with_meta=True
    )
    plain = await store.append(
        "g1", [b"b"], expected_version=1, command_id=None, command_digest=None
    )
    fresh = await store.append(
        "g2", [b"c"], expected_version=0, command_id=None, command_digest=None, with_meta=True
    )

    assert asked.meta == {"info": b"i", "handed:1": b"2"}
    assert plain.meta is None
    assert fresh.meta == {}


async def test_lobby_lists_games_by_status_in_score_order(store: EventStore) -> None:
    for game_id, score in [("c", 3.0), ("a", 1.0), ("b", 2.0), ("d", 4.5)]:
        await store.index_game(game_id, "open", score)

    assert await store.list_games("open") == ["a", "b", "c", "d"]
    assert await store.list_games("open", limit=2, offset=1) == ["b", "c"]
    assert await store.list_games("open", limit=0) == []
    assert await store.list_games("active") == []


async def test_lobby_files_a_game_under_one_status_only(store: EventStore) -> None:
    await store.index_game("a", "open", 1)
    await store.index_game("b", "open", 2)
    await store.index_game("a", "active", 5)
    await store.index_game("a", "finished", 9)

    assert await store.list_games("open") == ["b"]
    assert await store.list_games("active") == []
    assert await store.list_games("finished") == ["a"]

    await store.unindex_game("a")
    assert await store.list_games("finished") == []


async def test_lobby_refuses_unknown_statuses_and_nan(store: EventStore) -> None:
    with pytest.raises(ValueError):
        await store.index_game("a", "paused", 1)
    with pytest.raises(ValueError):
        await store.list_games("paused")
    with pytest.raises(ValueError):
        await store.index_game("a", "open", float("nan"))


async def test_views_are_cached_per_viewer_and_never_go_back_in_version(
    store: EventStore,
) -> None:
    assert await store.get_view("g1", "seat:0") is None

    await store.put_view("g1", "seat:0", 3, b"v3")
    await store.put_view("g1", "seat:0", 2, b"v2-late")
    await store.put_view("g1", "spectator", 1, b"s1")
    assert await store.get_view("g1", "seat:0") == StoredView(version=3, data=b"v3")

    await store.put_view("g1", "seat:0", 4, b"v4")
    assert await store.get_view("g1", "seat:0") == StoredView(version=4, data=b"v4")
    assert await store.get_view("g1", "spectator") == StoredView(version=1, data=b"s1")

    await store.drop_views("g1")
    assert await store.get_view("g1", "seat:0") is None
    assert await store.get_view("g1", "spectator") is None


async def test_an_append_caches_its_views_at_the_new_version(store: EventStore) -> None:
    await store.put_view("g1", "seat:1", 1, b"old")
    await store.put_view("g1", "seat:2", 9, b"fresher")
    appended = await store.append(
        "g1",
        [b"a", b"b"],
        expected_version=0,
        command_id=None,
        command_digest=None,
        views={"seat:0": b"v2", "seat:1": b"w2", "seat:2": b"stale"},
    )

    assert appended.version == 2
    assert await store.get_view("g1", "seat:0") == StoredView(version=2, data=b"v2")
    assert await store.get_view("g1", "seat:1") == StoredView(version=2, data=b"w2")
    # Like put_view: never over a fresher projection.
    assert await store.get_view("g1", "seat:2") == StoredView(version=9, data=b"fresher")


async def test_a_refused_or_duplicate_append_caches_no_views(store: EventStore) -> None:
    await append(store, "g1", b"a", command_id="c", digest="d", result=b"r")
    with pytest.raises(VersionConflict):
        await store.append(
            "g1", [b"b"], expected_version=0, command_id=None, command_digest=None,
            views={"seat:0": b"refused"},
        )  # fmt: skip
    retried = await store.append(
        "g1", [b"a"], expected_version=0, command_id="c", command_digest="d",
        views={"seat:0": b"duplicate"},
    )  # fmt: skip
    with pytest.raises(CommandIdReused):
        await store.append(
            "g1", [b"a"], expected_version=None, command_id="c", command_digest="other",
            views={"seat:0": b"reused"},
        )  # fmt: skip

    assert retried.duplicate
    assert await store.get_view("g1", "seat:0") is None


async def test_a_snapshot_reads_the_version_views_and_meta_together(store: EventStore) -> None:
    assert await store.snapshot("g1", ["seat:0"], meta=True) == Snapshot(version=0, meta={})
    await append(store, "g1", b"a", b"b", b"c")
    await store.put_view("g1", "seat:0", 2, b"v2")
    await store.put_view("g1", "state", 3, b"s3")
    await store.put_meta("g1", {"info": b"i", "seed": b"\x00\xff"})

    assert await store.snapshot("g1") == Snapshot(version=3)
    assert await store.snapshot("g1", ["seat:0", "seat:1", "state"]) == Snapshot(
        version=3,
        views={
            "seat:0": StoredView(version=2, data=b"v2"),
            "state": StoredView(version=3, data=b"s3"),
        },
    )
    with_meta = await store.snapshot("g1", ["seat:1"], meta=True)
    assert with_meta == Snapshot(version=3, meta={"info": b"i", "seed": b"\x00\xff"})
    assert (await store.snapshot("g2", ["seat:0"], meta=True)).meta == {}
    with pytest.raises(InvalidGameId):
        await store.snapshot("{bad}")


async def test_a_snapshot_brings_the_fallback_only_to_build_a_stale_view(
    store: EventStore,
) -> None:
    await append(store, "g1", b"a", b"b", b"c")
    await store.put_view("g1", "seat:0", 3, b"v3")
    await store.put_view("g1", "seat:1", 2, b"w2")
    await store.put_view("g1", "state", 3, b"s3")
    state = {"state": StoredView(version=3, data=b"s3")}
    fresh = {"seat:0": StoredView(version=3, data=b"v3")}
    stale = {"seat:1": StoredView(version=2, data=b"w2")}

    async def views(viewers: list[str], have: int = 0) -> dict[str, StoredView]:
        snapshot = await store.snapshot("g1", viewers, fallback=["state"], have=have)
        assert snapshot.version == 3
        return snapshot.views

    assert await views(["seat:0"]) == fresh
    assert await views(["seat:1"]) == stale | state
    assert await views(["seat:2"]) == state
    assert await views(["seat:0", "seat:1"]) == fresh | stale | state
    # The caller holds the game at its version already, or is asking for no view.
    assert await views(["seat:1"], have=3) == stale
    assert await views([], have=2) == state
    assert await views([], have=3) == {}
    # A game with no events has nothing to build from.
    empty = await store.snapshot("g2", ["seat:0"], fallback=["state"])
    assert empty == Snapshot(version=0)


async def test_headlines_read_many_games_versions_and_meta_in_order(store: EventStore) -> None:
    await append(store, "g1", b"a", b"b")
    await append(store, "g2", b"c")
    await store.put_meta("g1", {"info": b"one", "claimed:1": b"1"})
    await store.put_meta("g2", {"info": b"two"})

    assert await store.headlines(["g2", "unknown", "g1"]) == [
        Snapshot(version=1, meta={"info": b"two"}),
        Snapshot(version=0, meta={}),
        Snapshot(version=2, meta={"info": b"one", "claimed:1": b"1"}),
    ]
    assert await store.headlines([]) == []
    with pytest.raises(InvalidGameId):
        await store.headlines(["g1", "{bad}"])


# Isolation and argument checks


async def test_games_are_isolated(store: EventStore) -> None:
    await append(store, "g1", b"one", command_id="c", digest="d1", result=b"r1")
    await append(store, "g2", b"two", b"two", command_id="c", digest="d2", result=b"r2")
    await store.put_meta("g1", {"k": b"1"})
    await store.put_view("g1", "seat:0", 1, b"view")

    assert datas(await store.read("g1")) == [b"one"]
    assert datas(await store.read("g2")) == [b"two", b"two"]
    assert await store.version("g2") == 2
    assert await store.get_meta("g2") == {}
    assert await store.get_view("g2", "seat:0") is None
    retried = await append(store, "g2", b"two", b"two", command_id="c", digest="d2")
    assert retried.result == b"r2"


async def test_game_ids_lists_games_with_events(store: EventStore) -> None:
    await append(store, "g1", b"a")
    await append(store, "g-2_x", b"b")
    await store.put_meta("meta-only", {"k": b"v"})

    assert sorted([game_id async for game_id in store.game_ids()]) == ["g-2_x", "g1"]


@pytest.mark.parametrize("game_id", ["", "a}b", "{g:x}", "with space", "x" * 65])
async def test_game_ids_that_would_break_the_hash_tag_are_refused(
    store: EventStore, game_id: str
) -> None:
    with pytest.raises(InvalidGameId):
        await append(store, game_id, b"a")
    with pytest.raises(InvalidGameId):
        await store.read(game_id)


async def test_bad_append_arguments_are_refused(store: EventStore) -> None:
    with pytest.raises(ValueError):
        await append(store, "g1", b"a", command_id="c")
    with pytest.raises(ValueError):
        await append(store, "g1", b"a", digest="d")
    with pytest.raises(ValueError):
        await append(store, "g1", b"a", command_id="", digest="d")
    with pytest.raises(ValueError):
        await append(store, "g1", b"a", expected_version=-1)
    with pytest.raises(ValueError):
        await store.read("g1", after=-1)
    assert await store.version("g1") == 0


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
    client = Redis.from_url(embedded_redis.url, socket_timeout=0.4)
    try:
        store = RedisEventStore(client)
        assert await store.wait_for("abc", after=0, timeout_s=0.7) == []
        waiter = asyncio.create_task(store.wait_for("abc", after=0, timeout_s=5))
        await asyncio.sleep(0.5)
        await append(store, "abc", b"a")
        assert versions(await asyncio.wait_for(waiter, 2)) == [1]
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
