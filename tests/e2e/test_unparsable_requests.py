"""A request the server cannot parse is refused as every other one is: a 400 problem
(`http_error`) with a request id. uvicorn answered these itself, in plain text
("Invalid HTTP request received.") and with no X-Request-ID."""

from __future__ import annotations

import json
import socket
from urllib.parse import urlsplit

import pytest
from live_server import serving

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
        parts = urlsplit(base)
        with socket.create_connection((parts.hostname, parts.port), timeout=30) as connection:
            connection.sendall(sent)
            answer = b""
            while chunk := connection.recv(4096):
                answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    assert lines[0].startswith("HTTP/1.1 400"), answer
    assert headers["content-type"] == "application/problem+json", answer
    problem = json.loads(body)
    assert (problem["status"], problem["code"]) == (400, "http_error")
    assert problem["request_id"] == headers["x-request-id"]
