"""The HTTP live channels (long polls, event streams) held to the limit of channels a
client may hold open (service/app/open_channels.py): each counted for as long as its
request runs, to its last byte or to the client's leaving, whatever ends it."""

from __future__ import annotations

import re
from collections.abc import Callable

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Receive, Scope, Send

from service.app.open_channels import OpenChannels
from service.http.rate_limits import scope_client

__all__ = ["open_channel_limit"]

# Spelt as routed: a trailing or doubled slash never gets this far (`path_spelling`).
_FOLLOWED = re.compile(r"/games/[^/]+/events(/stream)?")


def open_channel_limit(channels: OpenChannels) -> Callable[[ASGIApp], ASGIApp]:
    """An ASGI middleware factory: a client's next long poll or event stream past its
    limit is a 429 `rate_limited`. (The WebSocket route counts its own.)"""

    def wrap(app: ASGIApp) -> ASGIApp:
        if channels.per_client is None:
            return app  # no limit: no layer for each request to pass through

        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            if (
                scope["type"] == ScopeType.HTTP
                and scope["method"] in ("GET", "HEAD")
                and _FOLLOWED.fullmatch(scope["path"])
            ):
                with channels.held(scope_client(scope)):
                    await app(scope, receive, send)
                return
            await app(scope, receive, send)

        return middleware

    return wrap
