"""Fixtures shared by every test folder: the Redis Cluster, started once per session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from cluster_fixture import RedisClusterProcesses


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisClusterProcesses]:
    """3 masters and 3 replicas on loopback; requested lazily, so most runs start none."""
    with RedisClusterProcesses(tmp_path_factory.mktemp("redis-cluster")) as cluster:
        yield cluster
