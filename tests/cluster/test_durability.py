"""Durability modes: in `replica` mode an append is answered once a replica has it,
and one no replica acknowledged in time is a retryable 503, not an acknowledgement."""

from __future__ import annotations

import os
import signal
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
from cluster_fixture import RedisClusterProcesses
from redis.asyncio.cluster import RedisCluster

from service.http.app import create_app
from service.store import RedisEventStore
from service.store.durability import Durability, NotReplicated, durability
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis
from service.store.redis_cluster import open_redis_cluster
from service.store.redis_keys import game_key

pytestmark = pytest.mark.anyio

REPLICA = durability("replica", timeout_ms=1000)


@pytest.fixture(scope="module")
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


def replica_of(cluster: RedisClusterProcesses, master_port: int) -> int:
    with cluster.client(master_port) as master:
        return int(master.info("replication")["slave0"]["port"])


@pytest.fixture
def paused(redis_cluster: RedisClusterProcesses) -> Iterator[list[int]]:
    """Replicas to pause (SIGSTOP): resumed at the end, well inside the node timeout."""
    ports: list[int] = []
    yield ports
    for port in ports:
        os.kill(redis_cluster.processes[port].pid, signal.SIGCONT)


async def append(store: RedisEventStore, game_id: str, data: bytes) -> None:
    await store.append(game_id, [data], expected_version=None, command_id=None, command_digest=None)


async def test_an_append_in_replica_mode_is_on_the_replica_when_it_is_answered(
    redis_cluster: RedisClusterProcesses, cluster_client: RedisCluster
) -> None:
    store = RedisEventStore(cluster_client, durability=REPLICA)
    for index in range(12):  # a game on every master, several at once in one batch
        await append(store, f"durable{index}", b"e1")
        master = cluster_client.get_node_from_key(game_key(f"durable{index}", "version"))
        assert master is not None
        with redis_cluster.client(replica_of(redis_cluster, master.port)) as replica:
            replica.execute_command("READONLY")
            # Read at once, with no wait: the reply came after the replica had it.
            assert replica.get(game_key(f"durable{index}", "version")) == b"1"


async def test_an_append_no_replica_acknowledged_in_time_is_a_retryable_503(
    redis_cluster: RedisClusterProcesses, cluster_client: RedisCluster, paused: list[int]
) -> None:
    store_durability = durability("replica", timeout_ms=200)
    store = RedisEventStore(cluster_client, durability=store_durability)
    app = create_app(store)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        body = {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 5}
        created = await http.post("/games", json=body)
        assert created.status_code == 201, created.text
        game_id, tokens = created.json()["game_id"], created.json()["tokens"]
        master = cluster_client.get_node_from_key(game_key(game_id, "version"))
        assert master is not None
        replica = replica_of(redis_cluster, master.port)
        os.kill(redis_cluster.processes[replica].pid, signal.SIGSTOP)
        paused.append(replica)
        summary = (await http.get(f"/games/{game_id}")).json()
        seat = summary["view"]["turn"]
        headers = {"authorization": f"Bearer {tokens[str(seat)]}"}
        command = {"type": "draw", "source": "stock", "command_id": "draw-1"}
        refused = await http.post(f"/games/{game_id}/commands", json=command, headers=headers)
        assert refused.status_code == 503, refused.text
        assert refused.json()["code"] == "store_unavailable"
        assert refused.headers["retry-after"] == "1"
        # Its retry through another API node, the replica still away: answered
        # from the record, and no more acknowledged than the first attempt.
        other_client = open_redis_cluster(redis_cluster.url)
        other = create_app(RedisEventStore(other_client, durability=store_durability))
        try:
            async with httpx.AsyncClient(
                transport=httpx.ASGITransport(app=other), base_url="http://test"
            ) as node_b:
                url = f"/games/{game_id}/commands"
                again = await node_b.post(url, json=command, headers=headers)
        finally:
            await other_client.aclose()
        assert again.status_code == 503, again.text
        # The replica is back: the same command id gets the one outcome, now replicated.
        os.kill(redis_cluster.processes[replica].pid, signal.SIGCONT)
        paused.clear()
        retried = await http.post(f"/games/{game_id}/commands", json=command, headers=headers)
        assert retried.status_code == 200, retried.text
        assert retried.json()["version"] == 3
        log = (await http.get(f"/games/{game_id}/events", headers=headers)).json()
        assert [event["version"] for event in log["events"]][-1] == 3


async def test_replica_mode_on_a_server_without_replicas_acknowledges_nothing(
    tmp_path: Path,
) -> None:
    with EmbeddedRedis(tmp_path / "alone") as server:
        client = open_redis(server.url)
        try:
            store = RedisEventStore(client, durability=durability("replica", timeout_ms=50))
            with pytest.raises(NotReplicated):
                await append(store, "g1", b"e1")
            # In the default mode the master's reply is the acknowledgement.
            await append(RedisEventStore(client), "g2", b"e1")
            assert await RedisEventStore(client).version("g2") == 1
        finally:
            await client.aclose()


def test_the_mode_is_a_setting() -> None:
    from service.runtime.settings import SettingsError, settings_from_env

    settings = settings_from_env({"DURABILITY": "replica", "DURABILITY_TIMEOUT_MS": "250"})
    acknowledged = durability(settings.durability, settings.durability_timeout_ms)
    assert acknowledged == Durability(replicas=1, timeout_ms=250)
    # Refused naming the variable the operator set.
    with pytest.raises(SettingsError, match="at DURABILITY"):
        settings_from_env({"DURABILITY": "fsync"})


async def test_a_new_client_in_replica_mode_appends_before_anything_else(
    redis_cluster: RedisClusterProcesses,
) -> None:
    client = open_redis_cluster(redis_cluster.url)  # not connected yet: no slot map
    try:
        store = RedisEventStore(client, durability=REPLICA)
        await append(store, "first-use", b"e1")
        assert await store.version("first-use") == 1
    finally:
        await client.aclose()
