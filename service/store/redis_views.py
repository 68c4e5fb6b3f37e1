"""The view cache on Redis: a game's cached views (and its state snapshots) in one hash
beside its log, each written only when newer, read with the version in one script."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from service.store.base import Snapshot, StoredView, check_game_id
from service.store.ports import ViewCache
from service.store.redis_keys import (
    PUT_VIEW_LUA,
    SNAPSHOT_LUA,
    counter_of,
    game_key,
    pairs,
    views_of,
    wrong_kind_refused,
)

__all__ = ["RedisViewCache"]


class RedisViewCache(ViewCache):
    """ViewCache on a client the caller owns (the event store's)."""

    def __init__(self, client: Redis | RedisCluster) -> None:
        self._redis = client
        self._put_view_script = client.register_script(PUT_VIEW_LUA)
        self._snapshot_script = client.register_script(SNAPSHOT_LUA)

    @wrong_kind_refused
    async def put_view(self, game_id: str, viewer: str, version: int, data: bytes) -> None:
        check_game_id(game_id)
        await self._put_view_script(keys=[game_key(game_id, "views")], args=[viewer, version, data])

    @wrong_kind_refused
    async def get_view(self, game_id: str, viewer: str) -> StoredView | None:
        check_game_id(game_id)
        flat = await self._redis.hmget(game_key(game_id, "views"), [f"v:{viewer}", f"d:{viewer}"])
        return views_of([viewer], flat).get(viewer)

    async def drop_views(self, game_id: str) -> None:
        check_game_id(game_id)
        await self._redis.delete(game_key(game_id, "views"))

    @wrong_kind_refused
    async def snapshot(
        self,
        game_id: str,
        viewers: Sequence[str] = (),
        *,
        meta: bool | Sequence[str] = False,
        fallback: Sequence[str] = (),
        have: int = 0,
    ) -> Snapshot:
        check_game_id(game_id)
        keys = [game_key(game_id, kind) for kind in ("version", "views", "meta")]
        fields: Sequence[str] = () if isinstance(meta, bool) else meta
        count = -1 if meta is True else len(fields)
        args: list[str | int] = [count, have, len(fallback), *fields, *fallback, *viewers]
        reply: list[Any] = await self._snapshot_script(keys=keys, args=args)
        raw_version, raw_views, raw_meta, raw_fallbacks = reply
        views = views_of(viewers, raw_views)
        if raw_fallbacks:
            views |= views_of(fallback, raw_fallbacks)
        return Snapshot(
            version=counter_of(game_id, raw_version),
            views=views,
            meta=pairs(raw_meta) if meta else None,
        )
