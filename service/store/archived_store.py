"""ArchivedEventStore: an event store whose finished games may live in an archive.

Every port call goes to the store first; a game the store does not hold (no
version) is looked for in the archive, so every read of an archived game
answers as it did before the game left the store. The archive is only read
when the store misses, and only its file's existence is checked on writes:
an active game costs nothing more.

Writes never land on an archived game's absent keys: a write to an archived
game (an append, a meta field) puts the game back in the store first, and
the eviction deletes nothing once a meta field or an event changed since the
archive was read. Projections of an archived game are not cached in the
store (a process remembers the records it folds).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

from service.store.archive_files import ArchiveCorrupt, FileGameArchive
from service.store.base import (
    AppendResult,
    ArchivedGame,
    CorruptStream,
    Snapshot,
    StoredEvent,
    StoredView,
    VersionConflict,
    check_game_id,
    check_read,
    meta_asked,
)
from service.store.memory import InMemoryEventStore
from service.store.ports import EventStore, GameArchive, GameEviction
from service.store.redis_eviction import RedisGameEviction
from service.store.redis_store import RedisEventStore

__all__ = ["ARCHIVE_FOLDER", "ArchivedEventStore", "with_archive"]

_T = TypeVar("_T")
_log = logging.getLogger(__name__)

# Under the data folder, beside the embedded Redis's `redis/`.
ARCHIVE_FOLDER = "archive"


def with_archive(
    store: RedisEventStore | InMemoryEventStore, data_dir: str | os.PathLike[str]
) -> ArchivedEventStore:
    """The store, with the finished games archived under `data_dir` served too."""
    archive = FileGameArchive(Path(data_dir) / ARCHIVE_FOLDER)
    eviction = RedisGameEviction(store.client) if isinstance(store, RedisEventStore) else store
    return ArchivedEventStore(store, archive, eviction)


def _events(game: ArchivedGame, after: int, limit: int | None) -> list[StoredEvent]:
    stop = game.version if limit is None else min(game.version, after + limit)
    return [StoredEvent(version=index + 1, data=game.events[index]) for index in range(after, stop)]


class ArchivedEventStore(EventStore):
    """`inner` for the games it holds, `archive` for those it no longer does."""

    def __init__(self, inner: EventStore, archive: GameArchive, eviction: GameEviction) -> None:
        self.inner = inner
        self.archive = archive
        self.eviction = eviction

    async def _archive_of(self, game_id: str) -> ArchivedGame | None:
        """The game's archive as its file reads; a file that does not read (a disk's
        or an operator's fault) is that game's corrupt record, refused alone."""
        try:
            return await asyncio.to_thread(self.archive.get, game_id)
        except ArchiveCorrupt as corrupt:
            raise CorruptStream(f"game {game_id}: its archive: {corrupt}", game_id) from corrupt

    async def archived(self, game_id: str) -> ArchivedGame | None:
        """The game's archive, when the store does not hold the game."""
        if not self.archive.has(game_id):
            return None
        if await self.inner.version(game_id) > 0:
            return None
        return await self._archive_of(game_id)

    async def _store_or_archive(
        self, game_id: str, from_store: Callable[[], Awaitable[_T]], missed: Callable[[_T], bool]
    ) -> tuple[_T, ArchivedGame | None]:
        """What the store answers, and the game's archive when the store missed a game
        it no longer holds. A game put back between the two reads (another request's
        write to it) is read from the store again: it answered as for no game (a 404
        to one of two rematch asks)."""
        found = await from_store()
        if not missed(found) or not self.archive.has(game_id):
            return found, None
        if await self.inner.version(game_id) > 0:
            return await from_store(), None
        return found, await self._archive_of(game_id)

    async def _restored(self, game_id: str) -> bool:
        """Put an archived game back in the store, ready for a write; True if archived."""
        if not self.archive.has(game_id):
            return False
        game = await self._archive_of(game_id)
        if game is None:
            return False
        await self.eviction.restore(game)
        return True

    # ------------------------------------------------------------ writes

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
        if expected_version is None:
            # Appended at whatever version the store holds: it must hold the game.
            await self._restored(game_id)

        async def attempt() -> AppendResult:
            return await self.inner.append(
                game_id,
                events,
                expected_version=expected_version,
                command_id=command_id,
                command_digest=command_digest,
                result=result,
                views=views,
                meta=meta,
            )

        try:
            return await attempt()
        except VersionConflict as conflict:
            if conflict.current != 0 or not await self._restored(game_id):
                raise
        return await attempt()

    async def put_meta(self, game_id: str, fields: Mapping[str, bytes]) -> None:
        await self.inner.put_meta(game_id, fields)
        # Checked after the write: an eviction that ran first left these fields
        # alone (the game back with the archived ones), one that runs later sees
        # them and deletes nothing.
        await self._restored(game_id)

    async def put_token_owner(self, digest: str, game_id: str) -> None:
        await self.inner.put_token_owner(digest, game_id)

    async def token_owner(self, digest: str) -> str | None:
        return await self.inner.token_owner(digest)

    async def remove_token_owners(self, digests: Collection[str]) -> None:
        await self.inner.remove_token_owners(digests)

    async def remove_meta_fields(self, game_id: str, fields: Collection[str]) -> None:
        # The store's record only: an archived game's is in its file (`archive.put`).
        await self.inner.remove_meta_fields(game_id, fields)

    async def put_meta_if_absent(self, game_id: str, field: str, value: bytes) -> bool:
        await self._restored(game_id)
        return await self.inner.put_meta_if_absent(game_id, field, value)

    async def put_view(self, game_id: str, viewer: str, version: int, data: bytes) -> None:
        if self.archive.has(game_id):
            return  # a finished game: its readers fold it once a process
        await self.inner.put_view(game_id, viewer, version, data)

    async def drop_views(self, game_id: str) -> None:
        await self.inner.drop_views(game_id)

    async def remove_game(self, game_id: str) -> None:
        await self.inner.remove_game(game_id)
        await asyncio.to_thread(self.archive.delete, game_id)

    async def remove_game_at(self, game_id: str, version: int) -> bool:
        if not await self.inner.remove_game_at(game_id, version):
            return False
        await asyncio.to_thread(self.archive.delete, game_id)
        return True

    # ------------------------------------------------------------ reads

    async def recall(
        self, game_id: str, command_id: str, command_digest: str
    ) -> AppendResult | None:
        # An archived game keeps no command records: a retry is decided again.
        return await self.inner.recall(game_id, command_id, command_digest)

    async def read(
        self, game_id: str, after: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        events, game = await self._store_or_archive(
            game_id, lambda: self.inner.read(game_id, after, limit), lambda e: not e and limit != 0
        )
        return events if game is None else _events(game, after, limit)

    async def wait_for(
        self, game_id: str, after: int, timeout_s: float, limit: int | None = None
    ) -> list[StoredEvent]:
        check_read(game_id, after, limit)
        game = await self.archived(game_id)
        if game is not None:
            return _events(game, after, limit)  # nothing more will come
        return await self.inner.wait_for(game_id, after, timeout_s, limit)

    async def version(self, game_id: str) -> int:
        version = await self.inner.version(game_id)
        if version or not self.archive.has(game_id):
            return version
        game = await self._archive_of(game_id)
        return 0 if game is None else game.version

    async def exists(self, game_id: str) -> bool:
        return await self.version(game_id) > 0

    async def game_ids(self) -> AsyncIterator[str]:
        seen: set[str] = set()
        async for game_id in self.inner.game_ids():
            seen.add(game_id)
            yield game_id
        for game_id in await asyncio.to_thread(self.archive.game_ids):
            if game_id not in seen:
                yield game_id

    async def meta_ids(self) -> AsyncIterator[str]:
        # An archived game's meta is in its file: it was whole when it was archived.
        async for game_id in self.inner.meta_ids():
            yield game_id

    async def get_meta(self, game_id: str) -> dict[str, bytes]:
        meta, game = await self._store_or_archive(
            game_id, lambda: self.inner.get_meta(game_id), lambda m: not m
        )
        return meta if game is None else dict(game.meta)

    async def get_view(self, game_id: str, viewer: str) -> StoredView | None:
        return await self.inner.get_view(game_id, viewer)

    async def snapshot(
        self,
        game_id: str,
        viewers: Sequence[str] = (),
        *,
        meta: bool | Sequence[str] = False,
        fallback: Sequence[str] = (),
        have: int = 0,
    ) -> Snapshot:
        snapshot, game = await self._store_or_archive(
            game_id,
            lambda: self.inner.snapshot(game_id, viewers, meta=meta, fallback=fallback, have=have),
            lambda s: s.version == 0,
        )
        if game is None:
            return snapshot
        return Snapshot(version=game.version, meta=meta_asked(game.meta, meta))

    # ------------------------------------------------------------ lobby

    async def index_game(self, game_id: str, status: str, score: float) -> None:
        await self.inner.index_game(game_id, status, score)

    async def unindex_game(self, game_id: str) -> None:
        await self.inner.unindex_game(game_id)

    async def list_games(self, status: str, limit: int = 50, offset: int = 0) -> list[str]:
        return await self.inner.list_games(status, limit, offset)

    async def headlines(self, game_ids: Sequence[str]) -> list[Snapshot]:
        headlines = await self.inner.headlines(game_ids)
        answered: list[Snapshot] = []
        for game_id, headline in zip(game_ids, headlines, strict=True):
            if headline.version == 0 and not headline.meta and self.archive.has(game_id):
                check_game_id(game_id)
                try:
                    game = await self._archive_of(game_id)
                except CorruptStream as corrupt:
                    # A listing of many games leaves this one out, as a removed game.
                    _log.error("%s", corrupt)
                    game = None
                if game is not None:
                    headline = Snapshot(version=game.version, meta=dict(game.meta))
            answered.append(headline)
        return answered
