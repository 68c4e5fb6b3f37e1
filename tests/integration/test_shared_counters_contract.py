"""The SharedCounters contract, against the in-memory store, Redis and a Redis Cluster."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest

from service.store.ports import SharedCounters
from service.store.redis_client import open_redis
from service.store.redis_cluster import open_redis_cluster
from service.store.shared_counters import InMemorySharedCounters, RedisSharedCounters

pytestmark = pytest.mark.anyio


@pytest.fixture(params=["memory", "redis", "cluster"])
async def counters(request: pytest.FixtureRequest) -> AsyncIterator[SharedCounters]:
    if request.param == "memory":
        yield InMemorySharedCounters()
        return
    if request.param == "cluster":
        client = open_redis_cluster(request.getfixturevalue("redis_cluster").url)
    else:
        client = open_redis(request.getfixturevalue("embedded_redis").url)
    try:
        # A fresh tag per test: no flush, and every key of one test on one slot.
        yield RedisSharedCounters(client, tag=f"metrics-{uuid.uuid4().hex}")
    finally:
        await client.aclose()


async def test_totals_add_up_per_name_and_field(counters: SharedCounters) -> None:
    await counters.add({"turns": {"1": 1, "4": 1}, "seconds": {"sum": 0.25}})
    await counters.add({"turns": {"1": 2}, "seconds": {"sum": 0.5}})
    totals = await counters.totals(["turns", "seconds"])
    assert totals["turns"] == {"1": 3, "4": 1}
    assert totals["seconds"]["sum"] == pytest.approx(0.75)


async def test_counts_stay_integers(counters: SharedCounters) -> None:
    await counters.add({"turns": {"2": 1}})
    (count,) = (await counters.totals(["turns"]))["turns"].values()
    assert count == 1 and isinstance(count, int)


async def test_a_name_never_added_to_reads_as_absent(counters: SharedCounters) -> None:
    await counters.add({"turns": {"1": 1}})
    assert await counters.totals(["never", "turns"]) == {"turns": {"1": 1}}
    assert await counters.totals([]) == {}


async def test_concurrent_adds_lose_nothing(counters: SharedCounters) -> None:
    # Many workers add at once; each add is its own round trip.
    await asyncio.gather(
        *(counters.add({"turns": {"1": 1}, "seconds": {"count": 1, "sum": 0.5}}) for _ in range(50))
    )
    totals = await counters.totals(["turns", "seconds"])
    assert totals["turns"] == {"1": 50}
    assert totals["seconds"] == {"count": 50, "sum": 25.0}
