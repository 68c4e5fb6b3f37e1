"""`rummy simulate`: the engine's throughput (random players), the bot ladder (`--bots`),
or level 4's whole table of targets (`--table`)."""

from __future__ import annotations

import argparse
import sys
import time

from domain.errors import DomainError
from domain.rules import build_ruleset, validate_seats
from service.tools import ladder, ladder_table
from service.tools.progress import ProgressBar
from service.tools.simulation import simulate_hands


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", default="basic", help="ruleset preset (default basic)")
    parser.add_argument(
        "--seats", type=int, default=None, help="seat count (default 2; with --bots, 4 for palace)"
    )
    parser.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    parser.add_argument(
        "--bots",
        help="two bot levels, e.g. 3,4: play the bot ladder (one seat of the higher level, "
        "seats alternated) instead of random players",
    )
    ladder.add_bot_arguments(parser)
    ladder_table.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    if args.table:
        return ladder_table.run(args)
    seats = args.seats or (ladder.default_seats(args.preset) if args.bots else 2)
    try:
        ruleset = build_ruleset(args.preset)
        validate_seats(ruleset, seats)
    except DomainError as refused:
        print(f"rummy simulate: {refused}", file=sys.stderr)
        return 2
    if args.bots:
        return ladder.run(args)
    bar = ProgressBar(args.hands, label=f"{args.preset} x{seats}")
    started = time.perf_counter()
    hands, commands = simulate_hands(
        ruleset, seats, args.hands, seed=args.seed, on_hand=bar.advance
    )
    elapsed = time.perf_counter() - started
    bar.close()
    print(
        f"preset={args.preset} seats={seats} hands={hands} commands={commands} "
        f"seconds={elapsed:.2f} hands/s={hands / elapsed:.1f} commands/s={commands / elapsed:.0f}"
    )
    return 0
