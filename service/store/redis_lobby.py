"""The lobby index on Redis: one sorted set per status under the `{lobby}` hash tag,
moved between in one script, and the headlines of a page of games in one pipeline."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import ResponseError

from service.store.base import (
    Snapshot,
    check_game_id,
    check_listing,
    check_lobby_status,
    check_score,
)
from service.store.ports import LobbyIndex
from service.store.redis_keys import INDEX_LUA, fields_of, game_ids_ranked, game_key, lobby_key

__all__ = ["RedisLobbyIndex"]


class RedisLobbyIndex(LobbyIndex):
    """LobbyIndex on a client the caller owns (the event store's)."""

    def __init__(self, client: Redis | RedisCluster, lobby_statuses: Sequence[str]) -> None:
        self._redis = client
        self._lobby_statuses = tuple(lobby_statuses)
        self._index_script = client.register_script(INDEX_LUA)

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
        return await game_ids_ranked(self._redis, lobby_key(status), offset, limit)

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
            # A key of the wrong type (written by hand) answers an error for its game
            # alone: that game reads as unknown, the others as they are.
            replies = await pipe.execute(raise_on_error=False)
        for reply in replies:
            if isinstance(reply, Exception) and not isinstance(reply, ResponseError):
                raise reply  # the server, not a record: the caller's to handle
        return [
            _headline(raw_version, raw_meta)
            for raw_version, raw_meta in zip(replies[::2], replies[1::2], strict=True)
        ]

    def _lobby_keys(self) -> list[str]:
        return [lobby_key(status) for status in self._lobby_statuses]


def _headline(raw_version: bytes | None, raw_meta: dict[Any, Any]) -> Snapshot:
    """A game's headline; a version counter written wrong (by hand: the append's
    script writes only numbers) reads as an unknown game's, so the page that lists
    it still answers, without it. So does a record of the wrong type (its error reply)."""
    if isinstance(raw_version, ResponseError) or isinstance(raw_meta, ResponseError):
        return Snapshot(version=0, meta={})
    try:
        version = int(raw_version or 0)
    except ValueError:
        return Snapshot(version=0, meta={})
    return Snapshot(version=version, meta=fields_of(raw_meta.items()))
