"""`rummy serve` stops its embedded Redis and its worker when it is sent SIGTERM,
ends its live channels cleanly and at once as it stops, and starts its worker
again when it dies."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.sync.client
from httpx_sse import connect_sse
from websockets.exceptions import ConnectionClosed

from service.tools.serve_process import (
    alive,
    children_of,
    free_port,
    start_serve,
    wait_healthy,
)

# Long (servers started, killed and stopped): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow

Served = tuple[subprocess.Popen[bytes], str, dict[int, str]]


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Served]:
    """`rummy serve` with an embedded Redis and a worker; the test notes the children
    it finds, so that they are killed even when the server failed to stop them."""
    port = free_port()
    process = start_serve(port, tmp_path / "serve.log", "--data-dir", str(tmp_path / "data"))
    children: dict[int, str] = {}
    try:
        yield process, f"http://127.0.0.1:{port}", children
    finally:
        children.update(children_of(process.pid))
        if process.poll() is None:
            process.kill()
            process.wait()
        for pid in children:  # whatever the test left behind
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def _wait_until(condition: Callable[[], object], timeout_s: float = 120.0) -> None:
    """Poll `condition` until it holds or the time is up (the caller asserts after)."""
    deadline = time.monotonic() + timeout_s
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.1)


def _down(url: str) -> list[str] | None:
    """What /health says is down, None while it answers 200."""
    answer = httpx.get(f"{url}/health", timeout=10)
    if answer.status_code != 503:
        return None
    down: list[str] = answer.json()["facts"]["down"]
    return down


def _workers(children: dict[int, str]) -> list[int]:
    return [pid for pid, command in children.items() if " worker " in f"{command} "]


def test_sigterm_stops_the_embedded_redis_and_the_worker(serve: Served) -> None:
    process, url, children = serve
    wait_healthy(process, f"{url}/health")
    children.update(children_of(process.pid))
    redis = [pid for pid, command in children.items() if "redis-server" in command]
    workers = _workers(children)
    assert len(redis) == 1 and len(workers) == 1, children

    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0
    assert not [pid for pid in [*redis, *workers] if alive(pid)]
    with pytest.raises(httpx.HTTPError):
        httpx.get(f"{url}/health", timeout=10.0)


def test_sigterm_answers_open_long_polls_and_ends_streams_at_once(
    serve: Served, tmp_path: Path
) -> None:
    process, url, _ = serve
    wait_healthy(process, f"{url}/health")
    created = httpx.post(f"{url}/games", json={"seats": [{"kind": "human"}] * 2}, timeout=5).json()
    game_id, version = created["game_id"], created["version"]
    ended: dict[str, tuple[Any, float]] = {}  # each channel: how it ended, and when

    def long_poll() -> None:
        answer = httpx.get(
            f"{url}/games/{game_id}/events", params={"after": version, "wait": 25}, timeout=40
        )
        ended["long_poll"] = ((answer.status_code, answer.json()), time.monotonic())

    def stream() -> None:
        with (
            httpx.Client(timeout=40) as client,
            connect_sse(
                client, "GET", f"{url}/games/{game_id}/events/stream", params={"after": version}
            ) as source,
        ):
            messages = list(source.iter_sse())  # a cut stream raises instead
        ended["sse"] = (messages, time.monotonic())

    def socket() -> None:
        address = url.replace("http://", "ws://") + f"/games/{game_id}/live?after={version}"
        with websockets.sync.client.connect(address) as live:
            live.send("{}")  # a spectator
            try:
                while True:
                    live.recv()
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                ended["websocket"] = (code, time.monotonic())

    channels = [threading.Thread(target=run) for run in (long_poll, stream, socket)]
    for channel in channels:
        channel.start()
    # Every channel waits for news (it shows in the watchers' gauge).
    _wait_until(lambda: _watching(url) >= 3)
    assert _watching(url) >= 3
    time.sleep(0.2)
    assert not ended

    stopped = time.monotonic()
    process.send_signal(signal.SIGTERM)
    for channel in channels:
        channel.join(timeout=30)
    assert process.wait(timeout=30) == 0
    exited_s = time.monotonic() - stopped

    took = {name: round(at - stopped, 2) for name, (_, at) in ended.items()}
    print(f"after SIGTERM: {took}, the process exited in {exited_s:.2f} s")
    assert set(took) == {"long_poll", "sse", "websocket"}, ended
    status, page = ended["long_poll"][0]
    assert status == 200 and page["events"] == [] and page["next_after"] == version
    assert ended["sse"][0] == []  # ended cleanly: nothing came, no cut chunk
    assert ended["websocket"][0] == 1012  # service restart: reconnect from the last version
    log = (tmp_path / "serve.log").read_text()
    # Each channel ended as drained, not cut when uvicorn's grace period ran out
    # (the long poll waits 25 s, the grace 10 s): no time bound needed to tell.
    for trouble in (" 500", "Traceback", "graceful shutdown exceeded", "ERROR"):
        assert trouble not in log, log


def _watching(url: str) -> int:
    """Live channels the server counts as open (its /metrics gauge, every transport)."""
    metrics = httpx.get(f"{url}/metrics", timeout=2).text
    return sum(
        int(float(line.rpartition(" ")[2]))
        for line in metrics.splitlines()
        if line.startswith("rummy_live_watchers{")
    )


def test_a_killed_server_leaves_no_redis_or_worker_behind(serve: Served) -> None:
    process, url, children = serve
    wait_healthy(process, f"{url}/health")
    children.update(children_of(process.pid))
    assert len(children) == 2, children

    process.kill()  # SIGKILL: no cleanup of its own runs
    process.wait()

    _wait_until(lambda: not [pid for pid in children if alive(pid)])
    assert not [pid for pid in children if alive(pid)]


def test_a_worker_that_dies_is_started_again(serve: Served, tmp_path: Path) -> None:
    process, url, children = serve
    wait_healthy(process, f"{url}/health")
    children.update(children_of(process.pid))
    [first] = _workers(children)
    log = tmp_path / "serve.log"
    _wait_until(lambda: "schedules the due jobs" in log.read_text())

    os.kill(first, signal.SIGKILL)  # as a job that brings the interpreter down would

    def new_workers() -> list[int]:
        children.update(children_of(process.pid))
        return [pid for pid in _workers(children) if pid != first and alive(pid)]

    _wait_until(new_workers)
    [second] = new_workers()
    # The killed worker never released its scheduler's lock: the new worker's
    # scheduler takes it over (timers fire) instead of waiting for it to expire.
    _wait_until(lambda: log.read_text().count("schedules the due jobs") >= 2, 120)
    assert log.read_text().count("schedules the due jobs") == 2, log.read_text()
    assert "took over a lock nobody refreshed" in log.read_text()
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0
    assert not alive(second)


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _play(url: str, game_id: str, tokens: dict[str, str], commands: int, prefix: str = "c") -> int:
    """Play `commands` commands of the seat to act (draw, then its last discard); the version."""
    version = 0
    for number in range(commands):
        summary = httpx.get(f"{url}/games/{game_id}", timeout=5).json()
        seat = str(summary["view"]["turn"])
        view = httpx.get(f"{url}/games/{game_id}/view", headers=_auth(tokens[seat])).json()
        legal = view["legal_commands"]
        command = legal[0] if view["phase"] == "draw" else legal[-1]
        answer = httpx.post(
            f"{url}/games/{game_id}/commands",
            json={**command, "command_id": f"{prefix}-{number}"},
            headers=_auth(tokens[seat]),
            timeout=5,
        )
        assert answer.status_code == 200, answer.text
        version = answer.json()["version"]
    return version


def test_an_embedded_redis_that_dies_is_started_again_with_every_acknowledged_command(
    serve: Served,
) -> None:
    process, url, children = serve
    wait_healthy(process, f"{url}/health")
    created = httpx.post(
        f"{url}/games", json={"seats": [{"kind": "human"}] * 2, "preset": "duel"}, timeout=5
    ).json()
    game_id = created["game_id"]
    acknowledged = _play(url, game_id, created["tokens"], 6)
    children.update(children_of(process.pid))
    [redis] = [pid for pid, command in children.items() if "redis-server" in command]

    os.kill(redis, signal.SIGKILL)

    def back() -> bool:
        try:
            return httpx.get(f"{url}/games/{game_id}", timeout=10).status_code == 200
        except httpx.HTTPError:
            return False

    _wait_until(back)
    assert back()
    children.update(children_of(process.pid))
    assert [pid for pid, c in children.items() if "redis-server" in c and alive(pid)] != [redis]
    assert httpx.get(f"{url}/games/{game_id}", timeout=5).json()["version"] == acknowledged
    events = httpx.get(f"{url}/games/{game_id}/events", params={"after": 0}).json()["events"]
    assert {f"c-{n}" for n in range(6)} <= {e["command_id"] for e in events}
    # And the game plays on.
    assert _play(url, game_id, created["tokens"], 1, "after") > acknowledged


def test_health_names_the_worker_down_while_none_isalive(serve: Served) -> None:
    process, url, children = serve
    wait_healthy(process, f"{url}/health")
    _wait_until(lambda: httpx.get(f"{url}/health", timeout=10).json().get("workers") == 1)
    assert httpx.get(f"{url}/health", timeout=10).json()["workers"] == 1
    # The worker's scheduler ticks too (turn timers fire).
    _wait_until(lambda: httpx.get(f"{url}/health", timeout=10).json().get("schedulers") == 1)
    assert httpx.get(f"{url}/health", timeout=10).json()["schedulers"] == 1
    children.update(children_of(process.pid))
    [worker] = _workers(children)

    os.kill(worker, signal.SIGSTOP)  # alive to the supervisor, but it plays no bot
    try:
        # On a loaded machine the stopped worker's scheduler may go stale first (503,
        # down: scheduler); its registration expires a moment later.
        _wait_until(lambda: _down(url) == ["worker"])
        answer = httpx.get(f"{url}/health", timeout=10)
        assert answer.status_code == 503
        assert answer.json()["code"] == "worker_unavailable"
        assert answer.json()["facts"]["down"] == ["worker"]
    finally:
        os.kill(worker, signal.SIGCONT)
    _wait_until(lambda: httpx.get(f"{url}/health", timeout=10).status_code == 200)
    assert httpx.get(f"{url}/health", timeout=10).status_code == 200
