"""`rummy upgrade` over the previous release's data folder (tests/fixtures/previous_release):
no field of that release is left in any game's meta, no token key of its form is left,
the log is the truth afterwards (its cached projections deleted, every game reads the
same), and a second run changes nothing."""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from redis.asyncio import Redis

from service.app.game_record import SEATING_FIELD
from service.app.games import GameService
from service.app.upgrade import LEGACY_FIELDS, LEGACY_PREFIXES
from service.cli.upgrade_command import STORE_DONE, describe, upgrade_store
from service.store import RedisEventStore
from service.store.archive_files import FileGameArchive
from service.store.archived_store import ARCHIVE_FOLDER, with_archive
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis

pytestmark = pytest.mark.anyio

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "previous_release"
MANIFEST: dict[str, Any] = json.loads((FIXTURE / "manifest.json").read_text())
GAMES = ("active", "waiting", "bot", "seated_bots", "archived")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE / "data", tmp_path / "data")
    return tmp_path / "data"


@pytest.fixture
async def served(data: Path) -> AsyncIterator[tuple[str, Redis]]:
    with EmbeddedRedis(data / "redis") as server:
        client = open_redis(server.url)
        try:
            yield server.url, client
        finally:
            await client.aclose()


async def _everything(client: Redis, data: Path) -> dict[str, Any]:
    """Every key of the store with its value, and every archive file's content."""
    dumped: dict[str, Any] = {}
    async for raw in client.scan_iter(match="*"):
        key = raw.decode()
        kind = (await client.type(key)).decode()
        if kind == "hash":
            dumped[key] = await client.hgetall(key)
        elif kind == "string":
            dumped[key] = await client.get(key)
        elif kind == "stream":
            dumped[key] = await client.xrange(key)
        elif kind == "zset":
            dumped[key] = await client.zrange(key, 0, -1, withscores=True)
        elif kind == "list":
            dumped[key] = await client.lrange(key, 0, -1)
        elif kind == "set":
            dumped[key] = await client.smembers(key)
    archive = FileGameArchive(data / ARCHIVE_FOLDER)
    for game_id in archive.game_ids():
        dumped[f"archive:{game_id}"] = archive.get(game_id)
    return dumped


def _legacy(meta: dict[str, bytes]) -> list[str]:
    return [f for f in meta if f in LEGACY_FIELDS or f.startswith(LEGACY_PREFIXES)]


async def _answers(store: Any) -> dict[str, Any]:
    """What a fresh process reads of each game of the fixture: seats, holders, names,
    who plays each seat, waiting or not, the lobby's line."""
    games = GameService(store)
    answers: dict[str, Any] = {}
    for name in GAMES:
        game_id = MANIFEST[name]["id"]
        game = await games.game(game_id)
        facts = await games.fresh_facts(game_id)
        answers[name] = (
            game.record.version,
            sorted(game.claimed),
            game.open_seats,
            game.players,
            game.names,
            game.record.controllers,
            sorted(facts.seats_by_token.items()),
            facts.waiting,
            facts.host,
        )
    return answers


async def test_the_upgrade_leaves_no_field_of_the_previous_release_and_twice_changes_nothing(
    data: Path, served: tuple[str, Redis]
) -> None:
    url, client = served
    seated_bots = await client.hgetall("{g:" + MANIFEST["seated_bots"]["id"] + "}:meta")
    assert _legacy({field.decode(): value for field, value in seated_bots.items()})

    first = await upgrade_store(url, data)
    assert first.games >= 4 and first.tokens >= 9

    after = await _everything(client, data)
    for key, value in after.items():
        if key.startswith("{g:") and key.endswith("}:meta"):
            meta = {field.decode(): raw for field, raw in value.items()}
            assert not _legacy(meta), (key, _legacy(meta))
            assert SEATING_FIELD in meta, key
        assert not key.startswith("{g:t_"), key
    for game_id in FileGameArchive(data / ARCHIVE_FOLDER).game_ids():
        assert not _legacy(after[f"archive:{game_id}"].meta)

    second = await upgrade_store(url, data)
    assert (second.games, second.archived, second.events, second.tokens) == (0, 0, 0, 0)
    assert await _everything(client, data) == after


async def test_a_serve_start_after_a_whole_upgrade_reads_no_games_meta(
    data: Path, served: tuple[str, Redis]
) -> None:
    """`rummy serve` upgrades at each start; once a run upgraded everything, a start
    skips the scan of every game (which grows with the store), and `rummy upgrade`
    still looks at every game."""
    url, client = served
    assert not await client.exists(STORE_DONE)
    first = await upgrade_store(url, data, again=False)
    assert first is not None and first.games >= 4
    assert await client.exists(STORE_DONE)
    # A field no run of this release would leave shows whether a start looks again.
    active_meta = "{g:" + MANIFEST["active"]["id"] + "}:meta"
    await client.hset(active_meta, "waiting", b"1")

    skipped = await upgrade_store(url, data, again=False)
    assert skipped is None
    assert describe(skipped) == "nothing to do (a run before upgraded every game here)"
    assert await client.hget(active_meta, "waiting") == b"1"

    looked = await upgrade_store(url, data)
    assert looked is not None and looked.games == 1
    assert not await client.hexists(active_meta, "waiting")


async def test_after_the_upgrade_the_log_is_the_truth(
    data: Path, served: tuple[str, Redis]
) -> None:
    """Every cached projection beside the log deleted (the seating copies, the cached
    records and views), each game reads as before."""
    url, client = served
    await upgrade_store(url, data)
    store = with_archive(RedisEventStore(client), data)
    upgraded = await _answers(store)
    for name in GAMES:
        game_id = MANIFEST[name]["id"]
        await store.remove_meta_fields(game_id, [SEATING_FIELD])
        await store.drop_views(game_id)
    assert await _answers(with_archive(RedisEventStore(client), data)) == upgraded
    # Who sits where, as the previous release seated them.
    seated = upgraded["seated_bots"]
    assert seated[1] == [1, 2, 3] and seated[2] == ()
    assert seated[4] == {0: "Ada", 1: "Bob", 2: "Cy"}
    assert upgraded["waiting"][7] is True and upgraded["waiting"][2] == (1,)
    assert upgraded["waiting"][8] == MANIFEST["player"]["id"]


async def test_an_unreadable_key_or_field_stops_neither_the_upgrade_nor_the_other_games(
    data: Path, served: tuple[str, Redis]
) -> None:
    """Keys and fields no release wrote (an id or a field name that is no UTF-8, a token
    key whose id no game key takes or whose game is no text): the run ends (`rummy serve`
    runs it before serving: an exception there stopped its start), every game of the
    fixture is upgraded and reads, and the active game with a junk field reads too."""
    url, client = served
    active = MANIFEST["active"]["id"]
    await client.hset("{g:\xff\xfe}:meta".encode("latin-1"), mapping={"info": b"x"})
    await client.hset("{g:t_" + "e" * 70 + "}:meta", mapping={"game": active.encode()})
    await client.hset("{g:t_e e}:meta", mapping={"game": active.encode()})
    await client.hset("{g:t_" + "e" * 62 + "}:meta", mapping={"game": b"\xff"})
    await client.hset("{g:" + active + "}:meta", mapping={b"claimed:\xff": b"1"})

    done = await upgrade_store(url, data)
    assert done.failed == []
    assert done.games >= 4 and done.tokens >= 9
    store = with_archive(RedisEventStore(client), data)
    answers = await _answers(store)
    assert sorted(answers) == sorted(GAMES)
    assert answers["active"][0] == MANIFEST["active"]["version"]
    # The workers' reconcile walks every game's headline (its meta read with its version):
    # raising there, it stopped every worker's start, and /health never said ok.
    [headline] = await store.headlines([active])
    assert headline.version == MANIFEST["active"]["version"] and "info" in headline.meta
