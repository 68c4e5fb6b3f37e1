"""Level 4 against level 3 at every table issue 30 names, in one run, each row
judged against its target:

    rummy simulate --table [--quick] [--seed N]

Rows: basic with two seats (level 4 against level 3); palace, classic and
basic with four (one level 4 against three level 3: an equal seat wins a
quarter); duel (two seats, seven-hand games); and the league's seeding games
on every preset, judged on whether their ratings order the levels 4 > 3 > 2 >
1 (as a worker seeds them: level 4 at its fast cap, `LEAGUE_SEED_GAMES` games
a preset). Each row's seed is drawn when the run starts and printed (`--seed`
derives them all from one number, to play a run again), so no row is judged
on seeds a bot was tuned on. Bounded by hands and games, never by time: the
full table takes about 20 minutes on a 2-core machine (two-seat rows search
at level 4's full budget, about 0.7 hands a second; the seeding games take
about a minute); `--quick` plays a fifth of the hands for a look. Level 4's
budget and every decision's time are read on the thread's CPU clock.
"""

from __future__ import annotations

import argparse
import random
import secrets
import time
from collections.abc import Callable, Sequence

import msgspec

from domain.bots import LEVELS
from domain.rules import PRESETS
from service.app.league.queries import leaderboard
from service.app.league.results import BOT_PREFIX
from service.app.league.seeding import play_seeding_game
from service.app.league.store import InMemoryLeagueStore
from service.runtime.settings import Settings
from service.tools.ladder import LadderResult, format_results, run_ladder
from service.tools.progress import ProgressBar

__all__ = ["ROWS", "Row", "judged", "run_table", "seeding_order"]

# As many seeding games a preset as a worker plays by default.
SEEDING_GAMES = Settings().league_seed_games


class Row(msgspec.Struct, frozen=True, kw_only=True):
    """One table of the ladder and the least level 4 must reach there: shares of
    hands and of games won, and (at four seats) more points a hand than the level-3
    seats' mean."""

    preset: str
    seats: int
    hands: int
    hands_won: float | None = None
    games_won: float | None = None
    more_points: bool = False


ROWS = (
    Row(preset="basic", seats=2, hands=300, hands_won=0.72, games_won=0.70),
    Row(preset="palace", seats=4, hands=3000, hands_won=0.35, games_won=0.35, more_points=True),
    Row(preset="classic", seats=4, hands=3000, hands_won=0.35, games_won=0.35, more_points=True),
    Row(preset="basic", seats=4, hands=3000, hands_won=0.35, games_won=0.35, more_points=True),
    # Seven hands a game: 280 hands are about 40 games.
    Row(preset="duel", seats=2, hands=280, games_won=0.65),
)


def judged(row: Row, result: LadderResult) -> list[str]:
    """Each target of the row beside what was measured, met or not."""
    verdicts = []
    if row.hands_won is not None:
        share = result.wins / result.hands if result.hands else 0.0
        verdicts.append(_verdict("hands", share, row.hands_won))
    if row.games_won is not None:
        share = result.games_won / result.games if result.games else 0.0
        verdicts.append(_verdict("games", share, row.games_won))
    if row.more_points:
        met = "met" if result.mean_margin > 0 else "NOT met"
        verdicts.append(f"points a hand {result.mean_margin:+.1f} > 0: {met}")
    return verdicts


def _verdict(what: str, share: float, target: float) -> str:
    return f"{what} {share:.1%} >= {target:.0%}: {'met' if share >= target else 'NOT met'}"


def seeding_order(preset: str, seed: int, games: int) -> list[tuple[int, float]]:
    """The bot levels best first on the preset's ladder after its seeding games
    (in memory, as a worker plays them), each with its displayed rating."""
    store = InMemoryLeagueStore()
    for number in range(1, games + 1):
        play_seeding_game(store, preset, seed, number, fast=True)
    board = leaderboard(store, preset, limit=len(LEVELS) + 1).entries
    return [
        (int(entry.player.removeprefix(BOT_PREFIX)), entry.rating)
        for entry in board
        if entry.kind == "bot"
    ]


def _ordered(order: Sequence[tuple[int, float]]) -> str:
    levels = " > ".join(str(level) for level, _ in order)
    ratings = " / ".join(f"{rating:.1f}" for _, rating in order)
    met = [level for level, _ in order] == sorted(LEVELS, reverse=True)
    return f"{levels} ({ratings}): {'met' if met else 'NOT met'}"


def run_table(
    rows: Sequence[Row], seeds: Sequence[int], scale: float, budget_s: float, quiet: bool
) -> list[tuple[Row, int, LadderResult]]:
    played = []
    for row, seed in zip(rows, seeds, strict=True):
        hands = max(1, round(row.hands * scale))
        label = f"{row.preset} x{row.seats}"
        bar = None if quiet else ProgressBar(hands, label=label)
        result = run_ladder(
            row.preset,
            row.seats,
            high=4,
            low=3,
            hands=hands,
            seed=seed,
            budget_s=budget_s,
            progress=None if bar is None else _advancing(bar),
            # The thread's CPU: a busy machine neither cuts level 4's thinking short
            # nor counts its waits as the bot's time.
            clock=time.thread_time,
        )
        if bar is not None:
            bar.close()
        played.append((row, seed, result))
    return played


def _advancing(bar: ProgressBar) -> Callable[[int, int], None]:
    return lambda done, total: bar.advance()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--table",
        action="store_true",
        help="level 4 against level 3 at every table of issue 30, each row judged "
        "against its target, seeds drawn at run time",
    )
    parser.add_argument(
        "--quick", action="store_true", help="with --table: a fifth of the hands, for a look"
    )


def run(args: argparse.Namespace) -> int:
    base = args.seed if args.seed else secrets.randbelow(2**31)
    seeds = [random.Random(base * 10 + index).randrange(2**31) for index in range(len(ROWS))]
    started = time.perf_counter()
    played = run_table(ROWS, seeds, 0.2 if args.quick else 1.0, args.budget, args.quiet)
    print(format_results([result for _, _, result in played]))
    print("\n| preset | seats | seed | targets |\n|---|---|---|---|")
    for row, seed, result in played:
        print(f"| {row.preset} | {row.seats} | {seed} | {'; '.join(judged(row, result))} |")
    seeding_seed = random.Random(base * 10 + len(ROWS)).randrange(2**31)
    print("\n| preset | seeding games | seed | 4 > 3 > 2 > 1 |\n|---|---|---|---|")
    for preset in sorted(PRESETS):
        order = seeding_order(preset, seeding_seed, SEEDING_GAMES)
        print(f"| {preset} | {SEEDING_GAMES} | {seeding_seed} | {_ordered(order)} |")
    print(
        f"\nrun seed {base} (`--seed {base}` plays these rows again), "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 0
