"""RedisPlayerStore: the PlayerStore on Redis, every key of a player under one hash tag.

    {p:<id>}:player  hash  the player's record (name, token hash, guest, ...)
    {p:<id>}:games   zset  the player's games, scored by the service (creation time)

Both keys share the `{p:<id>}` tag, so a player lives on one Redis Cluster
shard; nothing here spans players.
"""

from __future__ import annotations

from collections.abc import Mapping

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.typing import EncodableT

from service.store.base import check_listing, check_score
from service.store.players import PlayerStore, check_player_id
from service.store.redis_keys import connection_kwargs, fields_of, game_ids_ranked

__all__ = ["RedisPlayerStore", "player_key"]

# Create only when absent, update only when present: one script each, so a
# record is never half written by two racing creators.
_CREATE_LUA = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
"""

_UPDATE_LUA = """
if redis.call('EXISTS', KEYS[1]) == 0 then
  return 0
end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
"""


def player_key(player_id: str, kind: str) -> str:
    """The key of one record of a player, under the player's hash tag."""
    return f"{{p:{player_id}}}:{kind}"


def _flat(fields: Mapping[str, bytes]) -> list[EncodableT]:
    flat: list[EncodableT] = []
    for field, value in fields.items():
        flat += [field, value]
    return flat


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _bytes(value: bytes | str) -> bytes:
    if not isinstance(value, bytes):
        raise TypeError(f"expected bytes from Redis, got {type(value).__name__}")
    return value


class RedisPlayerStore(PlayerStore):
    """PlayerStore on a `redis.asyncio.Redis` client (bytes replies) that the caller owns."""

    def __init__(self, client: Redis | RedisCluster) -> None:
        if connection_kwargs(client).get("decode_responses"):
            raise ValueError("RedisPlayerStore needs a client with decode_responses=False")
        self._redis = client
        self._create = client.register_script(_CREATE_LUA)
        self._update = client.register_script(_UPDATE_LUA)

    async def create_player(self, player_id: str, fields: Mapping[str, bytes]) -> bool:
        check_player_id(player_id)
        if not fields:
            return False
        created = await self._create(keys=[player_key(player_id, "player")], args=_flat(fields))
        return bool(created)

    async def get_player(self, player_id: str) -> dict[str, bytes]:
        check_player_id(player_id)
        raw = await self._redis.hgetall(player_key(player_id, "player"))
        # A field whose name is no UTF-8 (written by hand: no release writes one) is
        # not read, as a game's meta's is not: it stopped every request of the player.
        return fields_of(raw.items())

    async def update_player(self, player_id: str, fields: Mapping[str, bytes]) -> bool:
        check_player_id(player_id)
        if not fields:
            return bool(await self._redis.exists(player_key(player_id, "player")))
        updated = await self._update(keys=[player_key(player_id, "player")], args=_flat(fields))
        return bool(updated)

    async def add_game(self, player_id: str, game_id: str, score: float) -> None:
        check_player_id(player_id)
        check_score(score)
        await self._redis.zadd(player_key(player_id, "games"), {game_id: score})

    async def remove_game(self, player_id: str, game_id: str) -> None:
        check_player_id(player_id)
        await self._redis.zrem(player_key(player_id, "games"), game_id)

    async def games(self, player_id: str, limit: int = 50, offset: int = 0) -> list[str]:
        check_player_id(player_id)
        check_listing(limit, offset)
        if limit == 0:
            return []
        key = player_key(player_id, "games")
        return await game_ids_ranked(self._redis, key, offset, limit, newest_first=True)
