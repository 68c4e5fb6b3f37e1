"""A real HTTP server on 127.0.0.1 in a thread of the test process, for clients that need one."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

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
