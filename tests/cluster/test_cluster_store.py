"""The event store on a Redis Cluster: what the shared contract does not show.

The contract itself runs on the cluster through the `store` fixture of
tests/integration; these are the cluster's own facts: a batch of appends
spans the masters in one round trip each, what spans games finds games on
every master, and two API nodes (two clients) see each other's appends.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx
import msgspec
import pytest
from cluster_fixture import RedisClusterProcesses
from redis.asyncio.cluster import ClusterNode, RedisCluster

from service.http.app import create_app
from service.store import AppendResult, RedisEventStore
from service.store.redis_client import HiredisPackedConnection
from service.store.redis_cluster import open_redis_cluster

pytestmark = pytest.mark.anyio

WAIT_S = 30


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
async def cluster_client(redis_cluster: RedisClusterProcesses) -> AsyncIterator[RedisCluster]:
    client = open_redis_cluster(redis_cluster.url)
    await client.flushall()
    try:
        yield client
    finally:
        await client.aclose()


class NodeRoundTrips:
    """Round trips per node of every cluster client: one per command or per node's pipeline."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.per_node: dict[str, int] = {}
        for name in ("execute_command", "execute_pipeline"):
            monkeypatch.setattr(ClusterNode, name, self._counted(getattr(ClusterNode, name)))

    @property
    def total(self) -> int:
        return sum(self.per_node.values())

    def _counted(self, method: Any) -> Any:
        async def counted(node: ClusterNode, *args: Any, **kwargs: Any) -> Any:
            self.per_node[node.name] = self.per_node.get(node.name, 0) + 1
            return await method(node, *args, **kwargs)

        return counted


async def append(store: RedisEventStore, game_id: str, *events: bytes) -> AppendResult:
    return await store.append(
        game_id, list(events), expected_version=None, command_id=None, command_digest=None
    )


def games_on_every_master(client: RedisCluster, per_master: int) -> list[str]:
    """Game ids whose `{g:<id>}` slots fall on each master, `per_master` of each."""
    chosen: dict[str, list[str]] = {node.name: [] for node in client.get_primaries()}
    for index in range(10_000):
        game_id = f"spread{index}"
        owner = chosen[client.get_node_from_key(f"{{g:{game_id}}}:version").name]
        if len(owner) < per_master:
            owner.append(game_id)
        if all(len(games) == per_master for games in chosen.values()):
            return [game for games in chosen.values() for game in games]
    raise AssertionError("no spread of games over the masters found")


async def test_appends_started_together_take_one_round_trip_per_master(
    cluster_client: RedisCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisEventStore(cluster_client)
    await append(store, "warm", b"a")  # the masters have the script from here on
    games = games_on_every_master(cluster_client, per_master=10)
    round_trips = NodeRoundTrips(monkeypatch)

    outcomes = await asyncio.gather(*(append(store, game, game.encode()) for game in games))

    assert outcomes == [AppendResult(first_version=1, last_version=1)] * 30
    assert sorted(round_trips.per_node.values()) == [1, 1, 1]
    for game in games:
        assert [event.data for event in await store.read(game)] == [game.encode()]


async def test_a_batch_after_the_masters_lost_their_scripts_appends_each_once(
    cluster_client: RedisCluster,
) -> None:
    store = RedisEventStore(cluster_client)
    await append(store, "warm", b"a")
    await cluster_client.script_flush()  # on every master
    games = games_on_every_master(cluster_client, per_master=2)

    outcomes = await asyncio.gather(*(append(store, game, b"a") for game in games))

    assert outcomes == [AppendResult(first_version=1, last_version=1)] * 6
    assert [await store.version(game) for game in games] == [1] * 6


async def test_the_games_of_every_master_are_listed_headlined_and_filed(
    cluster_client: RedisCluster,
) -> None:
    store = RedisEventStore(cluster_client)
    games = games_on_every_master(cluster_client, per_master=3)
    for score, game in enumerate(games):
        await append(store, game, b"created")
        await store.put_meta(game, {"name": game.encode()})
        await store.index_game(game, "open", float(score))

    assert sorted([game async for game in store.game_ids()]) == sorted(games)
    headlines = await store.headlines(games)
    assert [headline.meta for headline in headlines] == [{"name": g.encode()} for g in games]
    assert await store.list_games("open", limit=100) == games


async def test_a_long_poll_on_one_api_node_sees_an_append_through_another(
    redis_cluster: RedisClusterProcesses, cluster_client: RedisCluster
) -> None:
    # Two API nodes share nothing but the cluster: a store and clients each.
    watcher_blocking = open_redis_cluster(redis_cluster.url, socket_timeout=10)
    node_b = RedisEventStore(cluster_client, blocking_client=watcher_blocking)
    writer_client = open_redis_cluster(redis_cluster.url)
    node_a = RedisEventStore(writer_client)
    try:
        games = games_on_every_master(cluster_client, per_master=1)
        waits = [asyncio.create_task(node_b.wait_for(game, 0, WAIT_S)) for game in games]
        await asyncio.sleep(0.2)  # the watchers block on their masters
        assert not any(wait.done() for wait in waits)
        for game in games:
            await append(node_a, game, game.encode())
        seen = await asyncio.wait_for(asyncio.gather(*waits), WAIT_S)
        assert [[event.data for event in events] for events in seen] == [
            [game.encode()] for game in games
        ]
    finally:
        await writer_client.aclose()
        await watcher_blocking.aclose()


async def test_the_cluster_client_packs_commands_with_hiredis_on_every_node(
    cluster_client: RedisCluster,
) -> None:
    store = RedisEventStore(cluster_client)
    await asyncio.gather(
        *(append(store, game, b"a") for game in games_on_every_master(cluster_client, 2))
    )

    connections = [conn for node in cluster_client.get_nodes() for conn in node._connections]
    assert connections and {type(conn) for conn in connections} == {HiredisPackedConnection}


async def test_a_client_that_decodes_responses_is_refused(
    redis_cluster: RedisClusterProcesses,
) -> None:
    client = open_redis_cluster(redis_cluster.url, decode_responses=True)
    try:
        with pytest.raises(ValueError, match="decode_responses"):
            RedisEventStore(client)
    finally:
        await client.aclose()


async def test_a_command_and_a_view_read_are_one_round_trip_each_on_the_cluster(
    cluster_client: RedisCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisEventStore(cluster_client)
    app = create_app(store)
    round_trips = NodeRoundTrips(monkeypatch)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        body = {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4}
        created = (await http.post("/games", json=body)).json()
        game_id, tokens = created["game_id"], created["tokens"]
        per_command, per_view = [], []
        for _ in range(8):
            view = (await app.state.games.game(game_id)).record.state
            headers = {"authorization": f"Bearer {tokens[str(view.turn)]}"}
            legal = (await http.get(f"/games/{game_id}/view", headers=headers)).json()
            command = _first_legal(legal)
            before = round_trips.total
            posted = await http.post(f"/games/{game_id}/commands", content=command, headers=headers)
            per_command.append(round_trips.total - before)
            assert posted.status_code == 200, posted.text
            before = round_trips.total
            viewed = await http.get(f"/games/{game_id}/view", headers=headers)
            per_view.append(round_trips.total - before)
            assert viewed.status_code == 200
    # As on one server (tests/integration/test_redis_round_trips.py), past the scripts' loading.
    assert per_command[2:] == [1] * 6, per_command
    assert per_view[2:] == [1] * 6, per_view


def _first_legal(view: dict[str, Any]) -> bytes:
    return msgspec.json.encode(view["legal_commands"][0])
