"""The test cluster itself: 3 masters, 3 replicas, every slot served, writes replicated."""

from __future__ import annotations

import time

from cluster_fixture import RedisClusterProcesses
from redis.cluster import ClusterNode, RedisCluster


def test_the_cluster_has_three_masters_each_with_a_replica(
    redis_cluster: RedisClusterProcesses,
) -> None:
    roles = redis_cluster.node_roles()
    assert sorted(roles.values()) == ["master"] * 3 + ["slave"] * 3
    with redis_cluster.client(redis_cluster.ports[0]) as node:
        info = node.cluster("info")
    assert (info["cluster_state"], info["cluster_size"], info["cluster_known_nodes"]) == (
        "ok",
        "3",
        "6",
    )


def test_a_write_through_the_cluster_client_reaches_the_keys_replica(
    redis_cluster: RedisClusterProcesses,
) -> None:
    nodes = [ClusterNode(redis_cluster.host, port) for port in redis_cluster.ports]
    with RedisCluster(startup_nodes=nodes) as client:
        for index in range(30):  # spread over the slots, so over every master
            client.set(f"fixture-check:{index}", index)
        master = client.get_node_from_key("fixture-check:0")
    with redis_cluster.client(master.port) as node:
        replication = node.info("replication")
    assert replication["role"] == "master" and replication["connected_slaves"] == 1
    deadline = time.monotonic() + 60  # generous: replication on a loaded machine
    with redis_cluster.client(replication["slave0"]["port"]) as replica:
        replica.execute_command("READONLY")  # else a replica redirects reads to its master
        while replica.get("fixture-check:0") != b"0":
            assert time.monotonic() < deadline, "the replica never got the write"
            time.sleep(0.02)
