"""Finished games archived out of a real Redis: every read route answers as before,
a crash between the archive and the eviction loses nothing, two runners archive once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from archive_play import fork_log, play_to_the_end, read_routes, refusals
from cluster_fixture import RedisClusterProcesses
from litestar import Litestar
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis

from service.app.archiving import Archiver
from service.http.app import create_app
from service.store import RedisEventStore
from service.store.archive_files import FileGameArchive
from service.store.archived_store import ARCHIVE_FOLDER, ArchivedEventStore, with_archive
from service.store.base import ArchivedGame
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis
from service.store.redis_cluster import open_redis_cluster
from service.store.redis_eviction import RedisGameEviction

pytestmark = pytest.mark.anyio


async def _game_keys(redis: Redis, game_id: str) -> list[bytes]:
    return sorted(await redis.keys(f"{{g:{game_id}}}:*"))


def _worker_store(redis: Redis, data_dir: Path) -> ArchivedEventStore:
    """What a worker builds: its own client, the same Redis and data folder."""
    return with_archive(RedisEventStore(redis), data_dir)


def _app(embedded_redis: EmbeddedRedis, data_dir: Path) -> Litestar:
    """An API process of its own (the test client runs it in a loop of its own)."""
    served = open_redis(embedded_redis.url)
    return create_app(with_archive(RedisEventStore(served), data_dir), on_shutdown=[served.aclose])


@pytest.mark.parametrize("private", [False, True], ids=["public", "private-log"])
async def test_an_archived_game_answers_every_route_as_before(
    embedded_redis: EmbeddedRedis, tmp_path: Path, private: bool
) -> None:
    checker = open_redis(embedded_redis.url)
    await checker.flushall()
    app = _app(embedded_redis, tmp_path)
    try:
        async with AsyncTestClient(app) as client:
            played = await play_to_the_end(client, seed=21, private=private)
            before = await read_routes(client, played)
            refused = await refusals(client, played)
            forked = await fork_log(client, played)
            assert await _game_keys(checker, played.game_id)

            archiver = Archiver(_worker_store(checker, tmp_path), retention_s=0)
            assert await archiver.archive_game(played.game_id) == "archived"
            assert await _game_keys(checker, played.game_id) == []
            assert (tmp_path / ARCHIVE_FOLDER).is_dir()

            assert await read_routes(client, played) == before
            assert await refusals(client, played) == refused
            assert await fork_log(client, played) == forked
        # A process that never saw the game in Redis (nothing remembered) answers the same.
        async with AsyncTestClient(_app(embedded_redis, tmp_path)) as client:
            assert await read_routes(client, played) == before
            assert await refusals(client, played) == refused
        assert await _game_keys(checker, played.game_id) == []
    finally:
        await checker.aclose()


class _CrashBeforeEviction(RedisGameEviction):
    async def evict(self, game_id: str, version: int, meta: object) -> bool:  # type: ignore[override]
        raise ConnectionError("the worker died after writing the archive")


async def test_a_crash_between_the_archive_and_the_eviction_loses_nothing(
    embedded_redis: EmbeddedRedis, tmp_path: Path
) -> None:
    checker = open_redis(embedded_redis.url)
    await checker.flushall()
    app = _app(embedded_redis, tmp_path)
    try:
        async with AsyncTestClient(app) as client:
            played = await play_to_the_end(client, seed=4)
            before = await read_routes(client, played)
            keys = await _game_keys(checker, played.game_id)
            archive = FileGameArchive(tmp_path / ARCHIVE_FOLDER)
            crashing = ArchivedEventStore(
                RedisEventStore(checker), archive, _CrashBeforeEviction(checker)
            )
            with pytest.raises(ConnectionError):
                await Archiver(crashing, retention_s=0).archive_game(played.game_id)
            # The file is written, Redis still holds the game: readable as before.
            assert archive.has(played.game_id)
            assert await _game_keys(checker, played.game_id) == keys
            assert await read_routes(client, played) == before
            # Run again: it completes (the crashed run's claim was given back).
            assert (
                await Archiver(_worker_store(checker, tmp_path), 0).archive_game(played.game_id)
                == "archived"
            )
            assert await _game_keys(checker, played.game_id) == []
            assert await read_routes(client, played) == before
    finally:
        await checker.aclose()


class _SlowArchive(FileGameArchive):
    def put(self, game: ArchivedGame) -> None:
        time.sleep(0.3)  # holds the claim while the other runner tries
        super().put(game)


async def test_two_concurrent_runners_archive_a_game_once(
    embedded_redis: EmbeddedRedis, tmp_path: Path
) -> None:
    checker = open_redis(embedded_redis.url)
    second = open_redis(embedded_redis.url)
    await checker.flushall()
    app = _app(embedded_redis, tmp_path)
    try:
        async with AsyncTestClient(app) as client:
            played = await play_to_the_end(client, seed=9)
            before = await read_routes(client, played)
        runners = [
            Archiver(
                ArchivedEventStore(
                    RedisEventStore(redis),
                    _SlowArchive(tmp_path / ARCHIVE_FOLDER),
                    RedisGameEviction(redis),
                ),
                retention_s=0,
            )
            for redis in (checker, second)
        ]
        outcomes = await asyncio.gather(*(r.archive_game(played.game_id) for r in runners))
        assert sorted(outcomes) == ["archived", "claimed"]
        # Both runners' sweeps afterwards find nothing to do.
        swept = await asyncio.gather(*(runner.sweep() for runner in runners))
        assert [counts.archived for counts in swept] == [0, 0]
        assert await _game_keys(checker, played.game_id) == []
        async with AsyncTestClient(_app(embedded_redis, tmp_path)) as client:
            assert await read_routes(client, played) == before
    finally:
        await checker.aclose()
        await second.aclose()


async def test_a_game_is_archived_from_a_redis_cluster(
    redis_cluster: RedisClusterProcesses, tmp_path: Path
) -> None:
    # Every script of the archiving touches one game's keys: one slot.
    checker = open_redis_cluster(redis_cluster.url)
    await checker.flushall()
    served = open_redis_cluster(redis_cluster.url)
    app = create_app(with_archive(RedisEventStore(served), tmp_path), on_shutdown=[served.aclose])
    try:
        async with AsyncTestClient(app) as client:
            played = await play_to_the_end(client, seed=13)
            before = await read_routes(client, played)
            store = with_archive(RedisEventStore(checker), tmp_path)
            assert await Archiver(store, retention_s=0).archive_game(played.game_id) == "archived"
            assert [k async for k in checker.scan_iter(match=f"{{g:{played.game_id}}}:*")] == []
            assert await read_routes(client, played) == before
            # A write puts it back, on its slot.
            await store.put_meta(played.game_id, {"note": b"later"})
            assert await store.inner.version(played.game_id) == played.version
    finally:
        await checker.aclose()
