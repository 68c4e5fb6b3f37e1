"""RedisEventStore: the EventStore on Redis streams, one Lua call per append, one slot per game.

Key layout (every key of a game carries the hash tag `{g:<id>}`, so a game
lives on one Redis Cluster shard and each script touches one slot):

    {g:<id>}:version  string  the version counter: number of events
    {g:<id>}:events   stream  entry id `0-<version>`, one field `e` = event bytes
    {g:<id>}:cmds     hash    per command id: `d:<id>` digest, `v:<id>` "first-last",
                              `r:<id>` recorded result bytes (absent if none)
    {g:<id>}:meta     hash    service metadata (ruleset, seat token hashes, ...)
    {g:<id>}:views    hash    per viewer: `v:<viewer>` version, `d:<viewer>` view bytes
                              (the append may write them with its events); a cache,
                              kept out of the AOF and replication (below)
    {lobby}:<status>  zset    lobby index, game id scored by the service; rebuildable

The views hash (the folded state, and the views an append cached) is rebuilt
from the stream whenever it is missing or behind, so its writes are not propagated
(`redis.set_repl(redis.REPL_NONE)`): not to the AOF, not to replicas. They
were about 94% of the bytes a command wrote (basic, two seats: 2.5 KB against
150 B of events; palace, four seats: 6.8 KB against 170 B), and with
`appendfsync always` every byte reaches the disk before the reply. After a
restart or a failover a game's views are built again on first read; an AOF
rewrite or RDB dump may still hold older ones, and their versions say so.

Stream ids are explicit `0-<version>` so an SSE `Last-Event-ID` or an `after=N`
maps to a stream position without a lookup, and XREAD from `0-N` is "after N".
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.typing import EncodableT, FieldT

from service.store.append_batch import AppendBatcher
from service.store.base import (
    DEFAULT_LOBBY_STATUSES,
    AppendResult,
    CommandIdReused,
    CorruptStream,
    EventStore,
    Snapshot,
    StoredEvent,
    StoredView,
    VersionConflict,
    check_append,
    check_game_id,
    check_listing,
    check_lobby_status,
    check_read,
    check_score,
)
from service.store.fanout import EventFanout
from service.store.redis_cluster import ClusterAppendBatcher

__all__ = ["POLL_INTERVAL_S", "RedisEventStore", "game_key"]

# How often a long poll that found no free blocking connection looks for events.
POLL_INTERVAL_S = 0.1

# Lua has no rollback: every check happens before the first write, including
# that the stream's last id matches the counter, so a failing XADD cannot
# leave half a command behind. The command id is checked before the version
# so that a retry of a command that went through is answered, not refused.
_APPEND_LUA = """
-- KEYS: version, events, cmds, views, meta
-- ARGV: expected version ('' = any), command id ('' = none), digest,
--       has result ('0'/'1'), result, with meta ('0'/'1'), view count n,
--       n pairs of viewer and view bytes, event bytes...
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local command_id = ARGV[2]
if command_id ~= '' then
  local record = redis.call('HMGET', KEYS[3], 'd:' .. command_id, 'v:' .. command_id,
                            'r:' .. command_id)
  if record[1] then
    if record[1] ~= ARGV[3] then
      return {'reused'}
    end
    return {'duplicate', record[2], record[3]}
  end
end
if ARGV[1] ~= '' and tonumber(ARGV[1]) ~= current then
  return {'conflict', current}
end
local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
local last_version = 0
if last[1] then
  last_version = tonumber(string.match(last[1][1], '^0%-(%d+)$')) or -1
end
if last_version ~= current then
  return {'corrupt', current, last_version}
end

local view_count = tonumber(ARGV[7])
local first_event = 8 + 2 * view_count
local count = #ARGV - first_event + 1
for i = 1, count do
  redis.call('XADD', KEYS[2], '0-' .. (current + i), 'e', ARGV[first_event + i - 1])
end
if count > 0 then
  redis.call('SET', KEYS[1], current + count)
end
if command_id ~= '' then
  redis.call('HSET', KEYS[3], 'd:' .. command_id, ARGV[3],
             'v:' .. command_id, (current + 1) .. '-' .. (current + count))
  if ARGV[4] == '1' then
    redis.call('HSET', KEYS[3], 'r:' .. command_id, ARGV[5])
  end
end
-- The views are as of the new version: like put_view, never over a fresher one.
-- A cache: kept out of the AOF and replication (see the module docstring).
local version = current + count
redis.set_repl(redis.REPL_NONE)
for i = 0, view_count - 1 do
  local viewer = ARGV[8 + 2 * i]
  local cached = tonumber(redis.call('HGET', KEYS[4], 'v:' .. viewer) or '-1')
  if cached <= version then
    redis.call('HSET', KEYS[4], 'v:' .. viewer, version, 'd:' .. viewer, ARGV[9 + 2 * i])
  end
end
redis.set_repl(redis.REPL_ALL)
local meta = {}
if ARGV[6] == '1' then
  meta = redis.call('HGETALL', KEYS[5])
end
return {'ok', current + 1, current + count, meta}
"""

# The version and the wanted projections (and the meta) at one instant, in one
# call; the fallback projections only when a wanted one is behind (see snapshot).
_SNAPSHOT_LUA = """
-- KEYS: version, views, meta
-- ARGV: with meta ('0'/'1'), have, fallback count f, f fallbacks, viewers...
local version = redis.call('GET', KEYS[1]) or '0'
local fallback_count = tonumber(ARGV[3])
local function cached(first, last)
  local fields = {}
  for i = first, last do
    fields[#fields + 1] = 'v:' .. ARGV[i]
    fields[#fields + 1] = 'd:' .. ARGV[i]
  end
  if #fields == 0 then
    return {}
  end
  return redis.call('HMGET', KEYS[2], unpack(fields))
end
local views = cached(4 + fallback_count, #ARGV)
local all_fresh = #views > 0
for i = 1, #views, 2 do
  if tonumber(views[i]) ~= tonumber(version) then
    all_fresh = false
  end
end
local fallbacks = {}
if not all_fresh and tonumber(version) > tonumber(ARGV[2]) then
  fallbacks = cached(4, 3 + fallback_count)
end
local meta = {}
if ARGV[1] == '1' then
  meta = redis.call('HGETALL', KEYS[3])
end
return {version, views, meta, fallbacks}
"""

# A slow writer must not replace a fresher projection that another wrote meanwhile.
_PUT_VIEW_LUA = """
-- KEYS: views; ARGV: viewer, version, data
redis.set_repl(redis.REPL_NONE)  -- a cache: not in the AOF (see the module docstring)
local cached = tonumber(redis.call('HGET', KEYS[1], 'v:' .. ARGV[1]) or '-1')
if cached <= tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], 'v:' .. ARGV[1], ARGV[2], 'd:' .. ARGV[1], ARGV[3])
end
return 0
"""

# A game is filed under one status only; all status keys are declared, so the
# move is one atomic script on the `{lobby}` slot.
_INDEX_LUA = """
-- KEYS: one zset per status; ARGV: game id, 1-based target key (0 = none), score
local target = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  if i == target then
    redis.call('ZADD', key, ARGV[3], ARGV[1])
  else
    redis.call('ZREM', key, ARGV[1])
  end
end
return 0
"""


def game_key(game_id: str, kind: str) -> str:
    """The key of one record of a game, under the game's hash tag."""
    return f"{{g:{game_id}}}:{kind}"


def _lobby_key(status: str) -> str:
    return f"{{lobby}}:{status}"


def _stream_id(version: int) -> str:
    return f"0-{version}"


def _version_of(entry_id: bytes | str) -> int:
    raw = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
    return int(raw.partition("-")[2])


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class RedisEventStore(EventStore):
    """EventStore on a `redis.asyncio.Redis` (or `RedisCluster`) client that the caller owns
    and closes.

    The client must return bytes (`decode_responses=False`). Appends started
    in the same event-loop turn share one round trip (`AppendBatcher`). Long polls of a
    process share one blocking read per watched game (`EventFanout`), which
    holds a connection while it blocks: pass `blocking_client` to keep those
    off the main pool. Once every blocking connection is held (or, on a shared
    pool, half of them), the loops of further games poll every POLL_INTERVAL_S
    instead of failing for want of a connection.
    """

    def __init__(
        self,
        client: Redis | RedisCluster,
        *,
        blocking_client: Redis | RedisCluster | None = None,
        lobby_statuses: Sequence[str] = DEFAULT_LOBBY_STATUSES,
    ) -> None:
        for each in (client, blocking_client):
            if each is not None and _connection_kwargs(each).get("decode_responses"):
                raise ValueError("RedisEventStore needs a client with decode_responses=False")
        self._redis = client
        self._blocking = blocking_client or client
        # redis-py applies its socket timeout (5 s by default) to XREAD BLOCK
        # too, so a loop's wait is cut into blocks well inside it (the server may
        # end a block up to 1/hz = 100 ms late).
        socket_timeout = _connection_kwargs(self._blocking).get("socket_timeout")
        self._max_block_s: float = socket_timeout / 2 if socket_timeout else math.inf
        pool_size = _max_connections(self._blocking)
        self._fanout = EventFanout(
            read=self.read,
            blocking_read=self._read_blocking,
            last_version=self._last_version,
            block_slots=pool_size if blocking_client is not None else max(1, pool_size // 2),
            max_block_s=self._max_block_s,
            poll_interval_s=POLL_INTERVAL_S,
        )
        self._lobby_statuses = tuple(lobby_statuses)
        self._append_script = client.register_script(_APPEND_LUA)
        self._append_batch: AppendBatcher = (
            ClusterAppendBatcher(client, self._append_script)
            if isinstance(client, RedisCluster)
            else AppendBatcher(client, self._append_script)
        )
        self._put_view_script = client.register_script(_PUT_VIEW_LUA)
        self._index_script = client.register_script(_INDEX_LUA)
        self._snapshot_script = client.register_script(_SNAPSHOT_LUA)

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
        with_meta: bool = False,
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
            "1" if with_meta else "0",
            len(views or ()),
        ]
        for viewer, data in (views or {}).items():
            args += [viewer, data]
        args += events
        keys = [game_key(game_id, kind) for kind in ("version", "events", "cmds", "views", "meta")]
        reply: list[Any] = await self._append_batch(keys, args)
        match _text(reply[0]):
            case "ok":
                return AppendResult(
                    first_version=int(reply[1]),
                    last_version=int(reply[2]),
                    result=result if keep_result else None,
                    meta=_pairs(reply[3]) if with_meta else None,
                )
            case "duplicate":
                first, _, last = _text(reply[1]).partition("-")
                return AppendResult(
                    first_version=int(first),
                    last_version=int(last),
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
                    f"game {game_id}: version counter {reply[1]}, last stream entry {reply[2]}"
                )

    async def recall(
        self, game_id: str, command_id: str, command_digest: str
    ) -> AppendResult | None:
        check_game_id(game_id)
        fields = [f"{kind}:{command_id}" for kind in ("d", "v", "r")]
        digest, versions, result = await self._redis.hmget(game_key(game_id, "cmds"), fields)
        if digest is None:
            return None
        if _text(digest) != command_digest:
            raise CommandIdReused(command_id)
        first, _, last = _text(versions).partition("-")
        return AppendResult(
            first_version=int(first),
            last_version=int(last),
            duplicate=True,
            result=None if result is None else _bytes(result),
        )

    async def read(
        self, game_id: str, after: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        check_read(game_id, after, limit)
        if limit == 0:
            return []
        entries = await self._redis.xrange(
            game_key(game_id, "events"), min=_stream_id(after + 1), max="+", count=limit
        )
        return [_stored(entry) for entry in entries or ()]

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
        reply: Any = await self._blocking.xread(
            {game_key(game_id, "events"): _stream_id(after)}, count=count, block=block_ms
        )
        if not reply:
            return []
        # RESP2 answers [[key, entries]], RESP3 answers {key: [entries]}.
        entries = next(iter(reply.values()))[0] if isinstance(reply, dict) else reply[0][1]
        return [_stored(entry) for entry in entries]

    async def _last_version(self, game_id: str) -> int:
        """The version of the stream's last entry: where a read "after now" starts."""
        last: Any = await self._redis.xrevrange(game_key(game_id, "events"), count=1)
        return _version_of(last[0][0]) if last else 0

    async def version(self, game_id: str) -> int:
        check_game_id(game_id)
        raw = await self._redis.get(game_key(game_id, "version"))
        return 0 if raw is None else int(raw)

    async def exists(self, game_id: str) -> bool:
        check_game_id(game_id)
        return bool(await self._redis.exists(game_key(game_id, "version")))

    async def game_ids(self) -> AsyncIterator[str]:
        suffix = "}:version"
        async for key in self._redis.scan_iter(match="{g:*" + suffix, count=1000):
            yield _text(key).removeprefix("{g:").removesuffix(suffix)

    async def put_meta(self, game_id: str, fields: Mapping[str, bytes]) -> None:
        check_game_id(game_id)
        if fields:
            mapping: dict[FieldT, EncodableT] = {field: value for field, value in fields.items()}
            await self._redis.hset(game_key(game_id, "meta"), mapping=mapping)

    async def get_meta(self, game_id: str) -> dict[str, bytes]:
        check_game_id(game_id)
        raw = await self._redis.hgetall(game_key(game_id, "meta"))
        return {_text(field): _bytes(value) for field, value in raw.items()}

    async def put_meta_if_absent(self, game_id: str, field: str, value: bytes) -> bool:
        check_game_id(game_id)
        return bool(await self._redis.hsetnx(game_key(game_id, "meta"), field, value))

    async def index_game(self, game_id: str, status: str, score: float) -> None:
        check_game_id(game_id)
        check_lobby_status(status, self._lobby_statuses)
        check_score(score)
        target = self._lobby_statuses.index(status) + 1
        await self._index_script(keys=self._lobby_keys(), args=[game_id, target, repr(score)])

    async def unindex_game(self, game_id: str) -> None:
        check_game_id(game_id)
        await self._index_script(keys=self._lobby_keys(), args=[game_id, 0, "0"])

    async def list_games(self, status: str, limit: int = 50, offset: int = 0) -> list[str]:
        check_lobby_status(status, self._lobby_statuses)
        check_listing(limit, offset)
        if limit == 0:
            return []
        members = await self._redis.zrange(_lobby_key(status), offset, offset + limit - 1)
        return [_text(member) for member in members if isinstance(member, bytes | str)]

    async def put_view(self, game_id: str, viewer: str, version: int, data: bytes) -> None:
        check_game_id(game_id)
        await self._put_view_script(keys=[game_key(game_id, "views")], args=[viewer, version, data])

    async def get_view(self, game_id: str, viewer: str) -> StoredView | None:
        check_game_id(game_id)
        flat = await self._redis.hmget(game_key(game_id, "views"), [f"v:{viewer}", f"d:{viewer}"])
        return _views_of([viewer], flat).get(viewer)

    async def drop_views(self, game_id: str) -> None:
        check_game_id(game_id)
        await self._redis.delete(game_key(game_id, "views"))

    async def snapshot(
        self,
        game_id: str,
        viewers: Sequence[str] = (),
        *,
        meta: bool = False,
        fallback: Sequence[str] = (),
        have: int = 0,
    ) -> Snapshot:
        check_game_id(game_id)
        keys = [game_key(game_id, kind) for kind in ("version", "views", "meta")]
        args = ["1" if meta else "0", have, len(fallback), *fallback, *viewers]
        reply: list[Any] = await self._snapshot_script(keys=keys, args=args)
        raw_version, raw_views, raw_meta, raw_fallbacks = reply
        views = _views_of(viewers, raw_views)
        if raw_fallbacks:
            views |= _views_of(fallback, raw_fallbacks)
        fields = None
        if meta:
            fields = _pairs(raw_meta)
        return Snapshot(version=int(raw_version), views=views, meta=fields)

    async def headlines(self, game_ids: Sequence[str]) -> list[Snapshot]:
        for game_id in game_ids:
            check_game_id(game_id)
        if not game_ids:
            return []
        # A pipeline, not a script: the games live on different cluster slots.
        async with self._redis.pipeline(transaction=False) as pipe:
            for game_id in game_ids:
                pipe.get(game_key(game_id, "version"))
                pipe.hgetall(game_key(game_id, "meta"))
            replies = await pipe.execute()
        return [
            Snapshot(
                version=int(raw_version or 0),
                meta={_text(field): _bytes(value) for field, value in raw_meta.items()},
            )
            for raw_version, raw_meta in zip(replies[::2], replies[1::2], strict=True)
        ]

    def _lobby_keys(self) -> list[str]:
        return [_lobby_key(status) for status in self._lobby_statuses]


def _connection_kwargs(client: Redis | RedisCluster) -> Mapping[str, Any]:
    if isinstance(client, RedisCluster):
        return client.get_connection_kwargs()
    return client.connection_pool.connection_kwargs


def _max_connections(client: Redis | RedisCluster) -> int:
    """The client's connection limit: per node on a cluster, so a bound on the total too."""
    if isinstance(client, RedisCluster):
        return int(client.get_connection_kwargs()["max_connections"] or 1)
    return client.connection_pool.max_connections


def _stored(entry: Any) -> StoredEvent:
    entry_id, fields = entry
    return StoredEvent(version=_version_of(entry_id), data=_bytes(fields[b"e"]))


def _views_of(viewers: Sequence[str], flat: Sequence[Any]) -> dict[str, StoredView]:
    """The cached views of an HMGET of `v:<viewer>`, `d:<viewer>` pairs."""
    views: dict[str, StoredView] = {}
    for index, viewer in enumerate(viewers):
        version, data = flat[2 * index], flat[2 * index + 1]
        if version is not None and data is not None:
            views[viewer] = StoredView(version=int(version), data=_bytes(data))
    return views


def _pairs(flat: Sequence[Any]) -> dict[str, bytes]:
    """A hash as HGETALL answers it inside a script: field, value, field, value..."""
    return {_text(flat[index]): _bytes(flat[index + 1]) for index in range(0, len(flat), 2)}


def _bytes(value: bytes | str) -> bytes:
    if not isinstance(value, bytes):
        raise TypeError(f"expected bytes from Redis, got {type(value).__name__}")
    return value
