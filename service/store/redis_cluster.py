"""The event store on Redis Cluster: the cluster URL form, its client, and its batched appends.

`REDIS_URL=redis+cluster://host:port,host:port,...` (any reachable nodes:
the client discovers the rest; `user:password@` before the first node and
`?option=value` after the last apply to every node) selects a redis-py
asyncio `RedisCluster` for the event store. Every script of the store
touches one slot: a game's keys share the `{g:<id>}` hash tag and the lobby's
the `{lobby}` tag, so nothing in the store needs a cross-slot call. What
spans games goes through the cluster client's own fan-out: the lobby's
headlines are a non-transactional pipeline that it splits per node, and the
scan of every game (the lobby rebuild, the reconciler) is a SCAN on every
master.

The lobby's `{lobby}` slot lives on one master: it takes a write when a
game changes status (created, started, over), not per command, and the
service writes it after the game's own script, in a call of its own; the
worker's reconciler files again any game a crash left out of it.

rq does not run on a cluster: the queues need a standalone Redis
(`RQ_REDIS_URL`).

Measured on 2 shared cores (loopback, `appendfsync always` on every node,
an append of 150 B of events with two 1.2 KB views; 3 runs, load ~4): one
append at a time, p50 300-430 us and 120-200 us of client CPU on one server
against 610-690 us and 250-280 us on a 3+3 cluster; 64 appends at once, 35-53
against 50-72 us of client CPU per append; a snapshot read, p50 85-150 us on
either. A plain GET costs the cluster client 73-87 against 45-51 us: its
routing, not the batch, is the difference. Round trips per command and per
view read are the same (one each: tests/cluster/test_cluster_store.py).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from redis.asyncio import Redis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.exceptions import AskError, ConnectionError, RedisError, ResponseError, TryAgainError

from service.store.append_batch import AppendBatcher, confirmed, wait_command
from service.store.durability import ACKNOWLEDGED_BY_MASTER, Durability
from service.store.redis_client import POOL_SIZE, HiredisPackedConnection, open_redis

__all__ = [
    "CLUSTER_SCHEME",
    "ClusterAppendBatcher",
    "cluster_nodes",
    "is_cluster_url",
    "open_redis_cluster",
    "open_store_client",
]

CLUSTER_SCHEME = "redis+cluster"

# Query options that are numbers, as redis-py's own URL parser reads them.
_FLOAT_OPTIONS = {"socket_timeout", "socket_connect_timeout"}
_INT_OPTIONS = {"max_connections"}


def is_cluster_url(url: str) -> bool:
    """Whether `url` names a Redis Cluster (`redis+cluster://`) rather than one server."""
    return url.startswith(CLUSTER_SCHEME + "://")


def cluster_nodes(url: str) -> tuple[list[tuple[str, int]], dict[str, Any]]:
    """The seed nodes of a cluster URL, and the options for every node's connections."""
    parts = urlsplit(url)
    if parts.scheme != CLUSTER_SCHEME:
        raise ValueError(f"not a {CLUSTER_SCHEME}:// URL: {url!r}")
    userinfo, _, hosts = parts.netloc.rpartition("@")
    options: dict[str, Any] = {}
    if userinfo:
        username, _, password = userinfo.partition(":")
        if username:
            options["username"] = unquote(username)
        if password:
            options["password"] = unquote(password)
    if parts.path not in ("", "/", "/0"):
        raise ValueError("a Redis Cluster has database 0 only")
    nodes: list[tuple[str, int]] = []
    for node in hosts.split(","):
        host, _, port = node.strip().rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"a cluster node is host:port, got {node!r} in {url!r}")
        nodes.append((host.strip("[]"), int(port)))
    for name, value in parse_qsl(parts.query):
        if name in _FLOAT_OPTIONS:
            options[name] = float(value)
        elif name in _INT_OPTIONS:
            options[name] = int(value)
        else:
            options[name] = value
    return nodes, options


def open_redis_cluster(
    url: str, *, max_connections: int = POOL_SIZE, **options: Any
) -> RedisCluster:
    """A cluster client on the seed nodes of `url`, `max_connections` per node.

    It connects on first use (or `await client.initialize()`)."""
    nodes, from_url = cluster_nodes(url)
    options = {"max_connections": max_connections, **options, **from_url}
    client = RedisCluster(
        startup_nodes=[ClusterNode(host, port) for host, port in nodes], **options
    )
    # hiredis packs the commands, as on one server (service/redis_client.py):
    # RedisCluster takes no connection class, but every node it discovers is
    # made from these shared options (measured, 64 appends at once with their
    # views: 50-72 against 60-93 us of client CPU per append).
    client.connection_kwargs["connection_class"] = HiredisPackedConnection
    for node in client.startup_nodes:
        node.connection_class = HiredisPackedConnection
    return client


def open_store_client(url: str, **options: Any) -> Redis | RedisCluster:
    """The event store's client for `url`: a cluster client for `redis+cluster://`,
    else the standalone one (`open_redis`)."""
    if is_cluster_url(url):
        return open_redis_cluster(url, **options)
    return open_redis(url, **options)


class ClusterAppendBatcher(AppendBatcher):
    """The appends of one loop turn in one non-transactional cluster pipeline.

    The pipeline sends each master its share of the batch in one round trip,
    the masters in parallel, and follows MOVED and ASK redirections itself.
    Each script call stays its own atomic unit on its game's slot, as in the
    standalone batch."""

    def __init__(
        self, client: RedisCluster, script: Any, durability: Durability = ACKNOWLEDGED_BY_MASTER
    ) -> None:
        # The base class reads only its script's sha and text, and script_load,
        # which the cluster client sends to every master.
        super().__init__(client, script, durability)  # type: ignore[arg-type]
        self._cluster = client

    async def _round_trip(self, batch: Sequence[Any]) -> list[Any]:
        if self._durability.replicas:
            return await self._replicated_round_trip(batch)
        pipe = self._cluster.pipeline(transaction=False)
        for call in batch:
            # The pipeline refuses `evalsha()` by name; the raw command it routes by its keys.
            pipe.execute_command(
                "EVALSHA", self._script.sha, len(call.keys), *call.keys, *call.args
            )
        replies: list[Any] = await pipe.execute(raise_on_error=False)
        # Error replies come back in place, as the standalone batch gives them;
        # a dead connection or a cluster that is down is the whole batch's error.
        for reply in replies:
            if isinstance(reply, RedisError) and not isinstance(reply, ResponseError):
                raise reply
        return replies

    async def _replicated_round_trip(self, batch: Sequence[Any]) -> list[Any]:
        """Each master's share of the batch, then a WAIT, on one connection of that master.

        redis-py's pipeline cannot hold the WAIT to the connection its master's
        scripts went on (it sends a redirected call again elsewhere, and a
        retried pipeline routes a WAIT by its missing key), so the batch is
        sent to each master here. A call redirected (the slot moved: a failover,
        a resharding) goes again, after the slot map is read anew, up to
        `_REDIRECTS` times."""
        # The slot map, read on first use (and again after a node was lost): a no-op else.
        await self._cluster.initialize()
        replies: list[Any] = [None] * len(batch)
        pending = list(range(len(batch)))
        for _ in range(_REDIRECTS + 1):
            if not pending:
                break
            by_node: dict[str, tuple[ClusterNode, list[int]]] = {}
            for index in pending:
                node = self._cluster.get_node_from_key(batch[index].keys[0])
                if node is None:
                    raise ConnectionError("no master serves the game's slot")
                by_node.setdefault(node.name, (node, []))[1].append(index)
            shares = [(node, indexes) for node, indexes in by_node.values()]
            answers = await asyncio.gather(
                *(self._on_node(node, [batch[i] for i in indexes]) for node, indexes in shares)
            )
            pending = []
            for (_, indexes), answer in zip(shares, answers, strict=True):
                for index, reply in zip(indexes, answer, strict=True):
                    replies[index] = reply
                    if isinstance(reply, AskError | TryAgainError):  # MOVED is an AskError
                        pending.append(index)
            if pending:
                await self._cluster.nodes_manager.initialize()
        for reply in replies:
            if isinstance(reply, RedisError) and not isinstance(reply, ResponseError):
                raise reply
        return replies

    async def _on_node(self, node: ClusterNode, calls: Sequence[Any]) -> list[Any]:
        sha = self._script.sha
        commands = [("EVALSHA", sha, len(c.keys), *c.keys, *c.args) for c in calls]
        commands += wait_command(self._durability)
        connection = node.acquire_connection()
        try:
            await connection.send_packed_command(connection.pack_commands(commands))
            replies: list[Any] = []
            for _ in commands:
                try:
                    replies.append(await connection.read_response())
                except ResponseError as error:  # an error reply: the stream stays in step
                    replies.append(error)
        except (ConnectionError, OSError, TimeoutError) as error:
            # The master is gone (or cut off mid-batch): its share fails, and
            # the slot map is read anew for the next call.
            await connection.disconnect()
            with contextlib.suppress(RedisError):
                await self._cluster.nodes_manager.initialize()
            if isinstance(error, RedisError):
                raise
            raise ConnectionError(f"{node.name}: {error}") from error
        except BaseException:
            await connection.disconnect()
            raise
        finally:
            node.release(connection)
        return confirmed(replies, self._durability)


# How often a call that found its slot moved is sent again in one batch.
_REDIRECTS = 2
