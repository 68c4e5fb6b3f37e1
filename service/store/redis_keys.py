"""The Redis layout of the event store: its keys, its Lua scripts, and reading their replies.

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
    {tok:<hash>}      string  the game a seat token was dealt for, by the token's
                              SHA-256 (earlier releases kept it in the meta of a
                              pseudo game `{g:t_<62 hex digits>}:meta`, field `game`:
                              `rummy upgrade` moves it here); deleted when its game
                              is removed (not when archived)
    {lobby}:<status>  zset    lobby index, game id scored by the service; rebuildable
                              (`private_active`: private tables in play, never listed)
    {upgrade}:done    string  set by a `rummy upgrade` run that left no game in an
                              earlier release's form: `rummy serve` then starts
                              without reading every game's meta

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

import functools
from collections.abc import Callable, Coroutine, Iterable, Mapping, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import ResponseError

from service.store.base import CorruptStream, StoredEvent, StoredView, is_game_key_id

__all__ = [
    "APPEND_LUA",
    "INDEX_LUA",
    "PUT_VIEW_LUA",
    "RECALL_LUA",
    "SNAPSHOT_LUA",
    "connection_kwargs",
    "counter_of",
    "fields_of",
    "game_id_named",
    "game_key",
    "lobby_key",
    "max_connections",
    "pairs",
    "stored",
    "stream_id",
    "text",
    "to_bytes",
    "token_key",
    "version_of",
    "views_of",
    "wrong_kind_refused",
]

POLL_INTERVAL_S = 0.1

_Store = TypeVar("_Store")
_P = ParamSpec("_P")
_R = TypeVar("_R")

# Lua has no rollback: every check happens before the first write, including
# that the stream's last id matches the counter, so a failing XADD cannot
# leave half a command behind. The command id is checked before the version
# so that a retry of a command that went through is answered, not refused.
APPEND_LUA = """
-- KEYS: version, events, cmds, views, meta
-- ARGV: expected version ('' = any), command id ('' = none), digest,
--       has result ('0'/'1'), result, view count n,
--       n pairs of viewer and view bytes, meta field count m,
--       m pairs of meta field and value, event bytes...
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local command_id = ARGV[2]
if command_id ~= '' then
  -- The digest alone first: an id is almost always new, and each field looked up
  -- scans the hash while it is a compact list (up to 128 fields): 4 µs, not 10.
  local digest = redis.call('HGET', KEYS[3], 'd:' .. command_id)
  if digest then
    if digest ~= ARGV[3] then
      return {'reused'}
    end
    local record = redis.call('HMGET', KEYS[3], 'v:' .. command_id, 'r:' .. command_id)
    -- Written again, so that a WAIT after this call covers the first
    -- append too (a reply that wrote nothing would be acknowledged at once).
    redis.call('HSET', KEYS[3], 'd:' .. command_id, ARGV[3])
    return {'duplicate', record[1], record[2]}
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

local view_count = tonumber(ARGV[6])
local meta_at = 7 + 2 * view_count
local meta_count = tonumber(ARGV[meta_at])
local first_event = meta_at + 1 + 2 * meta_count
local count = #ARGV - first_event + 1
for i = 1, count do
  redis.call('XADD', KEYS[2], '0-' .. (current + i), 'e', ARGV[first_event + i - 1])
end
if count > 0 then
  redis.call('SET', KEYS[1], current + count)
end
if command_id ~= '' then
  local versions = (current + 1) .. '-' .. (current + count)
  if ARGV[4] == '1' then
    redis.call('HSET', KEYS[3], 'd:' .. command_id, ARGV[3], 'v:' .. command_id, versions,
               'r:' .. command_id, ARGV[5])
  else
    redis.call('HSET', KEYS[3], 'd:' .. command_id, ARGV[3], 'v:' .. command_id, versions)
  end
end
-- Meta fields projected from these events: durable, like the events.
for i = 0, meta_count - 1 do
  redis.call('HSET', KEYS[5], ARGV[meta_at + 1 + 2 * i], ARGV[meta_at + 2 + 2 * i])
end
-- The views are as of the new version: like put_view, never over a fresher one.
-- A cache: kept out of the AOF and replication (see the module docstring).
local version = current + count
redis.set_repl(redis.REPL_NONE)
-- One read and one write for all of them, not two of each (Redis spent 5 µs less an append).
if view_count > 0 then
  local fields = {}
  for i = 0, view_count - 1 do
    fields[i + 1] = 'v:' .. ARGV[7 + 2 * i]
  end
  local cached = redis.call('HMGET', KEYS[4], unpack(fields))
  local writes = {}
  for i = 0, view_count - 1 do
    if tonumber(cached[i + 1] or '-1') <= version then
      local viewer = ARGV[7 + 2 * i]
      writes[#writes + 1] = 'v:' .. viewer
      writes[#writes + 1] = version
      writes[#writes + 1] = 'd:' .. viewer
      writes[#writes + 1] = ARGV[8 + 2 * i]
    end
  end
  if #writes > 0 then
    redis.call('HSET', KEYS[4], unpack(writes))
  end
end
redis.set_repl(redis.REPL_ALL)
return {'ok', current + 1, current + count}
"""

# A command's record, written again so that a WAIT after this call covers
# the append it records (`replica` durability: a retry answered from the
# record is no more acknowledged than the append was).
RECALL_LUA = """
-- KEYS: cmds; ARGV: command id
local record = redis.call('HMGET', KEYS[1], 'd:' .. ARGV[1], 'v:' .. ARGV[1],
                          'r:' .. ARGV[1])
if record[1] then
  redis.call('HSET', KEYS[1], 'd:' .. ARGV[1], record[1])
end
return record
"""

# The version and the wanted projections (and the meta) at one instant, in one
# call; the fallback projections only when a wanted one is behind (see snapshot).
SNAPSHOT_LUA = """
-- KEYS: version, views, meta
-- ARGV: meta field count m ('-1' = the whole record), have, fallback count f,
--       m meta fields, f fallbacks, viewers...
local version = redis.call('GET', KEYS[1]) or '0'
local field_count = math.max(tonumber(ARGV[1]), 0)
local fallback_count = tonumber(ARGV[3])
local first_fallback = 4 + field_count
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
local views = cached(first_fallback + fallback_count, #ARGV)
local all_fresh = #views > 0
for i = 1, #views, 2 do
  if tonumber(views[i]) ~= tonumber(version) then
    all_fresh = false
  end
end
local fallbacks = {}
-- A counter that is no number (written by hand) is returned as read: its reader refuses it.
if not all_fresh and (tonumber(version) or 0) > tonumber(ARGV[2]) then
  fallbacks = cached(first_fallback, first_fallback + fallback_count - 1)
end
local meta = {}
if ARGV[1] == '-1' then
  meta = redis.call('HGETALL', KEYS[3])
elseif field_count > 0 then
  local values = redis.call('HMGET', KEYS[3], unpack(ARGV, 4, 3 + field_count))
  for i = 1, field_count do
    if values[i] then
      meta[#meta + 1] = ARGV[3 + i]
      meta[#meta + 1] = values[i]
    end
  end
end
return {version, views, meta, fallbacks}
"""

# A slow writer must not replace a fresher projection that another wrote meanwhile.
PUT_VIEW_LUA = """
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
INDEX_LUA = """
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


def token_key(digest: str) -> str:
    """The key naming the game a seat token (by its hash) was dealt for."""
    return f"{{tok:{digest}}}"


def lobby_key(status: str) -> str:
    return f"{{lobby}}:{status}"


def stream_id(version: int) -> str:
    return f"0-{version}"


def counter_of(game_id: str, raw: bytes | str | int) -> int:
    """The game's version counter as read; one that is no number (written by hand)
    is a corrupt stream, which refuses that game alone."""
    try:
        return int(raw)
    except ValueError:
        raise CorruptStream(
            f"game {game_id}: version counter {raw!r} is no number", game_id
        ) from None


def wrong_kind_refused(
    method: Callable[Concatenate[_Store, str, _P], Coroutine[Any, Any, _R]],
) -> Callable[Concatenate[_Store, str, _P], Coroutine[Any, Any, _R]]:
    """A store method on one game's keys, where a key holding another kind of record
    than the store writes there (WRONGTYPE: by hand, or by another program on the
    server) is that game's corrupt stream, refused alone, not a failure of the store."""

    @functools.wraps(method)
    async def on_one_game(self: _Store, game_id: str, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return await method(self, game_id, *args, **kwargs)
        except ResponseError as refused:
            if "WRONGTYPE" not in str(refused):
                raise
            raise CorruptStream(f"game {game_id}: {refused}", game_id) from refused

    return on_one_game


def version_of(entry_id: bytes | str) -> int:
    raw = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
    return int(raw.partition("-")[2])


async def game_ids_ranked(
    client: Redis | RedisCluster, key: str, offset: int, limit: int, *, newest_first: bool = False
) -> list[str]:
    """The game ids of a sorted set of them (the lobby's, a player's games), ranked
    from `offset`, at most `limit`. A member no game key could take (not UTF-8, not
    an id: written by hand, as the writers refuse them) names no game: it leaves the
    set, an index rebuilt from the logs, and the page is read again, so that no page
    comes back short (a lister reads a short page as the end) or shifted."""
    read = client.zrevrange if newest_first else client.zrange
    while True:
        members = await read(key, offset, offset + limit - 1)
        strays: list[bytes | str] = [
            member
            for member in members
            if isinstance(member, bytes | str) and game_id_named(member) is None
        ]
        if not strays:
            return [game_id for member in members if (game_id := game_id_named(member))]
        await client.zrem(key, *strays)


def game_id_named(member: object) -> str | None:
    """The game id a stored value names (a set's member, a token's owner); None for one
    no game key could take (not UTF-8, written by hand)."""
    if not isinstance(member, bytes | str):
        return None
    try:
        game_id = text(member)
    except UnicodeDecodeError:
        return None
    return game_id if is_game_key_id(game_id) else None


def text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def connection_kwargs(client: Redis | RedisCluster) -> Mapping[str, Any]:
    if isinstance(client, RedisCluster):
        return client.get_connection_kwargs()
    return client.connection_pool.connection_kwargs


def max_connections(client: Redis | RedisCluster) -> int:
    """The client's connection limit: per node on a cluster, so a bound on the total too."""
    if isinstance(client, RedisCluster):
        return int(client.get_connection_kwargs()["max_connections"] or 1)
    return client.connection_pool.max_connections


def stored(entry: Any) -> StoredEvent:
    entry_id, fields = entry
    # An entry without its event (written by hand) reads as no event, which its
    # reader refuses as the game's unreadable record.
    return StoredEvent(version=version_of(entry_id), data=to_bytes(fields.get(b"e", b"")))


def views_of(viewers: Sequence[str], flat: Sequence[Any]) -> dict[str, StoredView]:
    """The cached views of an HMGET of `v:<viewer>`, `d:<viewer>` pairs."""
    views: dict[str, StoredView] = {}
    for index, viewer in enumerate(viewers):
        version, data = flat[2 * index], flat[2 * index + 1]
        if version is not None and data is not None:
            views[viewer] = StoredView(version=int(version), data=to_bytes(data))
    return views


def pairs(flat: Sequence[Any]) -> dict[str, bytes]:
    """A hash as HGETALL answers it inside a script: field, value, field, value..."""
    return fields_of(zip(flat[::2], flat[1::2], strict=True))


def fields_of(raw: Iterable[tuple[bytes | str, bytes | str]]) -> dict[str, bytes]:
    """A hash's fields by name, but those whose name is no UTF-8: no release writes
    one, and read it would stop every read of the hash (a game's meta: the game)."""
    fields: dict[str, bytes] = {}
    for field, value in raw:
        try:
            name = text(field)
        except UnicodeDecodeError:
            continue
        fields[name] = to_bytes(value)
    return fields


def to_bytes(value: bytes | str) -> bytes:
    if not isinstance(value, bytes):
        raise TypeError(f"expected bytes from Redis, got {type(value).__name__}")
    return value
