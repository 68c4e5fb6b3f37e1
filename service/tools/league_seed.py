"""`rummy league seed`: the bots' ratings on each preset's ladder, seeded from bot-versus-bot games.

    rummy league seed --games 200 [--preset basic|all] [--seed 0] [--fast] [--redis-url URL]

Each game seats bots of levels drawn from 1-4 (as many seats as the preset's
usual table, at most four) and plays it whole on the bot table, each seat
deciding from its own view; its result is applied as a seeding game
(`seed_bot_ratings`): it counts for the bots alone. Game ids are
`seed-<preset>-<seed>-<n>`, so running the same command again applies
nothing twice (the league's exactly-once marker), and a larger `--games`
with the same seed only adds the games not played yet. The league is the
one on REDIS_URL (or `--redis-url`); without one the figures are only
printed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta

from domain.bots import LEVELS
from domain.bots.search import DEFAULT_BUDGET_S
from domain.rules import PRESETS, build_ruleset
from service.app.league.queries import leaderboard
from service.app.league.records_store import open_league_store
from service.app.league.results import GameResult, Sitter, bot_id, result_of_game
from service.app.league.seeding import seed_bot_ratings
from service.app.league.store import InMemoryLeagueStore, LeagueStore
from service.tools.bot_table import BotTable

__all__ = ["add_arguments", "run", "seeding_result"]

MAX_GAMES = 5000
FAST_ROLLOUTS = 16
# Seeding games are dated from here, a minute apart: a rerun dates them the same.
START = datetime(2026, 1, 1, tzinfo=UTC)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="league_command", required=True)
    seed = commands.add_parser("seed", help="seed the bots' ratings from bot-versus-bot games")
    seed.add_argument("--games", type=int, default=200, help=f"games a preset (1-{MAX_GAMES})")
    seed.add_argument("--preset", default="all", help="a preset, or all (default)")
    seed.add_argument("--seed", type=int, default=0, help="the games' seed (default 0)")
    seed.add_argument(
        "--fast", action="store_true", help=f"level 4 capped at {FAST_ROLLOUTS} play-outs a move"
    )
    seed.add_argument("--redis-url", default=None, help="the league's Redis (env REDIS_URL)")


def seeding_result(preset: str, seed: int, number: int, fast: bool) -> GameResult:
    """The result of seeding game `number` of this preset and seed (the same every run)."""
    rng = random.Random(f"{preset}:{seed}:{number}")
    ruleset = build_ruleset(preset)
    seats = min(4, max(ruleset.players))
    levels = [rng.choice(LEVELS) for _ in range(seats)]
    rollouts = FAST_ROLLOUTS if fast else None
    budget = 3600.0 if fast else DEFAULT_BUDGET_S
    table = BotTable(ruleset, levels, random.Random(rng.random()), budget, max_rollouts=rollouts)
    table.play()
    sitters = [Sitter(player=bot_id(level), kind="bot") for level in levels]
    return result_of_game(
        f"seed-{preset}-{seed}-{number}",
        preset,
        table.state,
        sitters,
        START + timedelta(minutes=number),
    )


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        print(f"--games takes 1 to {MAX_GAMES}", file=sys.stderr)
        return 2
    presets = sorted(PRESETS) if args.preset == "all" else [args.preset]
    if any(preset not in PRESETS for preset in presets):
        print(f"--preset takes all or one of {', '.join(sorted(PRESETS))}", file=sys.stderr)
        return 2
    url = args.redis_url or os.environ.get("REDIS_URL")
    store: LeagueStore = open_league_store(url) if url else InMemoryLeagueStore()
    print(f"league: {'Redis at ' + url if url else 'in memory (printed only)'}")
    try:
        for preset in presets:
            started = time.perf_counter()
            for number in range(1, args.games + 1):
                if store.applied([f"seed-{preset}-{args.seed}-{number}"]):
                    continue  # seeded by an earlier run
                seed_bot_ratings(store, [seeding_result(preset, args.seed, number, args.fast)])
            seconds = time.perf_counter() - started
            print(f"\n{preset}: {args.games} seeding games ({seconds:.1f} s)")
            print("| bot | rating | mu | sigma | games |")
            print("|---|---|---|---|---|")
            for entry in leaderboard(store, preset, limit=100).entries:
                if entry.kind == "bot":
                    print(
                        f"| {entry.player} | {entry.rating:.2f} | {entry.mu:.2f} "
                        f"| {entry.sigma:.2f} | {entry.games} |"
                    )
    finally:
        close = getattr(store, "close", None)
        if close is not None:
            close()
    return 0
