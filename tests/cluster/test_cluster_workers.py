"""Bots and timers with the event store on a Redis Cluster and the queues on a standalone Redis."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cluster_fixture import RedisClusterProcesses
from litestar import Litestar
from litestar.testing import TestClient
from redis.cluster import ClusterNode, RedisCluster
from rq import Queue
from rq.serializers import JSONSerializer

from service.http.app import create_app
from service.runtime.settings import Settings
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_cluster import open_redis_cluster
from workers.jobs import configure
from workers.queue import open_queue
from workers.rq_worker import PromptWorker
from workers.schedule import TurnScheduler


@pytest.fixture
def cluster_app(
    redis_cluster: RedisClusterProcesses, tmp_path: Path
) -> Iterator[tuple[TestClient[Litestar], Queue]]:
    """The API on the cluster; its appends, and the jobs' own, enqueue on a standalone Redis."""
    nodes = [ClusterNode(redis_cluster.host, port) for port in redis_cluster.ports]
    with RedisCluster(startup_nodes=nodes) as sync_cluster:
        sync_cluster.flushall()
    with EmbeddedRedis(tmp_path / "queues") as queues:
        # The jobs build their services from these settings, as `rummy worker` does.
        configure(Settings(redis_url=redis_cluster.url, rq_redis_url=queues.url))
        queue = open_queue(queues.url)
        client = open_redis_cluster(redis_cluster.url)
        store = RedisEventStore(client)
        app = create_app(
            store, on_appended=TurnScheduler(store, queue), on_shutdown=[client.aclose]
        )
        try:
            with TestClient(app) as test_client:
                yield test_client, queue
        finally:
            queue.connection.close()
            configure(Settings())


def test_a_bot_only_game_on_the_cluster_is_played_to_the_end(
    cluster_app: tuple[TestClient[Litestar], Queue],
) -> None:
    client, queue = cluster_app
    bots = [{"kind": "bot", "level": 1 + seat % 3} for seat in range(3)]
    body = {"seats": bots, "preset": "classic", "rules": {"game_end": "hands:1"}, "seed": 11}
    created = client.post("/games", json=body)
    assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    worker = PromptWorker([queue], connection=queue.connection, serializer=JSONSerializer)
    for _ in range(50):
        if not worker.work(burst=True, with_scheduler=True, logging_level="WARNING"):
            break
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "finished", summary["view"]
    # The lobby, on its own slot, followed the game to its end.
    assert game_id in [
        entry["game_id"]
        for entry in client.get("/games", params={"status": "finished"}).json()["games"]
    ]
