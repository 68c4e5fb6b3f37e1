"""`rummy export`, `rummy import` and `rummy replay` against embedded Redis servers."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis.asyncio import Redis
from replay_play import finished_game, lines

from service.app.games import CreatedGame, GameService
from service.cli import main
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[EmbeddedRedis, EmbeddedRedis]]:
    with EmbeddedRedis(tmp_path / "one") as one, EmbeddedRedis(tmp_path / "two") as two:
        yield one, two


def _on(url: str, seed: int) -> CreatedGame:
    async def scenario() -> CreatedGame:
        redis = Redis.from_url(url)
        try:
            return await finished_game(GameService(RedisEventStore(redis)), seed=seed, hands=1)
        finally:
            await redis.aclose()

    return asyncio.run(scenario())


def _game_on(url: str, game_id: str) -> tuple[int, list[str]]:
    """The game's version on that server, and its finished games."""

    async def read() -> tuple[int, list[str]]:
        redis = Redis.from_url(url)
        try:
            store = RedisEventStore(redis)
            game = await GameService(store).game(game_id)
            return game.record.version, await store.list_games("finished", 10, 0)
        finally:
            await redis.aclose()

    return asyncio.run(read())


def test_export_then_import_into_another_redis_then_replay(
    servers: tuple[EmbeddedRedis, EmbeddedRedis],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    one, two = servers
    created = _on(one.url, seed=41)
    path = tmp_path / "game.jsonl"
    assert main(["export", created.game_id, "--redis-url", one.url, "--out", str(path)]) == 0
    log = lines(path.read_bytes())
    assert log[0]["game_id"] == created.game_id
    assert [kind["kind"] for kind in log[0]["seat_kinds"]] == ["human", "human"]

    assert main(["import", str(path), "--redis-url", two.url]) == 0
    out = capsys.readouterr().out
    tokens = [line.rsplit(" ", 1)[1] for line in out.splitlines() if "token:" in line]
    assert len(tokens) == 2, out
    game_id = out.split("imported game ")[1].split(":")[0]
    assert _game_on(two.url, game_id) == (len(log) - 1, [game_id])

    # A stored game by its id (read from the store), to a version, as one seat.
    assert main(["replay", game_id, "--redis-url", two.url, "--to", "6", "--seat", "1"]) == 0
    shown = capsys.readouterr().out
    assert "    6  " in shown and "    7  " not in shown and "seat 1 (you):" in shown
    assert main(["replay", str(path), "--all"]) == 0
    assert "game over" in capsys.readouterr().out


def test_import_refuses_a_tampered_file_and_a_bad_id(
    servers: tuple[EmbeddedRedis, EmbeddedRedis],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    one, two = servers
    created = _on(one.url, seed=42)
    path = tmp_path / "game.jsonl"
    assert main(["export", created.game_id, "--redis-url", one.url, "--out", str(path)]) == 0
    data = path.read_bytes().splitlines()
    path.write_bytes(b"\n".join(data[:4] + data[5:]) + b"\n")
    assert main(["import", str(path), "--redis-url", two.url]) == 1
    assert "version_gap" in capsys.readouterr().err
    assert main(["import", str(path), "--redis-url", two.url, "--game-id", "x"]) == 2
    assert main(["export", "0" * 32, "--redis-url", two.url]) == 1
