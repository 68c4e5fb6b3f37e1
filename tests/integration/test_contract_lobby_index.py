"""The LobbyIndex port's contract, which every store passes."""

from __future__ import annotations

import pytest
from store_table import append

from service.store import (
    EventStore,
    InvalidGameId,
    RedisEventStore,
    Snapshot,
)
from service.store.redis_keys import lobby_key

pytestmark = pytest.mark.anyio


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


async def test_lobby_lines_no_game_key_could_take_are_passed_over(store: EventStore) -> None:
    """A member of a lobby set that is no game id (not UTF-8, a space, too long: written
    by hand, as no release does) fails neither a page nor the pages after it: it is
    dropped from the index, which is only a cache, and the games around it list in order."""
    if not isinstance(store, RedisEventStore):
        pytest.skip("only Redis holds members no game id spells")
    for game_id, score in [("a", 1.0), ("b", 3.0), ("c", 5.0), ("d", 7.0)]:
        await store.index_game(game_id, "open", score)
    bad = {b"\xff\xfe": 2.0, b"no game": 4.0, b"x" * 65: 4.5, b"\xc0": 6.0}
    await store.client.zadd(lobby_key("open"), bad)

    assert await store.list_games("open", limit=2) == ["a", "b"]
    assert await store.list_games("open", limit=2, offset=2) == ["c", "d"]
    assert await store.list_games("open") == ["a", "b", "c", "d"]
    assert (
        await store.headlines(await store.list_games("open")) == [Snapshot(version=0, meta={})] * 4
    )
