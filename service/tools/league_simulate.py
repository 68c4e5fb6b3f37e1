"""How fast the league finds known skill: bots of levels 1-4 stand in for people in rated games.

    python -m service.tools.league_simulate --games 300 --seed 0 [--preset basic] [--seats 4]
        [--per-level 2] [--fast | --rollouts N]

Each player is a bot of a known level (`--per-level` players per level, ids
`L3-1`, `L3-2`, ...) entered as a person, so every game counts. Tables are
drawn at random from the players and play whole games on the bot table (each
seat decides from its own view, as in `rummy simulate --bots`); each result
is applied to the league and the leaderboard read back. Games are spaced a
day apart, so no set of players meets the same-day limit.

Printed: the Kendall tau (tau-b: players of one level are tied in the true
order) between the leaderboard and the true order at checkpoints, the first
game after which it reached 0.9 and the game from which it stayed there,
each level's mean displayed rating and mu, and the bots' seeded ratings
(`bot:1`..`bot:4`, the same games applied as seeding games).

`--fast` caps level 4's search at 16 play-outs a move (`--rollouts N` at N)
with no time budget: a fraction of a second a game instead of several, and
reproducible (the default search stops at 0.15 s a move, so its games
depend on the machine's speed and load). With fewer play-outs level 4
overrules its base policy (level 3 holding melds back) less often, so it
plays closer to level 3.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from domain.bots import LEVELS
from domain.bots.search import DEFAULT_BUDGET_S
from domain.rules import build_ruleset
from domain.state import GameState
from service.app.bot_table import BotTable
from service.app.league.apply import apply_result
from service.app.league.queries import MAX_PAGE, leaderboard
from service.app.league.results import Sitter, bot_id, result_of_game
from service.app.league.seeding import FAST_ROLLOUTS, seed_bot_ratings
from service.app.league.store import InMemoryLeagueStore
from service.runtime.long_lived import tune_collector_for_a_long_run

MAX_GAMES = 5000
TARGET_TAU = 0.9

START = datetime(2026, 1, 1, tzinfo=UTC)


def kendall_tau_b(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Kendall's tau-b: +1 the same order, -1 reversed; ties in either reduce the denominator."""
    concordant = discordant = ties_x = ties_y = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            dx, dy = xs[i] - xs[j], ys[i] - ys[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = math.sqrt((concordant + discordant + ties_x) * (concordant + discordant + ties_y))
    return (concordant - discordant) / denominator if denominator else 0.0


def play(
    preset: str, levels: Sequence[int], rng: random.Random, budget: float, rollouts: int | None
) -> GameState:
    """One whole game between bots of these levels: its final state."""
    table = BotTable(build_ruleset(preset), list(levels), rng, budget, max_rollouts=rollouts)
    table.play()
    return table.state


def board(store: InMemoryLeagueStore, ladder: str) -> dict[str, tuple[float, float]]:
    """Every player's (displayed rating, mu), read through the paged leaderboard."""
    shown: dict[str, tuple[float, float]] = {}
    offset = 0
    while True:
        page = leaderboard(store, ladder, offset=offset, limit=MAX_PAGE)
        shown.update({entry.player: (entry.rating, entry.mu) for entry in page.entries})
        offset += MAX_PAGE
        if offset >= page.total:
            return shown


def level_of(player: str) -> int:
    return int(player[1 : player.index("-")])


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        print(f"--games takes 1 to {MAX_GAMES}", file=sys.stderr)
        return 2
    ruleset = build_ruleset(args.preset)
    seats = args.seats or min(4, max(ruleset.players))
    if seats not in ruleset.players:
        print(f"{args.preset} seats {list(ruleset.players)}", file=sys.stderr)
        return 2
    players = [f"L{level}-{n + 1}" for level in LEVELS for n in range(args.per_level)]
    if seats > len(players):
        print("more seats than players: raise --per-level", file=sys.stderr)
        return 2
    rollouts = args.rollouts or (FAST_ROLLOUTS if args.fast else None)
    budget = 3600.0 if rollouts else args.budget
    mode = (
        f"fast (level 4: {rollouts} play-outs a move, no time budget)"
        if rollouts
        else f"real (level 4: {budget:.2f} s a move)"
    )
    print(
        f"preset={args.preset} seats={seats} players={len(players)} "
        f"({args.per_level} a level) games={args.games} seed={args.seed} mode={mode}"
    )
    tune_collector_for_a_long_run()
    rng = random.Random(args.seed)
    league, bots = InMemoryLeagueStore(), InMemoryLeagueStore()
    ladder = args.preset
    reached: int | None = None
    held_from: int | None = None
    started = time.perf_counter()
    checkpoints = {n for n in (10, 25, 50, 100, 150, 200, 300, 500, 750, 1000, 2000)}
    checkpoints.add(args.games)
    print("| games | tau | " + " | ".join(f"L{level} rating" for level in LEVELS) + " |")
    print("|---|---|" + "---|" * len(LEVELS))
    tau = 0.0
    shown: dict[str, tuple[float, float]] = {}
    for number in range(1, args.games + 1):
        table = rng.sample(players, seats)
        levels = [level_of(player) for player in table]
        state = play(args.preset, levels, random.Random(rng.random()), budget, rollouts)
        at = START + timedelta(days=number)
        people = [Sitter(player=player) for player in table]
        apply_result(league, result_of_game(f"g{number}", args.preset, state, people, at))
        bot_seats = [Sitter(player=bot_id(level), kind="bot") for level in levels]
        seed_bot_ratings(bots, [result_of_game(f"g{number}", args.preset, state, bot_seats, at)])
        shown = board(league, ladder)
        ratings = [shown.get(player, (0.0, 25.0))[0] for player in players]
        tau = kendall_tau_b(ratings, [float(level_of(p)) for p in players])
        if tau >= TARGET_TAU:
            reached = reached or number
            held_from = held_from or number
        else:
            held_from = None
        if number in checkpoints:
            means = []
            for level in LEVELS:
                mine = [shown.get(p, (0.0, 25.0))[0] for p in players if level_of(p) == level]
                means.append(f"{sum(mine) / len(mine):.2f}")
            print(f"| {number} | {tau:.3f} | " + " | ".join(means) + " |")
    seconds = time.perf_counter() - started
    print(
        f"\ntau >= {TARGET_TAU}: first after game {reached or '-'}, "
        f"held from game {held_from or '-'} to the end ({args.games}); "
        f"final tau {tau:.3f}; {seconds:.1f} s ({args.games / seconds:.2f} games/s)"
    )
    print("\n| rank | player | level | rating | mu | sigma | games |")
    print("|---|---|---|---|---|---|---|")
    for entry in leaderboard(league, ladder, limit=MAX_PAGE).entries:
        print(
            f"| {entry.rank} | {entry.player} | {level_of(entry.player)} | {entry.rating:.2f} "
            f"| {entry.mu:.2f} | {entry.sigma:.2f} | {entry.games} |"
        )
    print("\nbots seeded from the same games (seeding ladder):")
    print("| bot | rating | mu | sigma | games |")
    print("|---|---|---|---|---|")
    for entry in sorted(leaderboard(bots, ladder).entries, key=lambda e: e.player):
        print(
            f"| {entry.player} | {entry.rating:.2f} | {entry.mu:.2f} | {entry.sigma:.2f} "
            f"| {entry.games} |"
        )
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=200, help=f"games to play (1-{MAX_GAMES})")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--preset", default="basic")
    parser.add_argument("--seats", type=int, default=None, help="seats a table (default 4)")
    parser.add_argument("--per-level", type=int, default=2, help="players of each level")
    parser.add_argument(
        "--fast", action="store_true", help=f"level 4 capped at {FAST_ROLLOUTS} play-outs a move"
    )
    parser.add_argument(
        "--rollouts", type=int, default=None, help="level 4's cap of play-outs (implies --fast)"
    )
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET_S, help="level 4, s/move")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
