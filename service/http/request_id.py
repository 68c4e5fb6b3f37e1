"""Request ids: every response carries `X-Request-ID` (the caller's, or a new one), and so
do its problem body and the log lines written while it was handled."""

from __future__ import annotations

import re

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.runtime.request_ids import (
    RequestIdFilter,
    current_request_id,
    end_request_scope,
    new_request_id,
    request_scope,
)

__all__ = ["HEADER", "RequestIdFilter", "current_request_id", "request_id_middleware"]

HEADER = "X-Request-ID"
_HEADER_NAME = HEADER.lower().encode()
# A caller's id is kept when it is short and plain (it ends up in logs and headers).
_ACCEPTED = re.compile(r"[A-Za-z0-9._:-]{1,128}")


def _request_id(scope: Scope) -> str:
    for name, value in scope.get("headers", ()):
        if name == b"x-request-id":
            text = value.decode("latin-1")
            if _ACCEPTED.fullmatch(text):
                return text
    return new_request_id()


def request_id_middleware(app: ASGIApp) -> ASGIApp:
    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in (ScopeType.HTTP, ScopeType.WEBSOCKET):
            await app(scope, receive, send)
            return
        request_id = _request_id(scope)
        raw_id = request_id.encode()
        token = request_scope(request_id)

        async def send_with_id(message: Message) -> None:
            # The messages that start an answer (a refused handshake's HTTP answer too).
            if message["type"] in (
                "http.response.start",
                "websocket.accept",
                "websocket.http.response.start",
            ):
                # Added as a raw pair: litestar's MutableScopeHeaders took 1.9 µs a response.
                message["headers"] = [*message.get("headers", ()), (_HEADER_NAME, raw_id)]
            await send(message)

        try:
            await app(scope, receive, send_with_id)
        finally:
            end_request_scope(token)

    return middleware
