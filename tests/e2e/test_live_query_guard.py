"""The WebSocket's query string is checked as every route's is, and refused with a close.

A query parameter given twice is a 400 `invalid_parameter` on every HTTP route (a
`before_request` hook), but that hook does not run for WebSockets: `/live?after=1&after=2`
reached the handler with a list where it reads a string, raised a TypeError after the
handshake, and the socket stayed open saying nothing, neither events nor a close,
until the client gave up. It is now the documented refusal: an `error` message, then
close 4400.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import httpx
import pytest
import websockets.sync.client
from live_server import serving_a_store
from websockets.exceptions import ConnectionClosed

from service.app.live import Tickets

# Bounds a socket that says nothing (the defect): far beyond a refusal's milliseconds.
SILENCE_S = 30


def _refusal(url: str) -> tuple[dict[str, Any], int]:
    """The `error` message a channel refused at `url` sends, and the code it closes with."""
    with websockets.sync.client.connect(url, open_timeout=10) as socket:
        # Refused before the first message is read: the error waits to be read.
        with contextlib.suppress(ConnectionClosed):
            socket.send("{}")
        message = json.loads(socket.recv(timeout=SILENCE_S))
        assert message["type"] == "error", message
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=SILENCE_S)
        assert closed.value.rcvd is not None
        return message, closed.value.rcvd.code


@pytest.mark.parametrize("query", ["after=1&after=2", "ticket=a&ticket=b", "invite=a&invite=b"])
def test_a_query_parameter_given_twice_is_refused_with_a_close(query: str) -> None:
    with serving_a_store() as served:
        created = httpx.post(
            f"{served.base}/games",
            json={"seats": [{"kind": "human"}, {"kind": "bot", "level": 1}]},
        )
        game_id = created.json()["game_id"]
        url = f"{served.base.replace('http', 'ws', 1)}/games/{game_id}/live?{query}"
        message, close = _refusal(url)
        assert message["problem"]["code"] == "invalid_parameter", message
        assert close == 4400


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("/games/{long_id}/live", "game_not_found"),
        ("/games/{game_id}/live?ticket={long_ticket}", "invalid_ticket"),
    ],
    ids=["game id past 64 characters", "ticket past 128 characters"],
)
def test_a_path_or_ticket_past_its_length_is_refused_with_a_close(path: str, code: str) -> None:
    """The framework checked these lengths before the handshake and rejected it with a
    bare HTTP 403: no problem, no close code, where every other refusal of the
    channel is an `error` message and a 4000 + status close."""
    with serving_a_store() as served:
        created = httpx.post(
            f"{served.base}/games",
            json={"seats": [{"kind": "human"}, {"kind": "bot", "level": 1}]},
        )
        filled = path.format(
            long_id="a" * 65, game_id=created.json()["game_id"], long_ticket="t" * 129
        )
        message, close = _refusal(f"{served.base.replace('http', 'ws', 1)}{filled}")
        assert message["problem"]["code"] == code, message
        assert close == 4000 + message["problem"]["status"]


def test_an_unexpected_failure_before_the_feed_is_told_and_closes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only the feed had a catch-all: a failure while the caller was being identified
    (any error but a refusal: a bug, a store gone) left the socket open and silent."""

    async def broken(*_: object, **__: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Tickets, "viewer", broken)
    with serving_a_store() as served:
        created = httpx.post(
            f"{served.base}/games",
            json={"seats": [{"kind": "human"}, {"kind": "bot", "level": 1}]},
        )
        url = f"{served.base.replace('http', 'ws', 1)}/games/{created.json()['game_id']}/live"
        with websockets.sync.client.connect(url, open_timeout=10) as socket:
            socket.send("{}")
            message = json.loads(socket.recv(timeout=SILENCE_S))
            assert message["type"] == "error", message
            assert message["problem"]["code"] == "internal_error", message
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=SILENCE_S)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4500
