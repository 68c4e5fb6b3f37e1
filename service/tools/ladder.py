"""The bot ladder: a higher level against the level below, hand after hand,
with the higher seat moved round the table each game.

    python -m service.tools.ladder --preset basic --bots 3,4 --hands 1000 [--seats 2]

Every bot sees only its seat's view and the events redacted for it. Prints
the higher level's share of hands won with a Wilson 95% interval, hands per
second, and each level's decision latency (p50/p95/p99/max).

A hand's winner is whoever went out; when nobody did, the top scorer(s) of
the hand (a shared win counts its share). With more than two seats the fair
share of one seat is 1/seats, so the table also gives the pairwise rate
(hands where the higher seat outscored each lower seat) and `--control`
replays the same seeds with the lower level in the higher seat: levels 2
and 3 use no randomness, so the deals are the same and the two rows compare
pair by pair.

The points column is what the rules award: per hand, the higher seat's
score less the lower seats' mean, with a 95% interval. Counts of hands treat
a hand won small and one won doubled (rummy) alike; this does not.

The last figures are whole games, what players keep: of the games played to
their end (`game_end`; the hand count cuts the last one short, and it is not
counted), the share the higher seat won (a shared win counts its share),
with a Wilson 95% interval. A bot can win most hands and still lose games,
by losing big when it loses.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence

import msgspec

from domain.bots import LEVELS
from domain.bots.search import DEFAULT_BUDGET_S
from domain.events import HandEnded
from domain.rules import RuleSet, build_ruleset
from service.app.bot_table import BotTable
from service.runtime.long_lived import tune_collector_for_a_long_run
from service.tools.progress import ProgressBar


class LadderResult(msgspec.Struct):
    preset: str
    seats: int
    high: int
    low: int
    hands: int
    wins: float  # hands the higher level won (a shared win counts its share)
    pairwise: float  # per lower seat, hands where the higher seat outscored it
    pairs: int
    seconds: float
    latencies: dict[int, list[float]]
    # Per hand: the higher seat's score less the lower seats' mean score, the
    # points the rules themselves award (a hand won small and one won doubled
    # differ here, not in the counts above).
    margins: list[float] = msgspec.field(default_factory=list)
    games: int = 0  # games played to their end
    games_won: float = 0.0  # of those, won by the higher level (a shared win counts its share)

    @property
    def mean_margin(self) -> float:
        return sum(self.margins) / len(self.margins) if self.margins else 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval (95% by default) of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """Normal-approximation interval (95% by default) of a mean."""
    if len(values) < 2:
        return -math.inf, math.inf
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    spread = z * math.sqrt(variance / len(values))
    return mean - spread, mean + spread


def percentile(values: Sequence[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def hand_winners(event: HandEnded) -> list[int]:
    """Who won the hand: who went out, else the top scorers (nobody went out)."""
    if event.winner is not None:
        return [event.winner]
    best = max(event.scores)
    return [seat for seat, score in enumerate(event.scores) if score == best]


# A game's table: (ruleset, each seat's level, the deals' generator, the higher seat).
TableMaker = Callable[[RuleSet, list[int], random.Random, int], BotTable]


def run_ladder(
    preset: str,
    seats: int,
    high: int,
    low: int,
    hands: int,
    seed: int = 0,
    budget_s: float = DEFAULT_BUDGET_S,
    progress: Callable[[int, int], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    table_for: TableMaker | None = None,
) -> LadderResult:
    """`hands` hands of one `high`-level seat against `seats - 1` `low`-level seats;
    level 4's budget and every decision's time read on `clock`. `table_for` makes
    each game's table instead of a `BotTable` (a tool's own seat)."""
    ruleset = build_ruleset(preset)
    rng = random.Random(seed)
    latencies: dict[int, list[float]] = {}
    played = 0
    wins = pairwise = 0.0
    margins: list[float] = []
    game = 0
    games = 0
    games_won = 0.0
    started = time.perf_counter()
    while played < hands:
        high_seat = game % seats  # seats alternate: the higher level moves round
        levels = [high if seat == high_seat else low for seat in range(seats)]

        def on_hand(event: HandEnded, high_seat: int = high_seat) -> bool:
            nonlocal played, wins, pairwise
            winners = hand_winners(event)
            if high_seat in winners:
                wins += 1 / len(winners)
            mine = event.scores[high_seat]
            others = [score for seat, score in enumerate(event.scores) if seat != high_seat]
            for score in others:
                pairwise += 1.0 if mine > score else 0.5 if mine == score else 0.0
            margins.append(mine - sum(others) / len(others))
            played += 1
            if progress is not None:
                progress(played, hands)
            return played < hands

        if table_for is None:
            table = BotTable(ruleset, levels, rng, budget_s, latencies, clock=clock)
        else:
            table = table_for(ruleset, levels, rng, high_seat)
        table.play(on_hand)
        if table.state.phase == "over":
            games += 1
            winners = table.state.winners
            if high_seat in winners:
                games_won += 1 / len(winners)
        game += 1
    return LadderResult(
        preset=preset,
        seats=seats,
        high=high,
        low=low,
        hands=played,
        wins=wins,
        pairwise=pairwise,
        pairs=played * (seats - 1),
        seconds=time.perf_counter() - started,
        latencies=latencies,
        margins=margins,
        games=games,
        games_won=games_won,
    )


_last_drawn = [0.0]


def format_results(results: Sequence[LadderResult]) -> str:
    lines = [
        "| preset | seats | high v low | hands | high wins | 95% CI | beats each low seat "
        "| 95% CI | points a hand over low | 95% CI | games | high wins games | 95% CI "
        "| hands/s |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        low_ci, high_ci = wilson(r.wins, r.hands)
        pair_low, pair_high = wilson(r.pairwise, r.pairs)
        margin_low, margin_high = mean_interval(r.margins)
        if r.games:
            games_low, games_high = wilson(r.games_won, r.games)
            games = f"{r.games_won / r.games:.1%} | {games_low:.1%}–{games_high:.1%}"
        else:
            games = "– | –"
        lines.append(
            f"| {r.preset} | {r.seats} | {r.high} v {r.low} | {r.hands} | "
            f"{r.wins / r.hands:.1%} | {low_ci:.1%}–{high_ci:.1%} | "
            f"{r.pairwise / r.pairs:.1%} | {pair_low:.1%}–{pair_high:.1%} | "
            f"{r.mean_margin:+.1f} | {margin_low:+.1f}–{margin_high:+.1f} | "
            f"{r.games} | {games} | {r.hands_per_second:.1f} |"
        )
    merged: dict[int, list[float]] = {}
    for r in results:
        for level, values in r.latencies.items():
            merged.setdefault(level, []).extend(values)
    lines += [
        "",
        "| level | decisions | p50 ms | p95 ms | p99 ms | max ms |",
        "|---|---|---|---|---|---|",
    ]
    for level in sorted(merged):
        values = merged[level]
        shown = [percentile(values, q) * 1e3 for q in (0.5, 0.95, 0.99)]
        lines.append(
            f"| {level} | {len(values)} | "
            + " | ".join(f"{ms:.2f}" for ms in shown)
            + f" | {max(values) * 1e3:.2f} |"
        )
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", default="basic")
    parser.add_argument("--bots", default="1,2", help="two levels, e.g. 3,4")
    parser.add_argument("--seats", type=int, default=None, help="2 for most, 4 for palace")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    add_bot_arguments(parser)


def add_bot_arguments(parser: argparse.ArgumentParser) -> None:
    """The options the ladder adds to `rummy simulate --bots`."""
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET_S, help="level 4, s/move")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--control",
        action="store_true",
        help="also play the same seeds with the lower level in the higher seat "
        "(its share is the baseline: 1/seats between equals)",
    )


def default_seats(preset: str) -> int:
    return 4 if preset == "palace" else 2


def run(args: argparse.Namespace) -> int:
    words = args.bots.split(",")
    levels = sorted(int(word) for word in words if word.strip().isdigit())
    if len(levels) != len(words) or len(levels) != 2 or not all(lv in LEVELS for lv in levels):
        print("--bots takes two levels from 1 to 4, e.g. 3,4", file=sys.stderr)
        return 2
    seats = args.seats or default_seats(args.preset)
    bar = None if args.quiet else ProgressBar(args.hands, label=f"{args.preset} {args.bots}")
    tune_collector_for_a_long_run()
    result = run_ladder(
        args.preset,
        seats,
        high=levels[1],
        low=levels[0],
        hands=args.hands,
        seed=args.seed,
        budget_s=args.budget,
        progress=None if bar is None else lambda done, total: bar.advance(),
    )
    if bar is not None:
        bar.close()
    results = [result]
    if args.control:
        results.append(
            run_ladder(
                args.preset,
                seats,
                high=levels[0],
                low=levels[0],
                hands=args.hands,
                seed=args.seed,
                budget_s=args.budget,
            )
        )
    print(format_results(results))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
