"""The API's Redis client packs commands in C, into the very bytes redis-py would send."""

from __future__ import annotations

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
