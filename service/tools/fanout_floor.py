"""The floor of live fan-out in this stack: `fanout_bench --floor` serves this app instead
of `rummy serve`, so the bench's figures can be set beside the least delay any server
on Litestar and uvicorn reaches on the same machine with the same watchers.

It has the three live channels' paths and answers in the shapes the bench's watchers
read, and nothing else: no store, no credentials, no redaction, no per-watcher state.
Each event is encoded once; the WebSockets get it from one task (one send a socket),
the event streams and the long polls wake on one shared signal and write bytes made
before they woke. `POST /games/{id}/commands` appends the next event (whatever its
body) and answers like a command.

    python -m uvicorn service.tools.fanout_floor:app --host 127.0.0.1 --port 8001
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from litestar import Litestar, Response, WebSocket, get, post, websocket
from litestar.exceptions import WebSocketDisconnect
from litestar.response import Stream

__all__ = ["app"]

# Wait this long at most for news, as the real long poll's `wait` and SSE keep-alive do.
_IDLE_S = 15.0


class _Feed:
    """The one game's events, each encoded once, and a signal that fires on each new one."""

    def __init__(self) -> None:
        self.envelopes: list[bytes] = []
        self.sockets: set[WebSocket[Any, Any, Any]] = set()
        self._news = asyncio.Event()

    @property
    def version(self) -> int:
        return len(self.envelopes)

    async def append(self) -> bytes:
        version = self.version + 1
        envelope = b'{"version":%d,"type":"card_discarded","seat":1,"card":"7H"}' % version
        self.envelopes.append(envelope)
        news, self._news = self._news, asyncio.Event()
        news.set()
        text = (b'{"type":"event","envelope":%s}' % envelope).decode()
        for socket in list(self.sockets):
            with contextlib.suppress(Exception):  # a socket gone meanwhile
                await socket.send_text(text)
        return envelope

    async def after(self, version: int, wait_s: float) -> list[bytes]:
        """The envelopes after `version`, waiting up to `wait_s` for one."""
        if self.version <= version:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._news.wait(), wait_s)
        return self.envelopes[version:]


_feed = _Feed()


@post("/games/{game_id:str}/commands", status_code=200)
async def command(game_id: str) -> Response[bytes]:
    envelope = await _feed.append()
    body = b'{"version":%d,"events":[%s]}' % (_feed.version, envelope)
    return Response(body, media_type="application/json")


@websocket("/games/{game_id:str}/live")
async def live(socket: WebSocket[Any, Any, Any], game_id: str) -> None:
    await socket.accept()
    await socket.receive_data(mode="text")  # the first message: who is watching
    _feed.sockets.add(socket)
    try:
        while True:
            await socket.receive_data(mode="text")
    except WebSocketDisconnect:
        pass
    finally:
        _feed.sockets.discard(socket)


@get("/games/{game_id:str}/events/stream")
async def stream(game_id: str, after: int = 0) -> Stream:
    async def frames(cursor: int) -> AsyncIterator[bytes]:
        while True:
            envelopes = await _feed.after(cursor, _IDLE_S)
            yield (
                b"".join(
                    b"id: %d\ndata: %s\n\n" % (cursor + index, envelope)
                    for index, envelope in enumerate(envelopes, start=1)
                )
                or b": keep-alive\n\n"
            )
            cursor += len(envelopes)

    return Stream(frames(after), media_type="text/event-stream")


@get("/games/{game_id:str}/events")
async def events(game_id: str, after: int = 0, wait: float = 0) -> Response[bytes]:
    envelopes = await _feed.after(after, min(wait, _IDLE_S))
    body = b'{"events":[%s],"next_after":%d}' % (b",".join(envelopes), after + len(envelopes))
    return Response(body, media_type="application/json")


@get("/health")
async def health() -> dict[str, str]:
    return {"status": "ok"}


app = Litestar([command, live, stream, events, health])
