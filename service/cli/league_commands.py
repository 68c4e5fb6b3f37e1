"""`rummy league seed` and `rummy league rebuild`: the league's figures from the command line.

    rummy league seed --games 200 [--preset basic|all] [--seed 0] [--fast] [--redis-url URL]
    rummy league rebuild [--redis-url URL]

`seed` seeds the bots' ratings on each preset's ladder from bot-versus-bot games.

Each game seats bots of levels drawn from 1-4 (as many seats as the preset's
usual table, at most four) and plays it whole on the bot table, each seat
deciding from its own view; its result is applied as a seeding game
(`service.app.league.seeding`): it counts for the bots alone. Game ids are
`seed-<preset>-<seed>-<n>`, so running the same command again applies
nothing twice (the league's exactly-once marker), and a larger `--games`
with the same seed only adds the games not played yet.

The league is the event store's: `--redis-url`, else REDIS_URL, else the
embedded Redis of a `rummy serve` running over DATA_DIR (found as `rummy
export` finds it). Without any, `seed` plays in memory and prints the figures.
The modules that play and store load only when a command runs.

`rebuild` folds the league's log again off to the side and swaps every figure
for the fold's in one atomic step (`apply.rebuild`): safe while a server runs
and games are applied (a game applied meanwhile makes it fold that game onto
its fold and swap again).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from service.cli.store_location import add_redis_argument, say_none_found, store_url

if TYPE_CHECKING:
    from service.app.league.store import LeagueStore

__all__ = ["add_arguments", "run"]

MAX_GAMES = 5000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from service.app.league.seeding import FAST_ROLLOUTS, SEED

    commands = parser.add_subparsers(dest="league_command", required=True)
    seed = commands.add_parser("seed", help="seed the bots' ratings from bot-versus-bot games")
    seed.add_argument("--games", type=int, default=200, help=f"games a preset (1-{MAX_GAMES})")
    seed.add_argument("--preset", default="all", help="a preset, or all (default)")
    seed.add_argument("--seed", type=int, default=SEED, help=f"the games' seed (default {SEED})")
    seed.add_argument(
        "--fast",
        action="store_true",
        help=f"level 4 capped at {FAST_ROLLOUTS} play-outs a move, as in a worker's seeding "
        "games (without it, level 4 searches its time budget of CPU: about 5 times slower)",
    )
    add_redis_argument(seed, "the league's Redis")
    rebuild = commands.add_parser(
        "rebuild",
        help="fold the league's log again and swap in the figures at once "
        "(safe while games are applied)",
    )
    add_redis_argument(rebuild, "the league's Redis")


def run(args: argparse.Namespace) -> int:
    return _rebuild(args) if args.league_command == "rebuild" else _seed(args)


def _seed(args: argparse.Namespace) -> int:
    from domain.rules import PRESETS
    from service.app.league.queries import leaderboard
    from service.app.league.records_store import open_league_store
    from service.app.league.seeding import missing_seeding_games, play_seeding_game
    from service.app.league.store import InMemoryLeagueStore

    if not 1 <= args.games <= MAX_GAMES:
        print(f"--games takes 1 to {MAX_GAMES}", file=sys.stderr)
        return 2
    presets = sorted(PRESETS) if args.preset == "all" else [args.preset]
    if any(preset not in PRESETS for preset in presets):
        print(f"--preset takes all or one of {', '.join(sorted(PRESETS))}", file=sys.stderr)
        return 2
    url, data_dir = store_url(args)
    store: LeagueStore = open_league_store(url) if url else InMemoryLeagueStore()
    where = (
        f"Redis at {url}"
        if url
        else "in memory (printed only): no --redis-url, no REDIS_URL, "
        f"no `rummy serve` running over {data_dir}"
    )
    print(f"league: {where}")
    try:
        for preset in presets:
            started = time.perf_counter()
            missing = missing_seeding_games(store, preset, args.seed, args.games)
            for number in missing:
                play_seeding_game(store, preset, args.seed, number, args.fast)
            seconds = time.perf_counter() - started
            played = f"{len(missing)} seeding game{'' if len(missing) == 1 else 's'} played"
            held = f"seeding games 1-{args.games} of seed {args.seed} applied"
            print(f"\n{preset}: {played} ({seconds:.1f} s); {held}")
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


def _rebuild(args: argparse.Namespace) -> int:
    from service.app.league.apply import LeagueBusy, rebuild
    from service.app.league.records_store import open_league_store

    url, data_dir = store_url(args)
    if url is None:
        say_none_found("league", data_dir)
        return 2
    store = open_league_store(url)
    started = time.perf_counter()
    try:
        results = rebuild(store)
    except LeagueBusy as busy:
        print(f"rummy league rebuild: {busy}; try again", file=sys.stderr)
        return 1
    finally:
        store.close()
    seconds = time.perf_counter() - started
    print(f"league at {url}: rebuilt from {results} results ({seconds:.1f} s)")
    return 0
