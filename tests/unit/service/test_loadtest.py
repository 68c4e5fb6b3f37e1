"""The load driver against a real HTTP server: the API on the in-memory store, served by
uvicorn in a thread on a free port, so the driver's own HTTP client is what is tested."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from service.http.app import create_app
from service.store import InMemoryEventStore
from service.tools.load import (
    CeilingReport,
    GameLoad,
    GameLoadReport,
    cpu_seconds,
    percentile,
    play_games,
    run_loop,
)
from service.tools.load.report import print_rounds, ratio_of
from service.tools.serve_process import free_port


@pytest.fixture(scope="module")
def api_url() -> Iterator[str]:
    port = free_port()
    config = uvicorn.Config(
        create_app(InMemoryEventStore()), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def test_the_driver_plays_whole_games_and_reports_commands_without_errors(api_url: str) -> None:
    finished: list[int] = []
    config = GameLoad(url=api_url, games=3, concurrency=2, seed=7, timeout_s=120)

    report = run_loop(play_games(config, on_game=lambda: finished.append(1)))

    assert (report.finished, report.failed, report.unfinished) == (3, 0, 0)
    assert not report.timed_out
    assert len(finished) == 3
    assert len(report.creates.latencies) == 3
    # Every game takes at least a draw and a discard from each seat.
    assert len(report.commands.latencies) >= 3 * 4
    assert report.commands.statuses.keys() == {200}
    assert (report.server_errors, report.client_errors, report.transport_errors) == (0, 0, 0)
    assert report.ok
    figures = report.commands.figures(report.elapsed_s)
    assert figures.per_s > 0 and 0 < figures.p50_ms <= figures.p99_ms <= figures.max_ms


def test_turns_open_with_blind_stock_draws_unless_reads_are_asked_for(api_url: str) -> None:
    blind = run_loop(play_games(GameLoad(url=api_url, games=2, concurrency=2, seed=3)))
    reading = run_loop(
        play_games(GameLoad(url=api_url, games=2, concurrency=2, seed=3, reads=True))
    )

    assert blind.ok and reading.ok
    # Reading: one view at the start and one at every change of turn. Blind: only
    # the start's and those where the stock was empty.
    turns = len(reading.reads.latencies) - 2
    assert turns > 10
    assert len(blind.reads.latencies) < turns / 4
    assert blind.commands.statuses.keys() == {200}


def test_a_server_that_refuses_is_counted_not_hidden(api_url: str) -> None:
    # No such route: every creation is a 404, each game fails, nothing hangs.
    config = GameLoad(url=f"{api_url}/nowhere", games=2, concurrency=2, timeout_s=30)

    report = asyncio.run(play_games(config))

    assert (report.finished, report.failed) == (0, 2)
    assert report.client_errors == 2 and not report.ok
    assert "404" in report.creates.error_samples[0]


def test_a_server_that_is_not_there_is_a_transport_error() -> None:
    config = GameLoad(url=f"http://127.0.0.1:{free_port()}", games=2, concurrency=1, timeout_s=30)

    report = asyncio.run(play_games(config))

    assert (report.finished, report.failed, report.transport_errors) == (0, 2, 2)
    assert "POST /games" in report.creates.error_samples[0]


def test_cpu_seconds_of_this_process_grow_with_work() -> None:
    import os

    before = cpu_seconds(os.getpid())
    assert before is not None
    # /proc counts in clock ticks (10 ms): work until one lands, within a bound.
    after = before
    for _ in range(100):
        sum(i * i for i in range(300_000))
        now = cpu_seconds(os.getpid())
        assert now is not None
        after = now
        if after > before:
            break
    assert after > before
    assert cpu_seconds(2**22 + 12345) is None  # no such process


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.99) == 99.0
    assert percentile([3.0], 0.99) == 3.0
    assert percentile([], 0.5) == 0.0


def _round(
    commands: int, ceiling_requests: int, p99_s: float
) -> tuple[GameLoadReport, CeilingReport]:
    """A round of one second each: `commands` answered commands, the slowest
    two percent (so the p99) at `p99_s`, and the ceiling's `ceiling_requests`."""
    slow = commands // 50
    games = GameLoadReport(games=1, finished=1, elapsed_s=1.0)
    games.commands.latencies = [0.001] * (commands - slow) + [p99_s] * slow
    ceiling = CeilingReport(requests=ceiling_requests, elapsed_s=1.0)
    ceiling.tally.latencies = [0.001] * ceiling_requests
    return games, ceiling


def test_rounds_are_judged_on_the_median_ratio_and_the_worst_p99(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rounds = [_round(500, 1000, 0.01), _round(700, 1000, 0.02), _round(650, 1000, 0.01)]
    assert [ratio_of(*each) for each in rounds] == [0.5, 0.7, 0.65]

    assert print_rounds(rounds) is True
    verdict = capsys.readouterr().out
    assert "0.50 0.70 0.65 -> median 0.65" in verdict
    assert "p99 at most 20.0 ms" in verdict and verdict.rstrip().endswith(": met")

    # Median 0.55, and one slow round: the command exits 1 on this.
    assert print_rounds([*rounds[:2], _round(550, 1000, 0.2)]) is False
    assert capsys.readouterr().out.rstrip().endswith("NOT met")


def test_the_servers_a_load_run_spawns_start_from_the_repository_root() -> None:
    # The spawned `python -m service.cli serve` imports the package from there.
    from service.tools.load import processes

    assert (processes._REPO_ROOT / "pyproject.toml").exists()
    assert (processes._REPO_ROOT / "service" / "cli" / "__main__.py").exists()
