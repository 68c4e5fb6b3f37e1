"""A path is served under its one spelling: a trailing or doubled slash is a 404.

Litestar's router collapses slashes and drops a trailing one before it looks a path
up, so `/games/{id}/`, `//health` and `/games//{id}/log` served the resource under
names the contract does not have: one resource under many URLs (caches, logs and
metrics split it), and a client's mangled URL acted somewhere instead of being
refused. Refused here, before the router, as any path no route serves is: 404
`not_found` (a WebSocket handshake: closed before its accept, which
`websocket_refusals` answers as that 404), its detail naming the path meant.
"""

from __future__ import annotations

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Receive, Scope, Send
from litestar.utils import normalize_path

from service.app.errors import problem_for
from service.http.asgi_problems import send_problem

__all__ = ["only_canonical_paths", "spelled_canonically"]


def spelled_canonically(path: str) -> bool:
    """Whether `path` is as the router reads it: no empty segment, no trailing slash."""
    return path == "/" or ("//" not in path and not path.endswith("/"))


def only_canonical_paths(app: ASGIApp) -> ASGIApp:
    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == ScopeType.HTTP and not spelled_canonically(scope["path"]):
            await _not_found(scope, send)
        elif scope["type"] == ScopeType.WEBSOCKET and not spelled_canonically(scope["path"]):
            await send({"type": "websocket.close", "code": 1000, "reason": ""})
        else:
            await app(scope, receive, send)

    return middleware


async def _not_found(scope: Scope, send: Send) -> None:
    path = scope["path"]
    problem = problem_for(
        "not_found",
        f"no resource at {path}: paths have no trailing or doubled slash"
        f" (the path meant may be {normalize_path(path)})",
    )
    await send_problem(send, problem)
