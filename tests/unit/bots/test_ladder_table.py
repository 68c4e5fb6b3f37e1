"""`rummy simulate --table`: every row of issue 30's table played on its own seed and
judged against its target, bounded by hands."""

from __future__ import annotations

import argparse

import pytest

from domain.rules import PRESETS
from service.tools import ladder_table, simulate_command
from service.tools.ladder import LadderResult
from service.tools.ladder_table import ROWS, Row, judged, run_table, seeding_order


def _result(hands: int, wins: float, games: int, games_won: float, margin: float) -> LadderResult:
    return LadderResult(
        preset="palace",
        seats=4,
        high=4,
        low=3,
        hands=hands,
        wins=wins,
        pairwise=0.0,
        pairs=hands * 3,
        seconds=1.0,
        latencies={},
        margins=[margin] * hands,
        games=games,
        games_won=games_won,
    )


def test_each_target_is_judged_met_or_not_met() -> None:
    row = Row(preset="palace", seats=4, hands=100, hands_won=0.35, games_won=0.35, more_points=True)
    assert judged(row, _result(100, 40, 30, 9, +2.5)) == [
        "hands 40.0% >= 35%: met",
        "games 30.0% >= 35%: NOT met",
        "points a hand +2.5 > 0: met",
    ]
    duel = Row(preset="duel", seats=2, hands=70, games_won=0.65)
    assert judged(duel, _result(70, 50, 0, 0, -1.0)) == ["games 0.0% >= 65%: NOT met"]


def test_every_row_is_played_on_its_own_seed() -> None:
    seeds = [11, 12, 13, 14, 15]
    played = run_table(ROWS, seeds, scale=0.004, budget_s=0.002, quiet=True)
    assert [(row.preset, row.seats, seed) for row, seed, _ in played] == [
        ("basic", 2, 11),
        ("palace", 4, 12),
        ("classic", 4, 13),
        ("basic", 4, 14),
        ("duel", 2, 15),
    ]
    for row, _, result in played:
        assert result.hands == max(1, round(row.hands * 0.004))
        assert (result.preset, result.seats, result.high, result.low) == (
            row.preset,
            row.seats,
            4,
            3,
        )


def test_the_command_prints_every_row_its_seed_and_how_to_play_it_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A few hands a row: the command's shape, not the bots' strength.
    small = tuple(Row(preset=r.preset, seats=r.seats, hands=5, games_won=r.games_won) for r in ROWS)
    monkeypatch.setattr(ladder_table, "ROWS", small)
    monkeypatch.setattr(ladder_table, "SEEDING_GAMES", 1)
    parser = argparse.ArgumentParser()
    simulate_command.add_arguments(parser)
    args = parser.parse_args(["--table", "--seed", "42", "--budget", "0.002", "--quiet"])
    assert simulate_command.run(args) == 0
    printed = capsys.readouterr().out
    assert "run seed 42 (`--seed 42` plays these rows again)" in printed
    judged_rows = [line for line in printed.splitlines() if ">=" in line]
    assert [line.split(" | ")[0].strip("| ") for line in judged_rows] == [r.preset for r in ROWS]
    seeding_rows = [line for line in printed.splitlines() if line.endswith("met |")]
    seeding_rows = [line for line in seeding_rows if ">=" not in line]
    assert [line.split(" | ")[0].strip("| ") for line in seeding_rows] == sorted(PRESETS)
    assert all(" | 1 | " in line for line in seeding_rows)


def test_the_seeding_row_orders_the_levels_by_their_ratings_after_the_games() -> None:
    order = seeding_order("basic", seed=7, games=6)
    assert sorted(level for level, _ in order) == [1, 2, 3, 4]
    ratings = [rating for _, rating in order]
    assert ratings == sorted(ratings, reverse=True)
    assert ladder_table._ordered([(4, 9.0), (3, 5.0), (2, 1.0), (1, -2.0)]).endswith(": met")
    assert ladder_table._ordered([(3, 9.0), (4, 5.0), (2, 1.0), (1, -2.0)]).endswith(": NOT met")
