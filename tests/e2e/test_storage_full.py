"""A full event store (Redis past its maxmemory): 507 `storage_full`, nothing half-written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar.testing import TestClient
from redis import Redis as SyncRedis
from redis.asyncio import Redis
from redis.exceptions import OutOfMemoryError

from service.http.app import create_app
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis


@pytest.fixture
def server(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    with EmbeddedRedis(tmp_path / "redis", maxmemory="64mb") as embedded:
        yield embedded


def _fill(admin: SyncRedis) -> None:
    """Lower maxmemory well under what is used, until a probe write is refused: every
    write is refused from now on. The margin is wide because used memory moves (client
    buffers, the append-only file's) on a busy machine: 100 KB under was not always under."""
    admin.set("ballast", b"x" * 1_000_000)
    for margin in (400_000, 800_000):
        used = int(admin.info("memory")["used_memory"])
        admin.config_set("maxmemory", used - margin)
        try:
            admin.set("probe", b"x")
        except OutOfMemoryError:
            return
        admin.delete("probe")
    raise AssertionError("the store took writes past its maxmemory")


def test_the_embedded_redis_refuses_rather_than_evicts(server: EmbeddedRedis) -> None:
    admin = SyncRedis.from_url(server.url)
    assert admin.config_get("maxmemory-policy")["maxmemory-policy"] == "noeviction"
    assert int(admin.config_get("maxmemory")["maxmemory"]) == 64 * 1024 * 1024


def test_a_full_store_answers_507_and_writes_nothing(server: EmbeddedRedis) -> None:
    admin = SyncRedis.from_url(server.url)
    redis = Redis.from_url(server.url)
    app = create_app(RedisEventStore(redis), on_shutdown=[redis.aclose])
    with TestClient(app) as client:
        created = client.post("/games", json={"seats": [{"kind": "human"}] * 2, "preset": "duel"})
        game_id, token = created.json()["game_id"], created.json()["tokens"]["0"]
        version = client.get(f"/games/{game_id}").json()["version"]
        _fill(admin)
        keys = set(admin.keys())

        refused = client.post("/games", json={"seats": [{"kind": "human"}] * 2})
        assert refused.status_code == 507, refused.text
        assert refused.json()["code"] == "storage_full"
        assert refused.headers["content-type"].startswith("application/problem+json")
        command = client.post(
            f"/games/{game_id}/commands",
            json={"type": "draw", "source": "stock"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert command.status_code == 507, command.text
        assert set(admin.keys()) == keys  # no orphan of a half-made game
        # Reads go on, and the game was not moved.
        assert client.get(f"/games/{game_id}").json()["version"] == version

        admin.delete("ballast")
        admin.config_set("maxmemory", 64 * 1024 * 1024)
        again = client.post(
            f"/games/{game_id}/commands",
            json={"type": "draw", "source": "stock"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert again.status_code == 200, again.text
    admin.close()
