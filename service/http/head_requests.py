"""HEAD answered as GET without its body: a server that serves GET serves HEAD too
(RFC 9110, 9.3.2), and health checkers and proxies probe with it, but Litestar's
routes answer the methods they name, GET alone. So `Allow` (a 405's, an OPTIONS')
names HEAD beside GET: it lists the methods a resource supports (RFC 9110, 10.2.1)."""

from __future__ import annotations

import asyncio
from contextvars import ContextVar

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, ReceiveMessage, Scope, Send

__all__ = ["allowing_head", "answering_head", "head_as_get"]

# Set while a HEAD is served as GET: a route whose GET changes something (spends a
# ticket) or holds (a long poll) looks here, as HEAD must be safe and answer at once.
_ANSWERING_HEAD: ContextVar[bool] = ContextVar("answering_head", default=False)


def answering_head() -> bool:
    """Whether the GET being served is a HEAD's."""
    return _ANSWERING_HEAD.get()


def allowing_head(allow: str) -> str:
    """An `Allow` value (`GET, OPTIONS`) with HEAD beside GET, sorted as Litestar sorts."""
    methods = {method.strip() for method in allow.split(",")} - {""}
    if "GET" in methods:
        methods.add("HEAD")
    return ", ".join(sorted(methods))


_DISCONNECT: ReceiveMessage = {"type": "http.disconnect"}
_NO_BODY: Message = {"type": "http.response.body", "body": b"", "more_body": False}


def head_as_get(app: ASGIApp) -> ASGIApp:
    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or scope["method"] not in ("HEAD", "OPTIONS"):
            await app(scope, receive, send)
            return
        if scope["method"] == "OPTIONS":
            # Litestar's own OPTIONS answer names the route's methods, GET without HEAD.
            await app(scope, receive, _allow_with_head(send))
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


def _allow_with_head(send: Send) -> Send:
    async def sending(message: Message) -> None:
        # Its 204; not a refusal's (the WebSocket path's 405 names GET, whose HEAD is no
        # handshake).
        if message["type"] == "http.response.start" and message["status"] == 204:
            message["headers"] = [
                (name, allowing_head(value.decode("latin-1")).encode("latin-1"))
                if name.lower() == b"allow"
                else (name, value)
                for name, value in message["headers"]
            ]
        await send(message)

    return sending
