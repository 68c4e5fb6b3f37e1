"""Fixtures shared by every test folder: the Redis Cluster, started once per session."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from cluster_fixture import RedisClusterProcesses

# Every `rummy serve` and `rummy worker` the tests start (children inherit this)
# plays no seeding games: 80 bot-only games would take the 2 cores from the
# games under test. The test of seeding itself asks for a few.
os.environ.setdefault("LEAGUE_SEED_GAMES", "0")


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisClusterProcesses]:
    """3 masters and 3 replicas on loopback; requested lazily, so most runs start none."""
    with RedisClusterProcesses(tmp_path_factory.mktemp("redis-cluster")) as cluster:
        yield cluster


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules marked slow run first. xdist hands out whole modules (`--dist
    loadscope`, unsorted: `--no-loadscope-reorder`) in this order: a minute-long module
    handed out last would run alone at the end, the other workers idle meanwhile."""
    slow = {item.nodeid.split("::")[0] for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in slow)
