"""A refused request writes nothing: no meta, no events, no lobby entry, in either store."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.http.app import create_app
from service.store import InMemoryEventStore, RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis

pytestmark = pytest.mark.anyio

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]
JSON = {"content-type": "application/json"}

# Bodies POST /games refuses, each for another reason (before the fix, the
# first two answered 500 after writing the game's meta).
REFUSED: list[dict[str, Any] | bytes] = [
    {"seats": TWO_HUMANS, "rules": {"reuse_limit": 10**23}},
    {"seats": TWO_HUMANS, "rules": {"initial_meld_min": 10**30}},
    {"seats": TWO_HUMANS, "rules": {"reuse_limit": 10**12}},
    {"seats": TWO_HUMANS, "rules": {"game_end": "hands:99999"}},
    {"seats": TWO_HUMANS, "rules": {"players": [2] * 20_000}},
    {"seats": TWO_HUMANS, "turn_time_limit_s": 1e-300},
    b'{"seats":' + b"[" * 2000 + b"]" * 2000 + b"}",
    b'{"seats":[{"kind":"human"},{"kind":"human"}],"seats":[{"kind":"bot"},{"kind":"bot"}]}',
]


class FakeWatchedStore(InMemoryEventStore):
    """The in-memory store, listing every write it is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []

    async def append(self, game_id: str, *args: Any, **kwargs: Any) -> Any:
        self.writes.append(f"append {game_id}")
        return await super().append(game_id, *args, **kwargs)

    async def put_meta(self, game_id: str, fields: Mapping[str, bytes]) -> None:
        self.writes.append(f"put_meta {game_id}")
        await super().put_meta(game_id, fields)

    async def index_game(self, game_id: str, status: str, score: float) -> None:
        self.writes.append(f"index_game {game_id}")
        await super().index_game(game_id, status, score)

    async def put_view(self, game_id: str, viewer: str, version: int, data: bytes) -> None:
        self.writes.append(f"put_view {game_id}")
        await super().put_view(game_id, viewer, version, data)


async def _post_all(client: Any, bodies: Sequence[dict[str, Any] | bytes]) -> list[int]:
    statuses = []
    for body in bodies:
        if isinstance(body, bytes):
            response = await client.post("/games", content=body, headers=JSON)
        else:
            response = await client.post("/games", json=body)
        statuses.append(response.status_code)
    return statuses


async def test_refused_creations_leave_nothing_in_the_in_memory_store() -> None:
    store = FakeWatchedStore()
    async with AsyncTestClient(create_app(store)) as client:
        statuses = await _post_all(client, REFUSED)
        assert all(status in (400, 422) for status in statuses), statuses
        assert store.writes == []
        # The watch works: an accepted game writes.
        assert (await client.post("/games", json={"seats": TWO_HUMANS})).status_code == 201
        assert store.writes


async def test_refused_creations_leave_no_key_in_redis(embedded_redis: EmbeddedRedis) -> None:
    # The app runs in its test client's loop, with a client of its own; this one checks.
    checker, served = open_redis(embedded_redis.url), open_redis(embedded_redis.url)
    await checker.flushall()
    app = create_app(RedisEventStore(served), on_shutdown=[served.aclose])
    try:
        async with AsyncTestClient(app) as client:
            statuses = await _post_all(client, REFUSED)
            assert all(status in (400, 422) for status in statuses), statuses
            assert await checker.keys("*") == []
            assert (await client.post("/games", json={"seats": TWO_HUMANS})).status_code == 201
            assert await checker.dbsize() > 0
    finally:
        await checker.aclose()
