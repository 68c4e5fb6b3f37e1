"""The GameRemoval port's contract, which every store passes."""

from __future__ import annotations

import pytest

from service.store import EventStore

pytestmark = pytest.mark.anyio


async def test_a_removed_game_leaves_nothing_and_its_id_is_free(store: EventStore) -> None:
    await store.put_meta("g1", {"importing": b"1"})
    await store.append(
        "g1",
        [b"e1", b"e2"],
        expected_version=0,
        command_id="c:1",
        command_digest="d",
        views={"state": b"s"},
    )
    await store.index_game("g1", "active", 1.0)
    await store.append("g2", [b"x"], expected_version=0, command_id=None, command_digest=None)

    await store.remove_game("g1")

    assert await store.version("g1") == 0 and not await store.exists("g1")
    assert await store.get_meta("g1") == {}
    assert await store.get_view("g1", "state") is None
    assert await store.list_games("active") == []
    assert [game async for game in store.game_ids()] == ["g2"]
    # The command id is forgotten with the log: the id's first command appends again.
    again = await store.append(
        "g1", [b"e1"], expected_version=0, command_id="c:1", command_digest="d"
    )
    assert not again.duplicate and again.last_version == 1
    assert await store.put_meta_if_absent("g1", "info", b"i")


async def test_a_game_is_removed_at_its_version_only(store: EventStore) -> None:
    await store.put_meta("g1", {"info": b"i"})
    await store.append("g1", [b"e1"], expected_version=0, command_id=None, command_digest=None)
    await store.index_game("g1", "open", 1.0)
    await store.append("g1", [b"e2"], expected_version=1, command_id=None, command_digest=None)

    # Read at version 1, the game moved on since: it stays whole.
    assert not await store.remove_game_at("g1", 1)
    assert await store.version("g1") == 2 and await store.get_meta("g1") == {"info": b"i"}
    assert await store.list_games("open") == ["g1"]

    assert await store.remove_game_at("g1", 2)
    assert await store.version("g1") == 0 and not await store.exists("g1")
    assert await store.get_meta("g1") == {} and await store.list_games("open") == []
