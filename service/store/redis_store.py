"""RedisEventStore: the event store's ports on Redis (one Lua call per append, one
slot per game); the keys and scripts are in `redis_keys`, the lobby index and the
view cache in adapters of their own (`redis_lobby`, `redis_views`) it combines."""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from typing import Any

import redis.exceptions
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.typing import EncodableT, FieldT

from service.store.append_batch import AppendBatcher
from service.store.base import (
    DEFAULT_LOBBY_STATUSES,
    AppendResult,
    CommandIdReused,
    CorruptStream,
    StoredEvent,
    VersionConflict,
    check_append,
    check_game_id,
    check_read,
    check_token_digest,
    is_game_key_id,
)
from service.store.durability import ACKNOWLEDGED_BY_MASTER, Durability
from service.store.fanout import EventFanout
from service.store.ports import EventStore
from service.store.redis_cluster import ClusterAppendBatcher
from service.store.redis_eviction import GAME_KINDS
from service.store.redis_keys import (
    APPEND_LUA,
    RECALL_LUA,
    connection_kwargs,
    counter_of,
    fields_of,
    game_id_named,
    game_key,
    max_connections,
    stored,
    stream_id,
    text,
    to_bytes,
    token_key,
    version_of,
    wrong_kind_refused,
)
from service.store.redis_lobby import RedisLobbyIndex
from service.store.redis_views import RedisViewCache

__all__ = ["POLL_INTERVAL_S", "RedisEventStore", "game_key"]

# How often a long poll that found no free blocking connection looks for events.
POLL_INTERVAL_S = 0.1
# KEYS: the game's keys, its version key first; ARGV: the version it must still be at.
_REMOVE_AT_LUA = """
if tonumber(redis.call('GET', KEYS[1]) or '0') ~= tonumber(ARGV[1]) then
  return 0
end
redis.call('DEL', unpack(KEYS))
return 1
"""


class RedisEventStore(RedisLobbyIndex, RedisViewCache, EventStore):
    """EventStore on a `redis.asyncio.Redis` (or `RedisCluster`) client that the caller owns
    and closes.

    The client must return bytes (`decode_responses=False`). Appends started
    in the same event-loop turn share one round trip (`AppendBatcher`). Long polls of a
    process share one blocking read per watched game (`EventFanout`), which
    holds a connection while it blocks: pass `blocking_client` to keep those
    off the main pool. Once every blocking connection is held (or, on a shared
    pool, half of them), the loops of further games poll every POLL_INTERVAL_S
    instead of failing for want of a connection. `durability` says when an
    append is acknowledged: by its master, or once a replica has it too
    (`service/store/durability.py`).
    """

    def __init__(
        self,
        client: Redis | RedisCluster,
        *,
        blocking_client: Redis | RedisCluster | None = None,
        lobby_statuses: Sequence[str] = DEFAULT_LOBBY_STATUSES,
        durability: Durability = ACKNOWLEDGED_BY_MASTER,
    ) -> None:
        for each in (client, blocking_client):
            if each is not None and connection_kwargs(each).get("decode_responses"):
                raise ValueError("RedisEventStore needs a client with decode_responses=False")
        self._redis = client
        self._blocking = blocking_client or client
        # redis-py applies its socket timeout (5 s by default) to XREAD BLOCK
        # too, so a loop's wait is cut into blocks well inside it (the server may
        # end a block up to 1/hz = 100 ms late).
        socket_timeout = connection_kwargs(self._blocking).get("socket_timeout")
        self._max_block_s: float = socket_timeout / 2 if socket_timeout else math.inf
        pool_size = max_connections(self._blocking)
        self._fanout = EventFanout(
            read=self.read,
            blocking_read=self._read_blocking,
            last_version=self._last_version,
            block_slots=pool_size if blocking_client is not None else max(1, pool_size // 2),
            max_block_s=self._max_block_s,
            poll_interval_s=POLL_INTERVAL_S,
        )
        # The lobby and the view cache: adapters of their own ports, on the same client.
        RedisLobbyIndex.__init__(self, client, lobby_statuses)
        RedisViewCache.__init__(self, client)
        self._append_script = client.register_script(APPEND_LUA)
        self._append_batch: AppendBatcher = (
            ClusterAppendBatcher(client, self._append_script, durability)
            if isinstance(client, RedisCluster)
            else AppendBatcher(client, self._append_script, durability)
        )
        self._remove_at_script = client.register_script(_REMOVE_AT_LUA)
        # A recall in `replica` mode writes, and waits for a replica, like an append.
        self._recall_batch: AppendBatcher | None = None
        if durability.replicas:
            recall_script = client.register_script(RECALL_LUA)
            self._recall_batch = (
                ClusterAppendBatcher(client, recall_script, durability)
                if isinstance(client, RedisCluster)
                else AppendBatcher(client, recall_script, durability)
            )

    @property
    def client(self) -> Redis | RedisCluster:
        """The main client: the other ports on the same server (players) share it."""
        return self._redis

    @wrong_kind_refused
    async def append(
        self,
        game_id: str,
        events: Sequence[bytes],
        *,
        expected_version: int | None,
        command_id: str | None,
        command_digest: str | None,
        result: bytes | None = None,
        views: Mapping[str, bytes] | None = None,
        meta: Mapping[str, bytes] | None = None,
    ) -> AppendResult:
        check_append(
            game_id,
            expected_version=expected_version,
            command_id=command_id,
            command_digest=command_digest,
        )
        keep_result = command_id is not None and result is not None
        args: list[bytes | str | int] = [
            "" if expected_version is None else expected_version,
            command_id or "",
            command_digest or "",
            "1" if keep_result else "0",
            result if keep_result and result is not None else b"",
            len(views or ()),
        ]
        for viewer, data in (views or {}).items():
            args += [viewer, data]
        args.append(len(meta or ()))
        for field, value in (meta or {}).items():
            args += [field, value]
        args += events
        keys = [game_key(game_id, kind) for kind in ("version", "events", "cmds", "views", "meta")]
        reply: list[Any] = await self._append_batch(keys, args)
        match text(reply[0]):
            case "ok":
                return AppendResult(
                    first_version=int(reply[1]),
                    last_version=int(reply[2]),
                    result=result if keep_result else None,
                )
            case "duplicate":
                assert command_id is not None
                first, last = _recorded_versions(command_id, reply[1])
                return AppendResult(
                    first_version=first,
                    last_version=last,
                    duplicate=True,
                    result=reply[2] if len(reply) > 2 else None,
                )
            case "reused":
                assert command_id is not None
                raise CommandIdReused(command_id)
            case "conflict":
                assert expected_version is not None
                raise VersionConflict(expected=expected_version, current=int(reply[1]))
            case _:
                raise CorruptStream(
                    f"game {game_id}: version counter {reply[1]}, last stream entry {reply[2]}",
                    game_id,
                )

    @wrong_kind_refused
    async def recall(
        self, game_id: str, command_id: str, command_digest: str
    ) -> AppendResult | None:
        check_game_id(game_id)
        key = game_key(game_id, "cmds")
        if self._recall_batch is not None:
            digest, versions, result = await self._recall_batch([key], [command_id])
        else:
            fields = [f"{kind}:{command_id}" for kind in ("d", "v", "r")]
            digest, versions, result = await self._redis.hmget(key, fields)
        if digest is None or versions is None:
            return None
        if to_bytes(digest) != command_digest.encode():
            raise CommandIdReused(command_id)
        first, last = _recorded_versions(command_id, versions)
        return AppendResult(
            first_version=first,
            last_version=last,
            duplicate=True,
            result=None if result is None else to_bytes(result),
        )

    @wrong_kind_refused
    async def read(
        self, game_id: str, after: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        check_read(game_id, after, limit)
        if limit == 0:
            return []
        entries = await self._redis.xrange(
            game_key(game_id, "events"), min=stream_id(after + 1), max="+", count=limit
        )
        return [stored(entry) for entry in entries or ()]

    @wrong_kind_refused
    async def wait_for(
        self, game_id: str, after: int, timeout_s: float, limit: int | None = None
    ) -> list[StoredEvent]:
        check_read(game_id, after, limit)
        if limit == 0 or timeout_s <= 0:
            return await self.read(game_id, after, limit)
        return await self._fanout.wait(game_id, after, timeout_s, limit)

    @property
    def watched_games(self) -> int:
        """How many games the long polls of this process watch (one read loop each)."""
        return self._fanout.watched_games

    async def _read_blocking(
        self, game_id: str, after: int, count: int, block_s: float
    ) -> list[StoredEvent]:
        """Events after `after`, waiting up to `block_s` for a first one on the blocking client."""
        # XREAD answers at once when entries after the id exist, else blocks;
        # BLOCK 0 would mean forever, hence at least 1 ms.
        block_ms = max(1, round(block_s * 1000))
        try:
            reply: Any = await self._blocking.xread(
                {game_key(game_id, "events"): stream_id(after)}, count=count, block=block_ms
            )
        except RuntimeError as closed:
            # A cluster client that lost a node closes every connection it holds
            # to start afresh, this blocked read's too: to the caller, the store
            # was unreachable for a moment (a 503), not an unexpected error.
            if "closed" not in str(closed):
                raise
            raise redis.exceptions.ConnectionError(
                f"the read's connection closed: {closed}"
            ) from closed
        if not reply:
            return []
        # RESP2 answers [[key, entries]], RESP3 answers {key: [entries]}.
        entries = next(iter(reply.values()))[0] if isinstance(reply, dict) else reply[0][1]
        return [stored(entry) for entry in entries]

    async def _last_version(self, game_id: str) -> int:
        """The version of the stream's last entry: where a read "after now" starts."""
        last: Any = await self._redis.xrevrange(game_key(game_id, "events"), count=1)
        return version_of(last[0][0]) if last else 0

    @wrong_kind_refused
    async def version(self, game_id: str) -> int:
        check_game_id(game_id)
        raw = await self._redis.get(game_key(game_id, "version"))
        return 0 if raw is None else counter_of(game_id, raw)

    async def exists(self, game_id: str) -> bool:
        check_game_id(game_id)
        return bool(await self._redis.exists(game_key(game_id, "version")))

    async def game_ids(self) -> AsyncIterator[str]:
        async for game_id in self._ids_of_keys("}:version"):
            yield game_id

    async def meta_ids(self) -> AsyncIterator[str]:
        async for game_id in self._ids_of_keys("}:meta"):
            yield game_id

    async def _ids_of_keys(self, suffix: str) -> AsyncIterator[str]:
        """The game ids of the keys `{g:<id>` + `suffix`: a key this store could not
        have written (its id not UTF-8, or no id `check_game_id` accepts) names no
        game, and is passed over, not the end of every scan that meets it."""
        async for key in self._redis.scan_iter(match="{g:*" + suffix, count=1000):
            try:
                game_id = text(key).removeprefix("{g:").removesuffix(suffix)
            except UnicodeDecodeError:
                continue
            if is_game_key_id(game_id):
                yield game_id

    @wrong_kind_refused
    async def put_meta(self, game_id: str, fields: Mapping[str, bytes]) -> None:
        check_game_id(game_id)
        if fields:
            mapping: dict[FieldT, EncodableT] = {field: value for field, value in fields.items()}
            await self._redis.hset(game_key(game_id, "meta"), mapping=mapping)

    @wrong_kind_refused
    async def get_meta(self, game_id: str) -> dict[str, bytes]:
        check_game_id(game_id)
        raw = await self._redis.hgetall(game_key(game_id, "meta"))
        return fields_of(raw.items())

    async def put_token_owner(self, digest: str, game_id: str) -> None:
        check_token_digest(digest)
        await self._redis.set(token_key(digest), game_id)

    async def token_owner(self, digest: str) -> str | None:
        check_token_digest(digest)
        owner = await self._redis.get(token_key(digest))
        if owner is None:
            return None
        # A value no game key could take (written by hand: put_token_owner takes only
        # what the token's game was created under) names no game, as a lost key does:
        # its token is unknown (401), not every request with it a 500.
        return game_id_named(owner)

    async def remove_token_owners(self, digests: Collection[str]) -> None:
        for digest in digests:
            check_token_digest(digest)
        # One key a DEL: on a cluster each token's key has its slot.
        await asyncio.gather(*(self._redis.delete(token_key(digest)) for digest in digests))

    @wrong_kind_refused
    async def remove_meta_fields(self, game_id: str, fields: Collection[str]) -> None:
        check_game_id(game_id)
        if fields:
            await self._redis.hdel(game_key(game_id, "meta"), *fields)

    @wrong_kind_refused
    async def put_meta_if_absent(self, game_id: str, field: str, value: bytes) -> bool:
        check_game_id(game_id)
        return bool(await self._redis.hsetnx(game_key(game_id, "meta"), field, value))

    async def remove_game(self, game_id: str) -> None:
        check_game_id(game_id)
        await self.unindex_game(game_id)
        # One hash tag: one slot, so one DEL on a cluster too.
        await self._redis.delete(*(game_key(game_id, kind) for kind in GAME_KINDS))

    @wrong_kind_refused
    async def remove_game_at(self, game_id: str, version: int) -> bool:
        check_game_id(game_id)
        # The version check and the DEL in one script: an append (a claim, a start)
        # runs wholly before it, and the game stays, or after it, on a game gone.
        keys = [game_key(game_id, kind) for kind in GAME_KINDS]
        if not await self._remove_at_script(keys=keys, args=[version]):
            return False
        await self.unindex_game(game_id)
        return True


def _recorded_versions(command_id: str, versions: bytes) -> tuple[int, int]:
    """The first and last version a recorded command appended. A record no release
    writes (edited by hand) leaves the id unusable: a refusal, never a 500."""
    try:
        first, _, last = text(versions).partition("-")
        return int(first), int(last)
    except ValueError:  # UnicodeDecodeError is one
        raise CommandIdReused(command_id) from None
