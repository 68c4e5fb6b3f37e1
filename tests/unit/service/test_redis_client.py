"""The API's Redis client packs commands in C, into the very bytes redis-py would
send, and bounds a write by its socket timeout without a task of its own."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
import redis.exceptions
from redis.asyncio.connection import Connection, UnixDomainSocketConnection

from service.store.redis_client import HiredisPackedConnection, WaitingConnectionPool, open_redis


def test_hiredis_packing_matches_redis_py_byte_for_byte() -> None:
    commands = [
        ("EVALSHA", "f00d", 3, "{g:1}:version", b"\x00\xff bytes", 7, -2, 1.5, "caf\u00e9"),
        ("CONFIG GET", "maxmemory"),
        ("XADD", b"stream", "0-1", "e", b""),
    ]
    for args in commands:
        python_packed = b"".join(Connection().pack_command(*args))
        assert b"".join(HiredisPackedConnection().pack_command(*args)) == python_packed


def test_tcp_urls_get_the_packing_connection_and_sockets_keep_theirs() -> None:
    tcp = open_redis("redis://127.0.0.1:6399/0")
    unix = open_redis("unix:///tmp/nowhere.sock")
    assert tcp.connection_pool.connection_class is HiredisPackedConnection
    assert unix.connection_pool.connection_class is UnixDomainSocketConnection


def test_the_pool_is_bounded_and_waits_for_a_free_connection() -> None:
    client = open_redis("redis://127.0.0.1:6399/0", max_connections=3, pool_wait_s=2.5)
    pool = client.connection_pool
    assert isinstance(pool, WaitingConnectionPool)
    assert (pool.max_connections, pool.wait_s) == (3, 2.5)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@asynccontextmanager
async def _connected_to_a_server_that_never_reads(
    connection: HiredisPackedConnection,
) -> AsyncIterator[None]:
    accepted: list[asyncio.StreamWriter] = []
    server = await asyncio.start_server(
        lambda reader, writer: accepted.append(writer), "127.0.0.1", 0
    )
    port = server.sockets[0].getsockname()[1]
    connection._reader, connection._writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        yield
    finally:
        await connection.disconnect()
        for writer in accepted:
            writer.close()
        server.close()
        await server.wait_closed()


@pytest.mark.anyio
async def test_a_write_the_server_never_takes_times_out_and_drops_the_connection() -> None:
    connection = HiredisPackedConnection(socket_timeout=0.2)
    async with _connected_to_a_server_that_never_reads(connection):
        # Far more than the sockets' buffers hold: the write waits for the server.
        with pytest.raises(redis.exceptions.TimeoutError, match="writing"):
            await connection.send_packed_command([b"x" * (64 << 20)], check_health=False)
        assert not connection.is_connected


@pytest.mark.anyio
async def test_a_write_runs_in_the_callers_task() -> None:
    connection = HiredisPackedConnection(socket_timeout=5)
    writers: list[asyncio.Task[object] | None] = []
    sending = connection._send_packed_command

    async def noting_the_task(command: list[bytes]) -> None:
        writers.append(asyncio.current_task())
        await sending(command)

    connection._send_packed_command = noting_the_task  # type: ignore[method-assign]
    async with _connected_to_a_server_that_never_reads(connection):
        await connection.send_packed_command(b"PING\r\n", check_health=False)
    assert writers == [asyncio.current_task()]
