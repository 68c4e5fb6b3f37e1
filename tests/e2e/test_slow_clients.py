"""A client that sends its request too slowly loses its connection: headers
within HEADER_TIMEOUT_S, a body within BODY_TIMEOUT_S (1 s each here)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest
from live_server import serving

from service.http.app import create_app
from service.runtime.settings import Settings, settings_from_env
from service.store import InMemoryEventStore

# A bound for the server's close, not a speed target: generous on a loaded machine.
_CLOSED_WITHIN_S = 30.0


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    settings = Settings(header_timeout_s=1.0, body_timeout_s=1.0)
    with serving(create_app(InMemoryEventStore(), settings=settings), settings) as url:
        yield url


def _connect(base: str) -> socket.socket:
    parts = urlsplit(base)
    return socket.create_connection((parts.hostname, parts.port), timeout=_CLOSED_WITHIN_S)


def _closed_by_server(connection: socket.socket) -> bool:
    """Whether the server closes the connection before the bound (reading what it sends)."""
    deadline = time.monotonic() + _CLOSED_WITHIN_S
    try:
        while time.monotonic() < deadline:
            if not connection.recv(4096):
                return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return False


@pytest.mark.parametrize(
    "sent",
    [
        b"",
        b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ",
        b"POST /players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{",
    ],
    ids=["empty connection", "partial header", "partial body"],
)
def test_a_request_that_does_not_arrive_in_time_loses_its_connection(
    base: str, sent: bytes
) -> None:
    with _connect(base) as connection:
        connection.sendall(sent)
        assert _closed_by_server(connection)


def test_a_header_sent_a_byte_at_a_time_is_cut_off(base: str) -> None:
    with _connect(base) as connection:
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        try:
            while time.monotonic() - started < _CLOSED_WITHIN_S:
                connection.sendall(
                    b"X-Slow-" + str(int(time.monotonic() * 10)).encode() + b": 1\r\n"
                )
                time.sleep(0.2)
        except (BrokenPipeError, ConnectionResetError):
            return
        pytest.fail("a header trickled in for the whole bound was never cut off")


def _exchange(connection: socket.socket, request: bytes) -> bytes:
    connection.sendall(request)
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = connection.recv(4096)
        assert chunk, "the server closed the connection"
        answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
    while len(body) < length:
        body += connection.recv(4096)
    return head


def test_a_request_that_arrived_may_take_longer_than_the_deadlines(base: str) -> None:
    created = httpx.post(f"{base}/games", json={"seats": [{"kind": "human"}] * 2}).json()
    poll = (
        f"GET /games/{created['game_id']}/events?after={created['version']}&wait=2.5 HTTP/1.1\r\n"
        "Host: x\r\n\r\n"
    ).encode()
    with _connect(base) as connection:
        # A long poll waits past both deadlines...
        assert _exchange(connection, poll).startswith(b"HTTP/1.1 200")
        # ...and its kept-alive connection idles past them too (the keep-alive
        # timeout governs an idle connection), then serves the next request.
        time.sleep(2.5)
        health = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
        assert _exchange(connection, health).startswith(b"HTTP/1.1 200")


def test_the_deadlines_come_from_the_environment() -> None:
    default = settings_from_env({})
    assert (default.header_timeout_s, default.body_timeout_s) == (10.0, 30.0)
    chosen = settings_from_env({"HEADER_TIMEOUT_S": "2.5", "BODY_TIMEOUT_S": "5"})
    assert (chosen.header_timeout_s, chosen.body_timeout_s) == (2.5, 5.0)
