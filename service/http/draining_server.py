"""uvicorn's server, telling the app to drain as it begins to shut down."""

from __future__ import annotations

import socket

import uvicorn

from service.runtime.draining import Draining

__all__ = ["DrainingServer"]


class DrainingServer(uvicorn.Server):
    """Begins `draining` as the shutdown begins (a signal, or `should_exit`).

    uvicorn's own shutdown stops accepting connections, then waits its grace
    period for the requests in flight and cancels what is left, which it
    answers 500: open long polls, event streams and WebSockets would all be.
    Drained first, they answer or end at once and the shutdown goes on."""

    def __init__(self, config: uvicorn.Config, draining: Draining) -> None:
        super().__init__(config)
        self.draining = draining

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.draining.begin()
        await super().shutdown(sockets)
