"""`rummy serve --redis-url` says whether it runs a worker, and starts one with --worker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
import redis
from prometheus_text import parse, value
from test_serve_shutdown import REPO_ROOT, _alive, _children, _free_port, _wait_healthy, _workers

from service.store.embedded_redis import EmbeddedRedis

BOTS_PLAY_WITHIN_S = 60.0


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
        port = _free_port()
        environment = {
            name: value
            for name, value in os.environ.items()
            if name not in ("REDIS_URL", "RQ_REDIS_URL", "HOST", "PORT", "DATA_DIR")
        }
        environment["PYTHONPATH"] = str(REPO_ROOT)
        command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
        command += ["--redis-url", embedded_redis.url, *flags]
        log = tmp_path / f"serve{len(started)}.log"
        with log.open("wb") as output:
            process = subprocess.Popen(
                command, cwd=REPO_ROOT, env=environment, stdout=output, stderr=subprocess.STDOUT
            )
        served = Served(process, f"http://127.0.0.1:{port}", log)
        started.append(served)
        _wait_healthy(process, served.url)
        served.children.update(_children(process.pid))
        return served

    try:
        yield start
    finally:
        for served in started:
            served.children.update(_children(served.process.pid))
            if served.process.poll() is None:
                served.process.send_signal(signal.SIGTERM)
                try:
                    served.process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    served.process.kill()
                    served.process.wait()
            for pid in served.children:
                if _alive(pid):
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
