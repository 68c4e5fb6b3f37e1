"""A real HTTP server on 127.0.0.1 in a thread of the test process, for clients that need one."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import msgspec
import uvicorn
from litestar import Litestar

from service.http.app import create_app
from service.http.server_config import uvicorn_config
from service.runtime.settings import Settings
from service.store import InMemoryEventStore


@contextmanager
def serving(app: Litestar, settings: Settings | None = None) -> Iterator[str]:
    """The app served by uvicorn on a free port for the block: its base URL.

    With `settings`, served as `rummy serve` serves it (trusted proxies, deadlines)."""
    options: dict[str, Any] = {"log_level": "warning", "lifespan": "on"}
    if settings is None:
        config = uvicorn.Config(app, host="127.0.0.1", port=0, **options)
    else:
        local = msgspec.structs.replace(settings, host="127.0.0.1", port=0)
        config = uvicorn_config(app, local, **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    # Generous: a loaded machine starts the app slowly, and a failed start ends sooner.
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


class Server(NamedTuple):
    """A served app and the in-memory store behind it (to read its logs directly)."""

    base: str
    store: InMemoryEventStore


@contextmanager
def serving_a_store() -> Iterator[Server]:
    """A fresh in-memory store's app, served as `rummy serve` serves it."""
    store = InMemoryEventStore()
    with serving(create_app(store), Settings()) as base:
        yield Server(base, store)


class RawAnswer(NamedTuple):
    """A server's answer to bytes sent as they are: its status line, its headers (names
    in lower case) and its body."""

    line: str
    headers: dict[str, str]
    body: bytes

    def problem(self, status: int, code: str) -> dict[str, Any]:
        """The answer as a problem of `status` and `code`, carrying its request's id."""
        assert self.line.startswith(f"HTTP/1.1 {status}"), (self.line, self.body)
        assert self.headers["content-type"] == "application/problem+json", self
        problem: dict[str, Any] = json.loads(self.body)
        assert (problem["status"], problem["code"]) == (status, code)
        assert problem["request_id"] == self.headers["x-request-id"]
        return problem


def raw_exchange(base: str, sent: bytes) -> RawAnswer:
    """Sends `sent` to the server at `base` over a socket of its own (requests no HTTP
    client would write) and reads the answer until the server closes."""
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=30) as connection:
        connection.sendall(sent)
        answer = b""
        while chunk := connection.recv(4096):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return RawAnswer(lines[0], headers, body)
