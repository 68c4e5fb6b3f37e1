"""The load driver, in process: whole games over the ASGI app and the in-memory store."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import httpx

from service.app import create_app
from service.loadtest import GameLoad, percentile, play_games
from service.store import InMemoryEventStore


def _transport() -> httpx.ASGITransport:
    # Litestar's ASGI signature is narrower than the one httpx spells out.
    return httpx.ASGITransport(app=cast(Any, create_app(InMemoryEventStore())))


def test_the_driver_plays_whole_games_and_reports_commands_without_errors() -> None:
    transport = _transport()
    finished: list[int] = []
    config = GameLoad(url="http://loadtest", games=3, concurrency=2, seed=7, timeout_s=120)

    report = asyncio.run(
        play_games(config, transport=transport, on_game=lambda: finished.append(1))
    )

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


def test_a_server_that_refuses_is_counted_not_hidden() -> None:
    # No such route: every creation is a 404, each game fails, nothing hangs.
    transport = _transport()
    config = GameLoad(url="http://loadtest/nowhere", games=2, concurrency=2, timeout_s=30)

    report = asyncio.run(play_games(config, transport=transport))

    assert (report.finished, report.failed) == (0, 2)
    assert report.client_errors == 2 and not report.ok
    assert report.creates.error_samples


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.99) == 99.0
    assert percentile([3.0], 0.99) == 3.0
    assert percentile([], 0.5) == 0.0
