"""The GameMeta port's contract, which every store passes."""

from __future__ import annotations

import asyncio

import pytest

from service.store import (
    EventStore,
)

pytestmark = pytest.mark.anyio


async def test_a_field_set_only_if_absent_has_one_winner(store: EventStore) -> None:
    won = await asyncio.gather(
        *(store.put_meta_if_absent("g1", "claimed:1", f"d{i}".encode()) for i in range(10))
    )

    assert sum(won) == 1
    winner = [f"d{i}".encode() for i, ok in enumerate(won) if ok]
    assert (await store.get_meta("g1"))["claimed:1"] == winner[0]
    assert await store.put_meta_if_absent("g1", "claimed:2", b"x")


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


async def test_removed_meta_fields_are_gone_and_the_others_stay(store: EventStore) -> None:
    await store.put_meta("g1", {"a": b"1", "b": b"2", "c": b"3"})
    await store.remove_meta_fields("g1", ["a", "c", "never set"])
    await store.remove_meta_fields("g1", [])
    await store.remove_meta_fields("g2", ["a"])

    assert await store.get_meta("g1") == {"b": b"2"}
    await store.remove_meta_fields("g1", ["b"])
    # A record left with no field is no record.
    assert await store.get_meta("g1") == {}
    assert [game_id async for game_id in store.meta_ids()] == []


async def test_every_meta_record_is_listed_with_or_without_events(store: EventStore) -> None:
    # A game's meta is written before its first event: a creation that stopped
    # between is found by its meta, which game_ids (games with events) misses.
    await store.put_meta("g1", {"info": b"i"})
    await store.put_meta("g2", {"info": b"i"})
    await store.append("g2", [b"a"], expected_version=0, command_id=None, command_digest=None)

    assert sorted([game_id async for game_id in store.meta_ids()]) == ["g1", "g2"]
    assert [game_id async for game_id in store.game_ids()] == ["g2"]
