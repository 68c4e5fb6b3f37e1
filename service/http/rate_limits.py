"""Rate limits per client address on creation (games, imports, forks, players) and on
commands: 429 `rate_limited`.

The `limits` library counts (a sliding window: no burst of twice the limit
at a window's edge, and two counters a client rather than a list of hits).
Its memory storage keeps the counts in the API process: no Redis round trip
a request, and a full Redis does not stop refusals. With several API
processes each counts apart (the limit is then per process).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable

from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Receive, Scope, Send

from service.app.errors import ServiceError

__all__ = ["RateLimited", "rate_limit_middleware", "request_kind"]

# Each of these writes a record that lives on (a player, a game): a flood of them
# would fill the store for everyone.
_CREATE = re.compile(r"/games(/import|/[^/]+/fork)?/?|/players/?")
_COMMANDS = re.compile(r"/games/[^/]+/commands/?")


class RateLimited(ServiceError):
    """Too many requests of one kind from one client; `Retry-After` says when to try again."""

    def __init__(self, kind: str, limit: RateLimitItem, retry_after_s: int) -> None:
        super().__init__(
            "rate_limited",
            f"more than {limit} {kind} requests from this client; retry in {retry_after_s} s",
            kind=kind,
            limit=str(limit),
            retry_after_s=retry_after_s,
        )
        self.headers = {"Retry-After": str(retry_after_s)}


def request_kind(method: str, path: str) -> str | None:
    """'create' or 'commands' for the requests that are limited, else None."""
    if method != "POST":
        return None
    if _COMMANDS.fullmatch(path):
        return "commands"
    if _CREATE.fullmatch(path):
        return "create"
    return None


def parse_limit(text: str | None) -> RateLimitItem | None:
    """A limit in the `limits` notation ('60/minute', '20 per second'); 'off' or '' for none."""
    if text is None or text.strip().lower() in ("", "off", "none", "0"):
        return None
    return parse(text)


def rate_limit_middleware(
    limits_by_kind: dict[str, RateLimitItem | None],
) -> Callable[[ASGIApp], ASGIApp]:
    """An ASGI middleware factory that refuses a client's requests past its kind's limit."""
    active = {kind: limit for kind, limit in limits_by_kind.items() if limit is not None}
    limiter = SlidingWindowCounterRateLimiter(MemoryStorage())

    def wrap(app: ASGIApp) -> ASGIApp:
        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == ScopeType.HTTP and active:
                kind = request_kind(scope["method"], scope["path"])
                limit = active.get(kind) if kind is not None else None
                if limit is not None and kind is not None:
                    client = scope.get("client")
                    address = client[0] if client else "unknown"
                    if not await limiter.hit(limit, kind, address):
                        stats = await limiter.get_window_stats(limit, kind, address)
                        wait_s = max(1, math.ceil(stats.reset_time - time.time()))
                        raise RateLimited(kind, limit, wait_s)
            await app(scope, receive, send)

        return middleware

    return wrap
