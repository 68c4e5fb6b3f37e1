"""The id of the request a task is handling, for the log lines it writes (set by the
HTTP layer's middleware, read by the process's log handler)."""

from __future__ import annotations

import contextvars
import logging

__all__ = ["RequestIdFilter", "current_request_id", "end_request_scope", "request_scope"]

_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)


def current_request_id() -> str | None:
    """The id of the request being handled in this task, if any."""
    return _current.get()


def request_scope(request_id: str) -> contextvars.Token[str | None]:
    """Make `request_id` the current one; reset with the token returned."""
    return _current.set(request_id)


def end_request_scope(token: contextvars.Token[str | None]) -> None:
    _current.reset(token)


class RequestIdFilter(logging.Filter):
    """Adds `request_id` to every record (None outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current_request_id()
        return True
