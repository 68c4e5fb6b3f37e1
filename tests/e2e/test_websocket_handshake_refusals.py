"""A WebSocket handshake the server refuses is answered as every other refusal is: a
problem with a stable code and the request's id. A handshake sent to a path with no
WebSocket (the live channel is /games/{id}/live) got uvicorn's bare 403 with an empty
body, and one uvicorn could not accept (no Sec-WebSocket-Key, another protocol
version, a POST) its plain-text 400 or 405."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from live_server import serving

from service.http.app import create_app
from service.runtime.settings import Settings
from service.store import InMemoryEventStore

_UPGRADE = b"Host: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
_KEY = b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
_VERSION = b"Sec-WebSocket-Version: 13\r\n"
_LIVE = b"/games/0123456789abcdef0123456789abcdef/live"


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    settings = Settings()
    with serving(create_app(InMemoryEventStore(), settings=settings), settings) as url:
        yield url


def _answer(base: str, sent: bytes) -> tuple[str, dict[str, str], bytes]:
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=30) as connection:
        connection.sendall(sent)
        answer = b""
        while chunk := connection.recv(4096):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return lines[0], headers, body


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        (b"/games", 404, "not_found"),
        (b"/health", 404, "not_found"),
        (b"/no/such/path", 404, "not_found"),
        (b"/games/0123456789abcdef0123456789abcdef/events", 404, "not_found"),
    ],
    ids=["lobby", "health", "unknown path", "long poll"],
)
def test_a_handshake_where_no_websocket_is_served_gets_a_problem(
    base: str, path: bytes, status: int, code: str
) -> None:
    sent = b"GET " + path + b" HTTP/1.1\r\n" + _UPGRADE + _KEY + _VERSION + b"\r\n"
    line, headers, body = _answer(base, sent)
    assert line.startswith(f"HTTP/1.1 {status}"), (line, body)
    assert headers["content-type"] == "application/problem+json", (line, headers, body)
    problem = json.loads(body)
    assert (problem["status"], problem["code"]) == (status, code)
    assert problem["request_id"] == headers["x-request-id"]


@pytest.mark.parametrize(
    ("sent", "status", "code"),
    [
        (b"GET " + _LIVE + b" HTTP/1.1\r\n" + _UPGRADE + _VERSION + b"\r\n", 400, "http_error"),
        (
            b"GET "
            + _LIVE
            + b" HTTP/1.1\r\n"
            + _UPGRADE
            + _KEY
            + b"Sec-WebSocket-Version: 8\r\n\r\n",
            400,
            "http_error",
        ),
        (
            b"GET " + _LIVE + b" HTTP/1.1\r\n" + _UPGRADE + b"Sec-WebSocket-Key: short\r\n"
            b"Sec-WebSocket-Version: 13\r\n\r\n",
            400,
            "http_error",
        ),
        (
            b"POST "
            + _LIVE
            + b" HTTP/1.1\r\n"
            + _UPGRADE
            + _KEY
            + _VERSION
            + b"Content-Length: 0\r\n\r\n",
            405,
            "method_not_allowed",
        ),
    ],
    ids=["no key", "another version", "a key that is no key", "a POST"],
)
def test_a_handshake_the_server_cannot_accept_gets_a_problem(
    base: str, sent: bytes, status: int, code: str
) -> None:
    line, headers, body = _answer(base, sent)
    assert line.startswith(f"HTTP/1.1 {status}"), (line, body)
    assert headers["content-type"] == "application/problem+json", (line, headers, body)
    problem = json.loads(body)
    assert (problem["status"], problem["code"]) == (status, code)
    assert problem["request_id"] == headers["x-request-id"]
    # What was wrong is still said: the server's own words are the problem's detail.
    assert "WebSocket" in problem["detail"]
