"""The printed report of a load run: each phase's figures, each server's CPU, the ratio."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from service.tools.load.ceiling import CeilingReport
from service.tools.load.games import GameLoadReport

__all__ = ["TARGET_P99_MS", "TARGET_RATIO", "print_report", "print_rounds", "ratio_of"]

TARGET_RATIO = 0.6
TARGET_P99_MS = 100.0


def print_report(
    games: GameLoadReport, ceiling: CeilingReport | None, *, preset: str, concurrency: int
) -> None:
    elapsed = games.elapsed_s
    commands = games.commands.figures(elapsed)
    print(
        f"games: {games.finished}/{games.games} finished, {games.failed} failed, "
        f"{games.unfinished} unfinished{' (TIMED OUT)' if games.timed_out else ''} "
        f"in {elapsed:.1f} s; preset={preset} concurrency={concurrency}"
    )
    print(f"  game commands (POST):   {commands.line('cmd')}")
    print(f"  view reads (GET):       {games.reads.figures(elapsed).line('req')}")
    print(f"  creates (POST /games):  {games.creates.figures(elapsed).line('req')}")
    print(f"  all game requests:      {games.requests / elapsed if elapsed else 0.0:8.1f} req/s")
    print(
        f"  server errors (5xx): {games.server_errors}  client errors (4xx): "
        f"{games.client_errors}  transport errors: {games.transport_errors}"
    )
    for tally in games.tallies:
        for sample in tally.error_samples:
            print(f"    {sample}")
    print(_cpu_line(games.server_cpu_s, games.requests, "API"))
    if ceiling is None:
        return
    figures = ceiling.tally.figures(ceiling.elapsed_s)
    print(
        f"ceiling (POST /xadd, one XADD): {figures.line('req')}"
        f"{' (stopped by the time bound)' if ceiling.timed_out else ''}"
    )
    tally = ceiling.tally
    print(
        f"  server errors (5xx): {tally.server_errors}  client errors (4xx): "
        f"{tally.client_errors}  transport errors: {tally.transport_errors}"
    )
    for sample in tally.error_samples:
        print(f"    {sample}")
    print(_cpu_line(ceiling.server_cpu_s, len(tally.latencies), "ceiling"))
    requests_ratio = (
        (games.requests / elapsed) / figures.per_s if figures.per_s and elapsed else 0.0
    )
    print(
        f"ratio game commands/s / ceiling req/s: {ratio_of(games, ceiling):.2f} "
        f"(all game requests/s: {requests_ratio:.2f})"
    )


def ratio_of(games: GameLoadReport, ceiling: CeilingReport) -> float:
    """Game commands per second over the ceiling's requests per second."""
    ceiling_rate = ceiling.tally.rate(ceiling.elapsed_s)
    return games.commands.rate(games.elapsed_s) / ceiling_rate if ceiling_rate else 0.0


def print_rounds(rounds: Sequence[tuple[GameLoadReport, CeilingReport]]) -> bool:
    """The verdict over alternating rounds: the median ratio, the worst p99 (whether
    the target is met).

    A machine's speed drifts between one phase and the next (on this VM the
    same code's CPU per request moved by a tenth from run to run); phases that
    alternate, judged by their median, compare the two servers under like
    conditions."""
    ratios = [ratio_of(games, ceiling) for games, ceiling in rounds]
    p99 = max(games.commands.figures(games.elapsed_s).p99_ms for games, _ in rounds)
    errors = sum(games.server_errors for games, _ in rounds)
    median = statistics.median(ratios)
    met = median >= TARGET_RATIO and p99 < TARGET_P99_MS and errors == 0
    shown = " ".join(f"{ratio:.2f}" for ratio in ratios)
    print(
        f"ratio by round: {shown} -> median {median:.2f}; command p99 at most {p99:.1f} ms; "
        f"target median >= {TARGET_RATIO} with p99 < {TARGET_P99_MS:.0f} ms: "
        f"{'met' if met else 'NOT met'}"
    )
    return met


def _cpu_line(cpu_s: float | None, requests: int, server: str) -> str:
    # The server's own CPU per request does not depend on how busy the driver keeps the cores.
    if cpu_s is None or not requests:
        return f"  {server} CPU per request: not measured (only for servers this run spawned)"
    return (
        f"  {server} CPU per request: {1000 * cpu_s / requests:.3f} ms "
        f"({cpu_s:.1f} s over {requests} requests)"
    )
