"""A WebSocket handshake the server refuses is answered as every other refusal is: a
problem with a stable code and the request's id. A handshake sent to a path with no
WebSocket (the live channel is /games/{id}/live) got uvicorn's bare 403 with an empty
body, and one uvicorn could not accept (no Sec-WebSocket-Key, another protocol
version, a POST) its plain-text 400 or 405."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from live_server import raw_exchange, serving

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
    raw_exchange(base, sent).problem(status, code)


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
    problem = raw_exchange(base, sent).problem(status, code)
    # What was wrong is still said: the server's own words are the problem's detail.
    assert "WebSocket" in problem["detail"]


def test_a_plain_request_to_the_live_channel_is_told_it_is_a_websocket(base: str) -> None:
    # Litestar answered 405 with `Allow: websocket`, which is no HTTP method, to a GET
    # (the one method a handshake takes) sent without the handshake's headers.
    close = b"Host: x\r\nConnection: close\r\n"
    plain = raw_exchange(base, b"GET " + _LIVE + b" HTTP/1.1\r\n" + close + b"\r\n")
    assert "WebSocket" in plain.problem(400, "http_error")["detail"]
    assert "websocket" not in plain.headers.get("allow", "").lower()
    posted = raw_exchange(
        base, b"POST " + _LIVE + b" HTTP/1.1\r\n" + close + b"Content-Length: 0\r\n\r\n"
    )
    posted.problem(405, "method_not_allowed")
    assert posted.headers["allow"].upper() == "GET"  # (raw_exchange lowers header lines)
