"""A client holds at most LIVE_CHANNELS_PER_CLIENT live channels open at once.

Rate limits count requests, and a live channel is one request held open for minutes:
a client could open thousands (long polls, event streams, WebSockets) and spend no
budget, each a socket and a task of the API process. Past the limit the next one is a
429 `rate_limited` (`facts.kind` `live`, with `Retry-After`; a WebSocket's is its
`error` message and close 4429), until one of them closes; another client's channels
are counted apart.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import msgspec
import pytest
import websockets.sync.client
from live_server import serving
from websockets.exceptions import ConnectionClosed

from service.app.open_channels import RETRY_AFTER_S
from service.http.app import create_app
from service.runtime.settings import Settings
from service.store import InMemoryEventStore

LIMIT = 2
# The test's own address stands for several clients: the proxy it trusts names them.
SETTINGS = msgspec.structs.replace(
    Settings(), live_channels_per_client=LIMIT, trusted_proxies=("127.0.0.1",)
)
TWO_HUMANS: dict[str, Any] = {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 5}


@pytest.fixture
def base() -> Iterator[str]:
    with serving(create_app(InMemoryEventStore(), settings=SETTINGS), SETTINGS) as url:
        yield url


def _client(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


def _game(base: str) -> tuple[str, str]:
    made = httpx.post(f"{base}/games", json=TWO_HUMANS, timeout=30)
    assert made.status_code == 201, made.text
    return made.json()["game_id"], made.json()["tokens"]["0"]


def _open_stream(stack: ExitStack, http: httpx.Client, base: str, game_id: str, who: str) -> None:
    """An event stream held open for the block (its first event read: it is open)."""
    answer = stack.enter_context(
        http.stream("GET", f"{base}/games/{game_id}/events/stream", headers=_client(who))
    )
    assert answer.status_code == 200
    lines = answer.iter_lines()
    next(lines)
    # Kept till the block ends: a line reader collected closes its connection.
    stack.callback(lines.close)


def _refused_as_full(answer: httpx.Response) -> None:
    assert answer.status_code == 429, answer.text
    problem = answer.json()
    assert problem["code"] == "rate_limited"
    assert problem["facts"]["kind"] == "live" and problem["facts"]["limit"] == f"{LIMIT} open"
    assert answer.headers["Retry-After"] == str(RETRY_AFTER_S)


def test_past_its_limit_a_clients_next_channel_of_any_kind_is_refused(base: str) -> None:
    game_id, token = _game(base)
    with httpx.Client(timeout=30) as http, ExitStack() as stack:
        for _ in range(LIMIT):
            _open_stream(stack, http, base, game_id, "10.0.0.1")
        # A long poll, an event stream, a WebSocket: each one more.
        poll = http.get(
            f"{base}/games/{game_id}/events", params={"wait": 5}, headers=_client("10.0.0.1")
        )
        _refused_as_full(poll)
        _refused_as_full(
            http.get(f"{base}/games/{game_id}/events/stream", headers=_client("10.0.0.1"))
        )
        url = base.replace("http://", "ws://", 1) + f"/games/{game_id}/live"
        with websockets.sync.client.connect(
            url, open_timeout=10, additional_headers=_client("10.0.0.1")
        ) as socket:
            refused = json.loads(socket.recv(timeout=10))
            with pytest.raises(ConnectionClosed):
                socket.recv(timeout=10)
        assert refused["type"] == "error" and refused["problem"]["code"] == "rate_limited"
        assert socket.close_code == 4429
        # Another client's channels are its own; the reads that follow nothing are free.
        other = http.get(
            f"{base}/games/{game_id}/events", headers={**_client("10.0.0.2"), **_bearer(token)}
        )
        assert other.status_code == 200, other.text
        assert http.get(f"{base}/games/{game_id}/view", headers=_bearer(token)).status_code == 200


def test_a_channel_closed_gives_its_place_back(base: str) -> None:
    game_id, _ = _game(base)
    with httpx.Client(timeout=30) as http:
        with ExitStack() as stack:
            for _ in range(LIMIT):
                _open_stream(stack, http, base, game_id, "10.0.0.3")
        # Both streams closed by the client: the server lets them go as it notices.
        deadline = time.monotonic() + 30
        while True:
            answer = http.get(
                f"{base}/games/{game_id}/events", params={"wait": 0}, headers=_client("10.0.0.3")
            )
            if answer.status_code == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert answer.status_code == 200, answer.text
        # A WebSocket held open counts as long as it is open.
        url = base.replace("http://", "ws://", 1) + f"/games/{game_id}/live"
        with ExitStack() as stack:
            _open_stream(stack, http, base, game_id, "10.0.0.3")
            socket = stack.enter_context(
                websockets.sync.client.connect(
                    url, open_timeout=10, additional_headers=_client("10.0.0.3")
                )
            )
            socket.send(json.dumps({"after": 0}))  # a spectator's hello
            assert json.loads(socket.recv(timeout=10))["type"] == "event"
            _refused_as_full(
                http.get(f"{base}/games/{game_id}/events", headers=_client("10.0.0.3"))
            )


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
