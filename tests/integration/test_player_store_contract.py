"""The PlayerStore contract, which both adapters pass; Redis key facts at the end."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from cluster_fixture import RedisClusterProcesses
from redis.asyncio import Redis
from redis.crc import key_slot

from service.store import InMemoryPlayerStore, PlayerStore, RedisPlayerStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.players_redis import player_key
from service.store.redis_client import open_redis
from service.store.redis_cluster import open_redis_cluster

pytestmark = pytest.mark.anyio


@pytest.fixture(params=["memory", "redis", "cluster"])
async def players(request: pytest.FixtureRequest) -> AsyncIterator[PlayerStore]:
    """Every adapter of the PlayerStore port; the contract runs against each (the
    Redis one on a standalone server and on a Redis Cluster: a player's keys share
    one slot, so its scripts run there)."""
    if request.param == "memory":
        yield InMemoryPlayerStore()
        return
    if request.param == "cluster":
        cluster: RedisClusterProcesses = request.getfixturevalue("redis_cluster")
        cluster_client = open_redis_cluster(cluster.url)
        await cluster_client.flushall()
        try:
            yield RedisPlayerStore(cluster_client)
        finally:
            await cluster_client.aclose()
        return
    server: EmbeddedRedis = request.getfixturevalue("embedded_redis")
    client = open_redis(server.url)
    await client.flushall()
    try:
        yield RedisPlayerStore(client)
    finally:
        await client.aclose()


async def test_an_unknown_player_has_an_empty_record(players: PlayerStore) -> None:
    assert await players.get_player("p1") == {}
    assert await players.games("p1") == []


async def test_a_player_is_created_once(players: PlayerStore) -> None:
    assert await players.create_player("p1", {"name": b"Ada", "token": b"h1"})
    assert not await players.create_player("p1", {"name": b"Eve", "token": b"h2"})
    assert await players.get_player("p1") == {"name": b"Ada", "token": b"h1"}


async def test_of_racing_creations_of_one_id_exactly_one_wins(players: PlayerStore) -> None:
    won = await asyncio.gather(
        *(players.create_player("p1", {"name": str(n).encode()}) for n in range(8))
    )
    assert sorted(won) == [False] * 7 + [True]
    name = (await players.get_player("p1"))["name"]
    assert won[int(name)]


async def test_an_update_merges_into_an_existing_record_only(players: PlayerStore) -> None:
    assert not await players.update_player("p1", {"name": b"Ghost"})
    assert await players.get_player("p1") == {}
    await players.create_player("p1", {"name": b"Ada", "token": b"h1"})
    assert await players.update_player("p1", {"name": b"Ada L."})
    assert await players.get_player("p1") == {"name": b"Ada L.", "token": b"h1"}


async def test_a_players_games_come_newest_first_with_paging(players: PlayerStore) -> None:
    for score, game_id in [(1.0, "g1"), (3.0, "g3"), (2.0, "g2")]:
        await players.add_game("p1", game_id, score)
    await players.add_game("p2", "g9", 9.0)
    assert await players.games("p1") == ["g3", "g2", "g1"]
    assert await players.games("p1", limit=2, offset=1) == ["g2", "g1"]
    assert await players.games("p1", limit=0) == []
    await players.add_game("p1", "g1", 4.0)  # filed again: moves up
    assert await players.games("p1") == ["g1", "g3", "g2"]
    await players.remove_game("p1", "g3")
    await players.remove_game("p1", "unknown")
    assert await players.games("p1") == ["g1", "g2"]
    assert await players.games("p2") == ["g9"]


async def test_a_players_games_pass_over_members_no_game_id_spells(players: PlayerStore) -> None:
    """A member of a player's games set written by hand (not UTF-8, no game id) fails
    neither their list (/players/me/games) nor its next pages."""
    if not isinstance(players, RedisPlayerStore):
        pytest.skip("only Redis holds members no game id spells")
    for score, game_id in [(1.0, "g1"), (3.0, "g3"), (5.0, "g5")]:
        await players.add_game("p1", game_id, score)
    bad = {b"\xff\xfe": 2.0, b"no game": 4.0, b"\xc0": 6.0}
    await players._redis.zadd(player_key("p1", "games"), bad)
    assert await players.games("p1", limit=2) == ["g5", "g3"]
    assert await players.games("p1", limit=2, offset=2) == ["g1"]
    assert await players.games("p1") == ["g5", "g3", "g1"]


async def test_a_player_field_whose_name_is_no_utf8_is_not_read(players: PlayerStore) -> None:
    """Written by hand (no release writes one), it failed every read of the player, so
    every request with their token was a 500; the fields beside it read as they are."""
    if not isinstance(players, RedisPlayerStore):
        pytest.skip("only Redis holds a field name that is no text")
    await players.create_player("p1", {"name": b"Ada", "token": b"h1"})
    await players._redis.hset(player_key("p1", "player"), b"\xff\xfe", b"x")
    assert await players.get_player("p1") == {"name": b"Ada", "token": b"h1"}


async def test_bad_ids_and_listings_are_refused_alike(players: PlayerStore) -> None:
    for bad in ("", "a b", "{p:x}", "x" * 65):
        with pytest.raises(ValueError):
            await players.get_player(bad)
    with pytest.raises(ValueError):
        await players.games("p1", limit=-1)


async def test_redis_keeps_each_players_keys_in_one_slot(redis_client: Redis) -> None:
    players = RedisPlayerStore(redis_client)
    await players.create_player("p1", {"name": b"Ada"})
    await players.add_game("p1", "g1", 1.0)
    keys = sorted([key async for key in redis_client.scan_iter(match="{p:p1}*")])
    assert keys == [b"{p:p1}:games", b"{p:p1}:player"]
    assert len({key_slot(key) for key in keys}) == 1
