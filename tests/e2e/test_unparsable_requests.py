"""A request the server cannot parse is refused as every other one is: a 400 problem
(`http_error`) with a request id. uvicorn answered these itself, in plain text
("Invalid HTTP request received.") and with no X-Request-ID."""

from __future__ import annotations

import pytest
from live_server import raw_exchange, serving

from service.http.app import create_app
from service.runtime.settings import Settings
from service.store import InMemoryEventStore

_HEAD = b"Host: x\r\nContent-Type: application/json\r\n"


@pytest.mark.parametrize(
    "sent",
    [
        b"FOO /games HTTP/1.1\r\n" + _HEAD + b"\r\n",
        b"GET /health HTTP/1.1\r\n" + _HEAD + b"X-Request-ID: \x7f\r\n\r\n",
        b"POST /players HTTP/1.1\r\n" + _HEAD + b"Content-Length: -5\r\n\r\n{}",
        b"POST /players HTTP/1.1\r\n" + _HEAD + b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    ],
    ids=["unknown method", "control byte in a header", "negative length", "two lengths"],
)
def test_an_unparsable_request_gets_a_problem_with_a_request_id(sent: bytes) -> None:
    settings = Settings()
    with serving(create_app(InMemoryEventStore(), settings=settings), settings) as base:
        raw_exchange(base, sent).problem(400, "http_error")
