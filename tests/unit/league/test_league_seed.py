"""`rummy league seed`: bot-versus-bot games seed each level's rating, once per game id."""

from __future__ import annotations

import pytest

from service.app.league.seeding import seed_bot_ratings
from service.app.league.store import InMemoryLeagueStore
from service.cli.main import main
from service.tools.league_seed import seeding_result


def test_a_seeding_game_is_the_same_every_run_and_applies_once():
    first = seeding_result("duel", 0, 1, fast=True)
    assert first == seeding_result("duel", 0, 1, fast=True)
    assert all(seat.kind == "bot" and seat.player.startswith("bot:") for seat in first.seats)
    store = InMemoryLeagueStore()
    seed_bot_ratings(store, [first])
    figures = store.figures()
    seed_bot_ratings(store, [first])
    assert store.figures() == figures
    # Every level at the table is rated on duel's ladder, and nobody else.
    rated = {player for player, _ in store.ranking("duel", 0, 10)[1]}
    assert rated == {seat.player for seat in first.seats}


def test_the_command_prints_each_bots_seeded_rating(capsys, monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert main(["league", "seed", "--games", "3", "--preset", "duel", "--fast"]) == 0
    out = capsys.readouterr().out
    assert "in memory" in out and "duel: 3 seeding games" in out
    assert "| bot:" in out


@pytest.mark.parametrize("argv", [["--games", "0"], ["--preset", "poker"]])
def test_the_command_refuses_bad_arguments(argv, capsys):
    assert main(["league", "seed", *argv]) == 2
    assert "--" in capsys.readouterr().err
