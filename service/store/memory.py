"""InMemoryEventStore: the EventStore in process memory, for unit tests and throwaway runs."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Collection, Mapping, Sequence

import msgspec

from service.store.base import (
    DEFAULT_LOBBY_STATUSES,
    AppendResult,
    ArchivedGame,
    CommandIdReused,
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
    check_token_digest,
    meta_asked,
)
from service.store.ports import EventStore, GameEviction

__all__ = ["InMemoryEventStore"]


class _CommandRecord(msgspec.Struct, frozen=True):
    digest: str
    first_version: int
    last_version: int
    result: bytes | None


class InMemoryEventStore(EventStore, GameEviction):
    """Same contract as the Redis store; atomic because no method awaits mid-update."""

    def __init__(self, lobby_statuses: Sequence[str] = DEFAULT_LOBBY_STATUSES) -> None:
        self._lobby_statuses = tuple(lobby_statuses)
        self._events: dict[str, list[bytes]] = {}
        self._commands: dict[str, dict[str, _CommandRecord]] = {}
        self._meta: dict[str, dict[str, bytes]] = {}
        self._token_owners: dict[str, str] = {}
        self._views: dict[str, dict[str, StoredView]] = {}
        self._lobby: dict[str, tuple[str, float]] = {}
        # One future per waiting call, created in the waiter's own loop: an
        # asyncio.Condition would bind to the first loop that used it.
        self._waiters: dict[str, set[asyncio.Future[None]]] = {}
        self._claims: dict[str, tuple[str, float]] = {}

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
        log = self._events.get(game_id, [])
        current = len(log)
        commands = self._commands.get(game_id, {})
        if command_id is not None:
            record = commands.get(command_id)
            if record is not None:
                if record.digest != command_digest:
                    raise CommandIdReused(command_id)
                return AppendResult(
                    first_version=record.first_version,
                    last_version=record.last_version,
                    duplicate=True,
                    result=record.result,
                )
        if expected_version is not None and expected_version != current:
            raise VersionConflict(expected=expected_version, current=current)

        appended = AppendResult(
            first_version=current + 1,
            last_version=current + len(events),
            result=result if command_id is not None else None,
        )
        if events:
            self._events.setdefault(game_id, []).extend(bytes(event) for event in events)
        if command_id is not None and command_digest is not None:
            self._commands.setdefault(game_id, {})[command_id] = _CommandRecord(
                command_digest, appended.first_version, appended.last_version, appended.result
            )
        if meta:
            self._meta.setdefault(game_id, {}).update({k: bytes(v) for k, v in meta.items()})
        for viewer, data in (views or {}).items():
            self._put_view(game_id, viewer, appended.last_version, data)
        if events:
            self._wake(game_id)
        return appended

    async def recall(
        self, game_id: str, command_id: str, command_digest: str
    ) -> AppendResult | None:
        check_game_id(game_id)
        record = self._commands.get(game_id, {}).get(command_id)
        if record is None:
            return None
        if record.digest != command_digest:
            raise CommandIdReused(command_id)
        return AppendResult(
            first_version=record.first_version,
            last_version=record.last_version,
            duplicate=True,
            result=record.result,
        )

    async def read(
        self, game_id: str, after: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        check_read(game_id, after, limit)
        return self._read(game_id, after, limit)

    async def wait_for(
        self, game_id: str, after: int, timeout_s: float, limit: int | None = None
    ) -> list[StoredEvent]:
        check_read(game_id, after, limit)
        events = self._read(game_id, after, limit)
        if events or timeout_s <= 0:
            return events
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(game_id, set()).add(waiter)
        try:
            async with asyncio.timeout(timeout_s):
                await waiter
        except TimeoutError:
            return []
        finally:
            waiting = self._waiters.get(game_id)
            if waiting is not None:
                waiting.discard(waiter)
                if not waiting:
                    del self._waiters[game_id]
        return self._read(game_id, after, limit)

    async def version(self, game_id: str) -> int:
        check_game_id(game_id)
        return len(self._events.get(game_id, ()))

    async def exists(self, game_id: str) -> bool:
        return await self.version(game_id) > 0

    async def game_ids(self) -> AsyncIterator[str]:
        for game_id in list(self._events):
            yield game_id

    async def meta_ids(self) -> AsyncIterator[str]:
        for game_id in list(self._meta):
            yield game_id

    async def put_meta(self, game_id: str, fields: Mapping[str, bytes]) -> None:
        check_game_id(game_id)
        self._meta.setdefault(game_id, {}).update(fields)

    async def get_meta(self, game_id: str) -> dict[str, bytes]:
        check_game_id(game_id)
        return dict(self._meta.get(game_id, {}))

    async def put_token_owner(self, digest: str, game_id: str) -> None:
        check_token_digest(digest)
        self._token_owners[digest] = game_id

    async def token_owner(self, digest: str) -> str | None:
        check_token_digest(digest)
        return self._token_owners.get(digest)

    async def remove_token_owners(self, digests: Collection[str]) -> None:
        for digest in digests:
            check_token_digest(digest)
        for digest in digests:
            self._token_owners.pop(digest, None)

    async def remove_meta_fields(self, game_id: str, fields: Collection[str]) -> None:
        check_game_id(game_id)
        meta = self._meta.get(game_id)
        if meta is None:
            return
        for field in fields:
            meta.pop(field, None)
        if not meta:
            del self._meta[game_id]

    async def put_meta_if_absent(self, game_id: str, field: str, value: bytes) -> bool:
        check_game_id(game_id)
        fields = self._meta.setdefault(game_id, {})
        if field in fields:
            return False
        fields[field] = bytes(value)
        return True

    async def index_game(self, game_id: str, status: str, score: float) -> None:
        check_game_id(game_id)
        check_lobby_status(status, self._lobby_statuses)
        check_score(score)
        self._lobby[game_id] = (status, score)

    async def unindex_game(self, game_id: str) -> None:
        check_game_id(game_id)
        self._lobby.pop(game_id, None)

    async def remove_game(self, game_id: str) -> None:
        check_game_id(game_id)
        for records in (self._events, self._commands, self._meta, self._views, self._lobby):
            records.pop(game_id, None)

    async def remove_game_at(self, game_id: str, version: int) -> bool:
        check_game_id(game_id)
        if await self.version(game_id) != version:
            return False
        await self.remove_game(game_id)
        return True

    async def list_games(self, status: str, limit: int = 50, offset: int = 0) -> list[str]:
        check_lobby_status(status, self._lobby_statuses)
        check_listing(limit, offset)
        # Ties broken by id, as a Redis sorted set orders equal scores.
        filed = sorted(
            (score, game_id)
            for game_id, (filed_status, score) in self._lobby.items()
            if filed_status == status
        )
        return [game_id for _, game_id in filed[offset : offset + limit]]

    async def put_view(self, game_id: str, viewer: str, version: int, data: bytes) -> None:
        check_game_id(game_id)
        self._put_view(game_id, viewer, version, data)

    def _put_view(self, game_id: str, viewer: str, version: int, data: bytes) -> None:
        views = self._views.setdefault(game_id, {})
        cached = views.get(viewer)
        if cached is None or cached.version <= version:
            views[viewer] = StoredView(version=version, data=bytes(data))

    async def get_view(self, game_id: str, viewer: str) -> StoredView | None:
        check_game_id(game_id)
        return self._views.get(game_id, {}).get(viewer)

    async def drop_views(self, game_id: str) -> None:
        check_game_id(game_id)
        self._views.pop(game_id, None)

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
        cached = self._views.get(game_id, {})
        version = len(self._events.get(game_id, ()))
        views = {viewer: cached[viewer] for viewer in viewers if viewer in cached}
        all_fresh = bool(viewers) and all(
            viewer in views and views[viewer].version == version for viewer in viewers
        )
        if version > have and not all_fresh:
            views |= {viewer: cached[viewer] for viewer in fallback if viewer in cached}
        asked = meta_asked(self._meta.get(game_id, {}), meta) if meta else None
        return Snapshot(version=version, views=views, meta=asked)

    async def headlines(self, game_ids: Sequence[str]) -> list[Snapshot]:
        for game_id in game_ids:
            check_game_id(game_id)
        return [
            Snapshot(
                version=len(self._events.get(game_id, ())), meta=dict(self._meta.get(game_id, {}))
            )
            for game_id in game_ids
        ]

    async def claim_eviction(self, game_id: str, owner: str, ttl_s: float) -> bool:
        check_game_id(game_id)
        held = self._claims.get(game_id)
        if held is not None and held[1] > time.monotonic():
            return False
        self._claims[game_id] = (owner, time.monotonic() + ttl_s)
        return True

    async def release_eviction(self, game_id: str, owner: str) -> None:
        if self._claims.get(game_id, ("", 0.0))[0] == owner:
            del self._claims[game_id]

    async def evict(self, game_id: str, version: int, meta: Mapping[str, bytes]) -> bool:
        check_game_id(game_id)
        if len(self._events.get(game_id, ())) != version or self._meta.get(game_id) != meta:
            return False
        for records in (self._events, self._commands, self._meta, self._views):
            records.pop(game_id, None)
        return True

    async def restore(self, game: ArchivedGame) -> bool:
        check_game_id(game.game_id)
        if self._events.get(game.game_id):
            return False
        self._events[game.game_id] = list(game.events)
        self._meta[game.game_id] = game.meta | self._meta.get(game.game_id, {})
        return True

    def _read(self, game_id: str, after: int, limit: int | None) -> list[StoredEvent]:
        log = self._events.get(game_id, [])
        stop = len(log) if limit is None else min(len(log), after + limit)
        return [StoredEvent(version=index + 1, data=log[index]) for index in range(after, stop)]

    def _wake(self, game_id: str) -> None:
        for waiter in self._waiters.pop(game_id, set()):
            if not waiter.done():
                waiter.set_result(None)
