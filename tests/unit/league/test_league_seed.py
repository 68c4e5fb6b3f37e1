"""`rummy league seed`: bot-versus-bot games seed each level's rating, once per game id."""

from __future__ import annotations

import itertools
import time

import pytest

from service.app.league.seeding import (
    missing_seeding_games,
    play_seeding_game,
    seed_bot_ratings,
    seeding_levels,
    seeding_result,
)
from service.app.league.store import InMemoryLeagueStore
from service.cli.main import main


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


def test_a_seeding_games_level_4_reads_its_budget_on_the_cpu_clock(monkeypatch):
    # `rummy league seed` (without --fast) on a busy machine: on the wall clock level 4
    # would search a fraction of its budget and be rated for a weaker bot than people meet.
    number = next(n for n in itertools.count(1) if 4 in seeding_levels("duel", 0, n))
    read = itertools.count()

    def cpu_clock() -> float:
        return float(next(read))  # a second of CPU a reading: each search stops at once

    monkeypatch.setattr(time, "thread_time", cpu_clock)
    seeding_result("duel", 0, number, fast=False)
    assert next(read) > 1


def test_a_seeding_game_the_league_has_is_not_played_again():
    store = InMemoryLeagueStore()
    assert missing_seeding_games(store, "duel", 0, 3) == [1, 2, 3]
    assert play_seeding_game(store, "duel", 0, 2, fast=True) is not None
    assert missing_seeding_games(store, "duel", 0, 3) == [1, 3]
    figures = store.figures()
    # A worker restarted, a second enqueue: nothing is played again.
    assert play_seeding_game(store, "duel", 0, 2, fast=True) is None
    assert store.figures() == figures


def test_the_command_prints_each_bots_seeded_rating(capsys, monkeypatch, tmp_path):
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("DATA_DIR", str(tmp_path))  # no `rummy serve` runs over it
    assert main(["league", "seed", "--games", "3", "--preset", "duel", "--fast"]) == 0
    out = capsys.readouterr().out
    assert "in memory" in out and "duel: 3 seeding games played" in out
    assert "| bot:" in out


@pytest.mark.parametrize("argv", [["--games", "0"], ["--preset", "poker"]])
def test_the_command_refuses_bad_arguments(argv, capsys):
    assert main(["league", "seed", *argv]) == 2
    assert "--" in capsys.readouterr().err
