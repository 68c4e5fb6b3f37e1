"""HEAD answered as GET without its body: a server that serves GET serves HEAD too
(RFC 9110, 9.3.2), and health checkers and proxies probe with it, but Litestar's
routes answer the methods they name, GET alone."""

from __future__ import annotations

import asyncio
from contextvars import ContextVar

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, ReceiveMessage, Scope, Send

__all__ = ["answering_head", "head_as_get"]

# Set while a HEAD is served as GET: a route whose GET changes something (spends a
# ticket) or holds (a long poll) looks here, as HEAD must be safe and answer at once.
_ANSWERING_HEAD: ContextVar[bool] = ContextVar("answering_head", default=False)


def answering_head() -> bool:
    """Whether the GET being served is a HEAD's."""
    return _ANSWERING_HEAD.get()


_DISCONNECT: ReceiveMessage = {"type": "http.disconnect"}
_NO_BODY: Message = {"type": "http.response.body", "body": b"", "more_body": False}


def head_as_get(app: ASGIApp) -> ASGIApp:
    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or scope["method"] != "HEAD":
            await app(scope, receive, send)
            return
        started = asyncio.Event()
        finished = False
        request_read = False

        async def receive_until_answered() -> ReceiveMessage:
            # Once the headers are out the client wants nothing more: a stream (the
            # event stream) hears a disconnect and ends instead of serving for ever.
            nonlocal request_read
            if not request_read:
                request_read = True
                return await receive()
            await started.wait()
            return _DISCONNECT

        async def send_headers_only(message: Message) -> None:
            nonlocal finished
            if message["type"] == "http.response.start":
                started.set()
                await send(message)
            elif message["type"] == "http.response.body":
                if not finished:
                    finished = True
                    await send(_NO_BODY)
            else:
                await send(message)

        marked = _ANSWERING_HEAD.set(True)
        try:
            await app({**scope, "method": "GET"}, receive_until_answered, send_headers_only)
        finally:
            _ANSWERING_HEAD.reset(marked)
        if started.is_set() and not finished:
            await send(_NO_BODY)  # a stream ended before its first chunk

    return middleware
