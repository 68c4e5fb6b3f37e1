"""Archiving finished games, on the in-memory store: when a game is archived, what
stays readable, and what a write to an archived game does."""

from __future__ import annotations

import gzip
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from archive_play import auth, play_to_the_end, read_routes
from litestar.testing import AsyncTestClient

from service.app.archiving import Archiver
from service.app.envelope import decode_envelope
from service.http.app import create_app
from service.runtime.settings import settings_from_env
from service.store import InMemoryEventStore
from service.store.archive_files import (
    ArchiveCorrupt,
    FileGameArchive,
    InMemoryGameArchive,
    decode_archive,
)
from service.store.archived_store import ArchivedEventStore
from service.store.base import ArchivedGame, Snapshot
from workers.command import archive_due

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _store() -> ArchivedEventStore:
    inner = InMemoryEventStore()
    return ArchivedEventStore(inner, InMemoryGameArchive(), inner)


async def _ended_at(store: ArchivedEventStore, game_id: str) -> float:
    last = (await store.read(game_id))[-1]
    return datetime.fromisoformat(decode_envelope(last.data).at).timestamp()


async def test_a_finished_game_leaves_the_store_after_the_retention_and_reads_the_same() -> None:
    store = _store()
    async with AsyncTestClient(create_app(store)) as client:
        played = await play_to_the_end(client, seed=3)
        before = await read_routes(client, played)
        ended = await _ended_at(store, played.game_id)
        clock = [ended + 59.0]
        archiver = Archiver(store, retention_s=60, clock=lambda: clock[0])
        assert await archiver.archive_game(played.game_id) == "retained"
        assert (await archiver.sweep()).archived == 0
        assert await store.inner.version(played.game_id) == played.version

        clock[0] = ended + 60.0
        swept = await archiver.sweep()
        # The rematch (a game waiting for its players) stays.
        assert swept.archived == 1 and swept.looked_at == 2
        assert await store.inner.version(played.game_id) == 0
        assert await store.inner.get_meta(played.game_id) == {}
        # The command records went with it: a retry is decided again (and refused).
        assert await store.inner.recall(played.game_id, "c:x", "d") is None
        assert await read_routes(client, played) == before


async def test_a_game_in_play_is_never_archived() -> None:
    store = _store()
    async with AsyncTestClient(create_app(store)) as client:
        created = await client.post("/games", json={"seats": [{"kind": "human"}] * 2})
        game_id = created.json()["game_id"]
        token = created.json()["tokens"]["0"]
        await client.post(f"/games/{game_id}/commands", json={"type": "draw"}, headers=auth(token))
        archiver = Archiver(store, retention_s=0, clock=lambda: 4e9)
        assert await archiver.archive_game(game_id) == "not_over"
        assert (await archiver.sweep()).archived == 0
        assert await store.inner.version(game_id) > 0
        assert not store.archive.has(game_id)


async def test_a_write_after_the_archive_was_read_keeps_the_game_in_the_store() -> None:
    store = _store()
    async with AsyncTestClient(create_app(store)) as client:
        played = await play_to_the_end(client, seed=5)
    game_id = played.game_id
    meta = await store.inner.get_meta(game_id)
    events = tuple(event.data for event in await store.inner.read(game_id))
    store.archive.put(ArchivedGame(game_id=game_id, events=events, meta=meta))
    await store.put_meta(game_id, {"note": b"written meanwhile"})
    assert not await store.eviction.evict(game_id, len(events), meta)
    assert (await store.get_meta(game_id))["note"] == b"written meanwhile"
    # The next run archives it as it is now.
    assert await Archiver(store, retention_s=0).archive_game(game_id) == "archived"
    assert store.archive.get(game_id) is not None
    assert store.archive.get(game_id).meta["note"] == b"written meanwhile"  # type: ignore[union-attr]


async def test_a_write_to_an_archived_game_puts_it_back_first() -> None:
    store = _store()
    async with AsyncTestClient(create_app(store)) as client:
        played = await play_to_the_end(client, seed=8)
        assert await Archiver(store, retention_s=0).archive_game(played.game_id) == "archived"
        before = await store.get_meta(played.game_id)
        await store.put_meta(played.game_id, {"note": b"later"})
        # Back in the store, whole: its log, its meta, and the new field.
        assert await store.inner.version(played.game_id) == played.version
        assert await store.inner.get_meta(played.game_id) == before | {"note": b"later"}
        # And archived again later, with the field.
        assert await Archiver(store, retention_s=0).archive_game(played.game_id) == "archived"
        assert (await store.get_meta(played.game_id))["note"] == b"later"


async def test_retention_off_keeps_every_game() -> None:
    assert settings_from_env({}).finished_retention_s == 3600
    assert settings_from_env({"FINISHED_RETENTION_S": "off"}).finished_retention_s is None
    assert settings_from_env({"FINISHED_RETENTION_S": "90"}).finished_retention_s == 90
    store = _store()
    async with AsyncTestClient(create_app(store)) as client:
        played = await play_to_the_end(client, seed=3)
    assert await archive_due(store, None) == ""
    assert await store.inner.version(played.game_id) == played.version
    assert await archive_due(store, 0) == ", 1 finished games archived"


def test_the_archive_file_is_gzipped_json_lines_and_written_whole(tmp_path: Path) -> None:
    archive = FileGameArchive(tmp_path)
    game = ArchivedGame(
        game_id="g-1", events=(b'{"version":1}', b'{"version":2}'), meta={"info": b"\x00\xff"}
    )
    archive.put(game)
    assert archive.get("g-1") == game and archive.has("g-1") and archive.game_ids() == ["g-1"]
    path = archive.path_of("g-1")
    lines = gzip.decompress(path.read_bytes()).splitlines()
    assert lines[1:] == [b'{"version":1}', b'{"version":2}']
    assert b'"format":"rummy-archive/1"' in lines[0]
    # No temporary file is left beside it.
    assert [p.name for p in path.parent.iterdir()] == ["g-1.jsonl.gz"]
    archive.put(ArchivedGame(game_id="g-1", events=game.events[:1], meta={}))
    assert archive.get("g-1") == ArchivedGame(game_id="g-1", events=game.events[:1], meta={})
    path.write_bytes(gzip.compress(b'{"type":"archive"}\n'))
    with pytest.raises(ArchiveCorrupt):
        archive.get("g-1")
    with pytest.raises(ArchiveCorrupt):
        decode_archive(lines[0] + b"\n")  # two events announced, none there
    archive.delete("g-1")
    assert archive.get("g-1") is None and not archive.has("g-1")


async def test_an_append_to_an_archived_game_puts_it_back_and_lands_after_its_log() -> None:
    store = _store()
    async with AsyncTestClient(create_app(store)) as client:
        played = await play_to_the_end(client, seed=6)
        asked = await client.post(
            f"/games/{played.game_id}/rematch", headers=auth(played.tokens[1])
        )
        assert await Archiver(store, retention_s=0).archive_game(played.game_id) == "archived"
        # The rematch asked again of the archived game: the same answer.
        again = await client.post(
            f"/games/{played.game_id}/rematch", headers=auth(played.tokens[1])
        )
        assert (again.status_code, again.json()["game_id"]) == (
            asked.status_code,
            asked.json()["game_id"],
        )
    await Archiver(store, retention_s=0).archive_game(played.game_id)
    assert await store.inner.version(played.game_id) == 0
    log = [event.data for event in await store.read(played.game_id)]
    appended = await store.append(
        played.game_id,
        [log[-1]],
        expected_version=played.version,
        command_id=None,
        command_digest=None,
    )
    assert appended.first_version == played.version + 1
    assert [e.data for e in await store.inner.read(played.game_id)] == [*log, log[-1]]


class _PutBackAfterMiss(InMemoryEventStore):
    """A store whose next read misses an archived game that another request puts back
    (a write to it: a rematch asked by another player) right after that miss."""

    def __init__(self) -> None:
        super().__init__()
        self.put_back: ArchivedGame | None = None

    async def _then_put_back(self) -> None:
        game, self.put_back = self.put_back, None
        if game is not None:
            await self.restore(game)

    async def snapshot(self, game_id: str, *args: Any, **kwargs: Any) -> Snapshot:
        missed = await super().snapshot(game_id, *args, **kwargs)
        await self._then_put_back()
        return missed

    async def get_meta(self, game_id: str) -> dict[str, bytes]:
        missed = await super().get_meta(game_id)
        await self._then_put_back()
        return missed

    async def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Any]:
        missed = await super().read(game_id, after, limit)
        await self._then_put_back()
        return missed


async def test_a_read_while_another_request_puts_the_game_back_still_finds_it() -> None:
    """Two players asked the rematch of an archived game at once: one ask's write put
    the game back in the store between the other's store miss and its archive look,
    which then said the store held it, and the other ask got 404 `game_not_found`."""
    inner = _PutBackAfterMiss()
    store = ArchivedEventStore(inner, InMemoryGameArchive(), inner)
    async with AsyncTestClient(create_app(store)) as client:
        played = await play_to_the_end(client, seed=3)
    archiver = Archiver(store, retention_s=0, clock=lambda: 4e9)
    assert await archiver.archive_game(played.game_id) == "archived"
    archived = store.archive.get(played.game_id)
    assert archived is not None and await inner.version(played.game_id) == 0

    inner.put_back = archived
    snapshot = await store.snapshot(played.game_id, meta=True)
    assert snapshot.version == archived.version and snapshot.meta
    await inner.remove_game(played.game_id)
    inner.put_back = archived
    assert await store.get_meta(played.game_id) == dict(archived.meta)
    await inner.remove_game(played.game_id)
    inner.put_back = archived
    assert len(await store.read(played.game_id)) == archived.version
