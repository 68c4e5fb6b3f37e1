"""The event store's Redis Cluster URL form, and the queues that refuse a cluster."""

from __future__ import annotations

import pytest
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from service.cli import main
from service.store.redis_cluster import (
    cluster_nodes,
    is_cluster_url,
    open_redis_cluster,
    open_store_client,
)
from workers.queue import open_queue


def test_a_cluster_url_lists_its_seed_nodes_and_options_for_every_node() -> None:
    url = "redis+cluster://app:s%3Acret@10.0.0.1:7000,10.0.0.2:7001/?socket_timeout=2.5"

    nodes, options = cluster_nodes(url)

    assert nodes == [("10.0.0.1", 7000), ("10.0.0.2", 7001)]
    assert options == {"username": "app", "password": "s:cret", "socket_timeout": 2.5}
    assert is_cluster_url(url) and not is_cluster_url("redis://10.0.0.1:7000/0")


@pytest.mark.parametrize(
    "url",
    [
        "redis://10.0.0.1:7000",  # one server: not the cluster form
        "redis+cluster://10.0.0.1",  # no port
        "redis+cluster://10.0.0.1:7000,:7001",  # no host
        "redis+cluster://10.0.0.1:7000/3",  # a cluster has database 0 only
    ],
)
def test_malformed_cluster_urls_are_refused(url: str) -> None:
    with pytest.raises(ValueError):
        cluster_nodes(url)


@pytest.mark.anyio
async def test_the_store_client_is_a_cluster_client_only_for_the_cluster_form() -> None:
    cluster = open_store_client("redis+cluster://127.0.0.1:7000,127.0.0.1:7001")
    single = open_store_client("redis://127.0.0.1:6379/0")
    try:
        assert isinstance(cluster, RedisCluster) and isinstance(single, Redis)
        limited = open_redis_cluster("redis+cluster://127.0.0.1:7000", max_connections=7)
        assert limited.get_connection_kwargs()["max_connections"] == 7
        await limited.aclose()
    finally:
        await cluster.aclose()
        await single.aclose()


def test_the_queues_refuse_a_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="RQ_REDIS_URL"):
        open_queue("redis+cluster://127.0.0.1:7000")
    # A worker given only the cluster says why it cannot start, before connecting.
    assert main(["worker", "--redis-url", "redis+cluster://127.0.0.1:7000"]) == 2
    assert "rq does not run on Redis Cluster" in capsys.readouterr().err
