"""The EventLog port's contract, which every store passes (memory, Redis, Redis Cluster)."""

from __future__ import annotations

import asyncio
import time

import pytest
from store_table import append, datas, versions

from service.store import (
    AppendResult,
    CommandIdReused,
    EventStore,
    InvalidGameId,
    VersionConflict,
)

pytestmark = pytest.mark.anyio


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


# Long poll


async def test_wait_for_returns_available_events_at_once(store: EventStore) -> None:
    await append(store, "g1", b"a", b"b")
    # A wait of ten minutes that must not be waited: bounded far from both ends.
    waited = await asyncio.wait_for(store.wait_for("g1", after=1, timeout_s=600), timeout=120)
    assert versions(waited) == [2]


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
    assert time.monotonic() - started >= 0.08  # it waited (how much longer: the machine's)
    assert await store.wait_for("g1", after=1, timeout_s=0) == []


async def test_wait_for_ignores_other_games(store: EventStore) -> None:
    waiter = asyncio.create_task(store.wait_for("g1", after=0, timeout_s=0.2))
    await asyncio.sleep(0.02)
    await append(store, "g2", b"elsewhere")
    assert await waiter == []


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
