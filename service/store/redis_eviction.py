"""RedisGameEviction: a finished game's keys leave Redis once archived (and come back).

Every key touched is under the game's `{g:<id>}` hash tag (the claim too:
`{g:<id>}:archiving`), so each script runs on one slot of a cluster.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from service.store.base import ArchivedGame, check_game_id
from service.store.ports import GameEviction
from service.store.redis_keys import game_key

__all__ = ["EVICT_LUA", "GAME_KINDS", "RESTORE_LUA", "RedisGameEviction"]

GAME_KINDS = ("version", "events", "cmds", "views", "meta")

# Deleted only while the game is as archived: a write that landed after the
# archive was read (a meta field, an event) keeps the game in Redis.
EVICT_LUA = """
-- KEYS: version, events, cmds, views, meta; ARGV: version, then meta field, value...
local current = redis.call('GET', KEYS[1])
if current ~= ARGV[1] then
  return 0
end
if redis.call('HLEN', KEYS[5]) * 2 ~= #ARGV - 1 then
  return 0
end
for i = 2, #ARGV, 2 do
  if redis.call('HGET', KEYS[5], ARGV[i]) ~= ARGV[i + 1] then
    return 0
  end
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5])
return 1
"""

# Back from the archive, unless the log is there; fields written since the
# eviction (a write that found the game gone) win over the archived ones.
RESTORE_LUA = """
-- KEYS: version, events, meta; ARGV: meta field count n, n pairs, event bytes...
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
local fields = tonumber(ARGV[1])
for i = 0, fields - 1 do
  redis.call('HSETNX', KEYS[3], ARGV[2 + 2 * i], ARGV[3 + 2 * i])
end
redis.call('DEL', KEYS[2])
local first = 2 + 2 * fields
for i = first, #ARGV do
  redis.call('XADD', KEYS[2], '0-' .. (i - first + 1), 'e', ARGV[i])
end
redis.call('SET', KEYS[1], #ARGV - first + 1)
return 1
"""

_RELEASE_LUA = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


class RedisGameEviction(GameEviction):
    """GameEviction on the event store's Redis (standalone or cluster)."""

    def __init__(self, client: Redis | RedisCluster) -> None:
        self._redis = client
        self._evict = client.register_script(EVICT_LUA)
        self._restore = client.register_script(RESTORE_LUA)
        self._release = client.register_script(_RELEASE_LUA)

    async def claim_eviction(self, game_id: str, owner: str, ttl_s: float) -> bool:
        check_game_id(game_id)
        key = game_key(game_id, "archiving")
        return bool(await self._redis.set(key, owner, nx=True, px=max(1, round(ttl_s * 1000))))

    async def release_eviction(self, game_id: str, owner: str) -> None:
        check_game_id(game_id)
        await self._release(keys=[game_key(game_id, "archiving")], args=[owner])

    async def evict(self, game_id: str, version: int, meta: Mapping[str, bytes]) -> bool:
        check_game_id(game_id)
        args: list[Any] = [str(version)]
        for field, value in meta.items():
            args += [field, value]
        keys = [game_key(game_id, kind) for kind in GAME_KINDS]
        return bool(await self._evict(keys=keys, args=args))

    async def restore(self, game: ArchivedGame) -> bool:
        check_game_id(game.game_id)
        args: list[Any] = [len(game.meta)]
        for field, value in game.meta.items():
            args += [field, value]
        args += game.events
        keys = [game_key(game.game_id, kind) for kind in ("version", "events", "meta")]
        return bool(await self._restore(keys=keys, args=args))
