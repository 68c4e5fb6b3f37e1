"""`rummy export`, `rummy replay` and `rummy league` find a running server's embedded Redis by
themselves."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from service.app.games import GameService, SeatSpec
from service.app.league.apply import fold
from service.app.league.records_store import RecordsLeagueStore, open_league_store
from service.app.league.seeding import play_seeding_game, seeding_game_id
from service.cli.main import main
from service.runtime import running
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis


def _stored_game(url: str) -> str:
    async def create() -> str:
        client = open_redis(url)
        try:
            service = GameService(RedisEventStore(client))
            created = await service.create(seats=(SeatSpec(kind="human"),) * 2, seed=3)
            return created.game_id
        finally:
            await client.aclose()

    return anyio.run(create)


def test_export_and_replay_find_the_announced_embedded_redis(
    embedded_redis: EmbeddedRedis,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    game_id = _stored_game(embedded_redis.url)
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    # No server announced: the command says how to name one.
    assert main(["export", game_id]) == 2
    assert "start `rummy serve`" in capsys.readouterr().err
    running.announce(tmp_path, embedded_redis.url)  # what `rummy serve` does at start
    out = tmp_path / "game.jsonl"
    assert main(["export", game_id, "--out", str(out)]) == 0
    header = json.loads(out.read_text().splitlines()[0])
    assert header["type"] == "header" and header["game_id"] == game_id
    assert main(["replay", game_id]) == 0
    assert "hand 1" in capsys.readouterr().out
    running.withdraw(tmp_path)
    assert running.find(tmp_path) is None


@pytest.fixture
def empty_league(
    embedded_redis: EmbeddedRedis, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[RecordsLeagueStore]:
    """The embedded Redis's league, emptied, with no REDIS_URL: the commands must find it
    through DATA_DIR (announced there by each test, as `rummy serve` does)."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    league = open_league_store(embedded_redis.url)
    try:
        league.clear()
        yield league
    finally:
        league.clear()
        league.close()
        running.withdraw(tmp_path)


def test_league_seed_finds_the_announced_embedded_redis(
    embedded_redis: EmbeddedRedis,
    empty_league: RecordsLeagueStore,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    running.announce(tmp_path, embedded_redis.url)  # what `rummy serve` does at start
    assert main(["league", "seed", "--games", "1", "--preset", "duel", "--fast"]) == 0
    assert f"league: Redis at {embedded_redis.url}" in capsys.readouterr().out
    # Seeded on the server's league, not in a memory the command then drops.
    game_id = seeding_game_id("duel", 0, 1)
    assert empty_league.applied([game_id]) == {game_id}
    # A larger count plays only the games the ladder lacks, and says so.
    assert main(["league", "seed", "--games", "2", "--preset", "duel", "--fast"]) == 0
    out = capsys.readouterr().out
    assert "duel: 1 seeding game played" in out
    assert "seeding games 1-2 of seed 0 applied" in out


def test_league_rebuild_finds_the_announced_embedded_redis(
    embedded_redis: EmbeddedRedis,
    empty_league: RecordsLeagueStore,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    league = empty_league
    for number in (1, 2):
        play_seeding_game(league, "duel", 0, number, fast=True)
    figures = league.figures()
    # No server announced: the command says how to name one.
    assert main(["league", "rebuild"]) == 2
    assert "start `rummy serve`" in capsys.readouterr().err
    running.announce(tmp_path, embedded_redis.url)
    assert league.replace_figures(2, fold([]))  # figures that drifted from the log
    assert main(["league", "rebuild"]) == 0
    assert "rebuilt from 2 results" in capsys.readouterr().out
    assert league.figures() == figures
