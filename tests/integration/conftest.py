"""Fixtures for the store contract: one embedded Redis per session, stores per test."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from cluster_fixture import RedisClusterProcesses
from redis.asyncio import Redis

from service.app.league.records_store import RecordsLeagueStore
from service.app.league.store import InMemoryLeagueStore, LeagueStore
from service.store import EventStore, InMemoryEventStore, RedisEventStore
from service.store.durability import durability
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis
from service.store.redis_cluster import open_redis_cluster
from service.store.redis_league import RedisLeagueRecords, open_league_client


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    # redis.asyncio and the in-memory store's futures are asyncio-only.
    return "asyncio"


@pytest.fixture(scope="session")
def embedded_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedRedis]:
    with EmbeddedRedis(tmp_path_factory.mktemp("redis-data")) as server:
        yield server


@pytest.fixture
async def redis_client(embedded_redis: EmbeddedRedis) -> AsyncIterator[Redis]:
    client = open_redis(embedded_redis.url)
    await client.flushall()
    try:
        yield client
    finally:
        await client.aclose()


@pytest.fixture(params=["memory", "redis", "cluster", "cluster-replica"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[EventStore]:
    """Every implementation of the EventStore role; the contract runs against each
    (the Redis one on a standalone server and on a Redis Cluster, there also
    with every append acknowledged by a replica)."""
    if request.param == "memory":
        yield InMemoryEventStore()
        return
    if request.param.startswith("cluster"):
        cluster: RedisClusterProcesses = request.getfixturevalue("redis_cluster")
        cluster_client = open_redis_cluster(cluster.url)
        await cluster_client.flushall()  # on every master
        mode = "replica" if request.param == "cluster-replica" else "none"
        try:
            yield RedisEventStore(cluster_client, durability=durability(mode))
        finally:
            await cluster_client.aclose()
        return
    # Requested lazily so memory-only runs start no server.
    server: EmbeddedRedis = request.getfixturevalue("embedded_redis")
    client = open_redis(server.url)
    await client.flushall()
    try:
        yield RedisEventStore(client)
    finally:
        await client.aclose()


@pytest.fixture(params=["memory", "redis", "cluster"])
def league(request: pytest.FixtureRequest) -> Iterator[LeagueStore]:
    """Every adapter of the LeagueStore port, each test under a fresh hash tag."""
    if request.param == "memory":
        yield InMemoryLeagueStore()
        return
    if request.param == "cluster":
        url = request.getfixturevalue("redis_cluster").url
    else:
        url = request.getfixturevalue("embedded_redis").url
    client = open_league_client(url)
    try:
        yield RecordsLeagueStore(RedisLeagueRecords(client, tag=f"league-{uuid.uuid4().hex}"))
    finally:
        client.close()
