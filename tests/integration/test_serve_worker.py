"""`rummy serve --redis-url` says whether it runs a worker, and starts one with --worker,
which seeds the bots' ratings by itself."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
import redis
from prometheus_text import parse, value
from test_serve_shutdown import _workers

from domain.rules import PRESETS
from service.app.league.seeding import SEED, seeding_levels
from service.runtime.children import stop_child
from service.store.embedded_redis import EmbeddedRedis
from service.tools.serve_process import alive, children_of, free_port, start_serve, wait_healthy

# Long (`rummy serve` with its worker, seeding included): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow

BOTS_PLAY_WITHIN_S = 60.0
# A fast seeding game takes about half a second (more on a busy machine).
SEEDED_WITHIN_S = 120.0


class Served:
    def __init__(self, process: subprocess.Popen[bytes], url: str, log: Path) -> None:
        self.process, self.url, self.log = process, url, log
        self.children: dict[int, str] = {}


@pytest.fixture
def serve(tmp_path: Path, embedded_redis: EmbeddedRedis) -> Iterator[Callable[..., Served]]:
    """Starts `rummy serve --redis-url <the test Redis> *flags`; kills what is left after."""
    started: list[Served] = []

    def start(*flags: str) -> Served:
        redis.Redis.from_url(embedded_redis.url).flushall()
        port = free_port()
        log = tmp_path / f"serve{len(started)}.log"
        process = start_serve(port, log, "--redis-url", embedded_redis.url, *flags)
        served = Served(process, f"http://127.0.0.1:{port}", log)
        started.append(served)
        wait_healthy(process, f"{served.url}/health", log)
        served.children.update(children_of(process.pid))
        return served

    try:
        yield start
    finally:
        for served in started:
            served.children.update(children_of(served.process.pid))
            stop_child(served.process, 30)
            for pid in served.children:
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)


def _bot_game(url: str) -> str:
    seats = [{"kind": "bot", "level": 1}, {"kind": "bot", "level": 1}]
    body = {"seats": seats, "preset": "duel", "rules": {"game_end": "hands:1"}, "seed": 5}
    created = httpx.post(f"{url}/games", json=body, timeout=10)
    assert created.status_code == 201, created.text
    game_id: str = created.json()["game_id"]
    return game_id


def _events(url: str, game_id: str) -> int:
    log = httpx.get(f"{url}/games/{game_id}/events", params={"after": 0}, timeout=10)
    return len(log.json()["events"])


def test_serve_with_an_external_redis_says_it_runs_no_worker(serve: Callable[..., Served]) -> None:
    # --no-worker: /health does not wait for a worker (without it, 503 worker_unavailable).
    served = serve("--no-worker")
    assert _workers(served.children) == []
    assert "worker: none started here" in served.log.read_text()
    game_id = _bot_game(served.url)
    created = _events(served.url, game_id)
    time.sleep(2)  # a worker's bot would have played its turn by now (one is ~13 ms)
    assert _events(served.url, game_id) == created


def test_serve_with_worker_starts_one_and_the_bots_play(serve: Callable[..., Served]) -> None:
    served = serve("--worker")
    assert len(_workers(served.children)) == 1, served.children
    assert "worker: one `rummy worker` runs beside the API" in served.log.read_text()
    game_id = _bot_game(served.url)
    created = _events(served.url, game_id)
    deadline = time.monotonic() + BOTS_PLAY_WITHIN_S
    while _events(served.url, game_id) == created and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _events(served.url, game_id) > created, served.log.read_text()
    # The worker counted its bot turns where the API reads them; each turn timed once.
    samples = parse(httpx.get(f"{served.url}/metrics", timeout=10).text)
    turns = value(samples, "rummy_bot_turns_total", level="1")
    assert turns >= 1
    assert value(samples, "rummy_bot_turn_seconds_count", level="1") == turns


def _games_until_level_sits_on_every_ladder(level: int) -> int:
    """The fewest seeding games a preset after which `level` has played on every preset."""
    return max(
        next(n for n in range(1, 100) if level in seeding_levels(preset, SEED, n))
        for preset in PRESETS
    )


def test_serve_seeds_the_bots_ratings_by_itself(serve: Callable[..., Served]) -> None:
    games = _games_until_level_sits_on_every_ladder(3)
    served = serve("--worker", "--league-seed-games", str(games))
    deadline = time.monotonic() + SEEDED_WITHIN_S
    ladders: set[str] = set()
    while ladders != set(PRESETS) and time.monotonic() < deadline:
        time.sleep(0.5)
        profile = httpx.get(f"{served.url}/players/bot:3/profile", timeout=10).json()
        ladders = {rating["ladder"] for rating in profile["ratings"]}
    assert ladders == set(PRESETS), served.log.read_text()[-3000:]
    assert f"league seeding: {games * len(PRESETS)} games queued" in served.log.read_text()
