"""Request ids: every response carries `X-Request-ID` (the caller's, or a new one), and so
do its problem body and the log lines written while it was handled."""

from __future__ import annotations

import contextvars
import logging
import re
import uuid

from litestar.datastructures import MutableScopeHeaders
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["HEADER", "RequestIdFilter", "current_request_id", "request_id_middleware"]

HEADER = "X-Request-ID"
# A caller's id is kept when it is short and plain (it ends up in logs and headers).
_ACCEPTED = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)


def current_request_id() -> str | None:
    """The id of the request being handled in this task, if any."""
    return _current.get()


def _request_id(scope: Scope) -> str:
    for name, value in scope.get("headers", ()):
        if name == b"x-request-id":
            text = value.decode("latin-1")
            if _ACCEPTED.fullmatch(text):
                return text
    return uuid.uuid4().hex


def request_id_middleware(app: ASGIApp) -> ASGIApp:
    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in (ScopeType.HTTP, ScopeType.WEBSOCKET):
            await app(scope, receive, send)
            return
        request_id = _request_id(scope)
        token = _current.set(request_id)

        async def send_with_id(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.accept"):
                MutableScopeHeaders.from_message(message)[HEADER] = request_id
            await send(message)

        try:
            await app(scope, receive, send_with_id)
        finally:
            _current.reset(token)

    return middleware


class RequestIdFilter(logging.Filter):
    """Adds `request_id` to every record (None outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current_request_id()
        return True
