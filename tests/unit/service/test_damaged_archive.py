"""An archived game whose file is damaged (not gzip, a header of another format)
costs that game alone: its routes answer 409 `game_unreadable`, never a 500, and
the lobby of finished games lists the others."""

from __future__ import annotations

import pytest
from archive_play import auth, play_to_the_end
from litestar.testing import AsyncTestClient

from service.app.archiving import Archiver
from service.http.app import create_app
from service.store import InMemoryEventStore
from service.store.archive_files import ArchiveCorrupt, InMemoryGameArchive
from service.store.archived_store import ArchivedEventStore
from service.store.base import ArchivedGame


class _DamagedArchive(InMemoryGameArchive):
    """An archive whose file of one game no longer reads (a disk's or an operator's fault)."""

    damaged: str | None = None

    def get(self, game_id: str) -> ArchivedGame | None:
        if game_id == self.damaged:
            raise ArchiveCorrupt(f"the archive of {game_id} does not unzip")
        return super().get(game_id)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_a_damaged_archive_costs_only_its_own_game() -> None:
    inner = InMemoryEventStore()
    archive = _DamagedArchive()
    store = ArchivedEventStore(inner, archive, inner)
    async with AsyncTestClient(create_app(store)) as client:
        broken = await play_to_the_end(client, seed=3)
        sound = await play_to_the_end(client, seed=4)
        for played in (broken, sound):
            assert await Archiver(store, retention_s=0).archive_game(played.game_id) == "archived"
    archive.damaged = broken.game_id
    # A process that never read the games (one that did holds their records).
    async with AsyncTestClient(create_app(store)) as client:
        token = broken.tokens[0]
        for path in ("", "/view", "/events", "/log", f"/states/{broken.version}"):
            answer = await client.get(f"/games/{broken.game_id}{path}", headers=auth(token))
            assert answer.status_code == 409, (path, answer.text)
            assert answer.json()["code"] == "game_unreadable"
        lobby = await client.get("/games", params={"status": "finished"})
        assert lobby.status_code == 200, lobby.text
        listed = [game["game_id"] for game in lobby.json()["games"]]
        assert sound.game_id in listed and broken.game_id not in listed
        assert (await client.get(f"/games/{sound.game_id}/log")).status_code == 200
