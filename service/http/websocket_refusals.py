"""A WebSocket handshake the app refuses before accepting it is answered as an HTTP
request would be: a problem with its request id.

The one WebSocket route (/games/{id}/live) accepts first and refuses over the socket
(an `error` message, then a 4000 + status close). A handshake sent anywhere else is
refused by Litestar's router before any accept, with a close that uvicorn turns into
a bare 403 and an empty body: the client learnt nothing of what was wrong. Where the
server offers the ASGI "WebSocket Denial Response" extension (uvicorn does), that
close becomes the HTTP answer a GET there would get for a path with no such route:
404 `not_found` (500 `internal_error` when the refusal was an unexpected error).
"""

from __future__ import annotations

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.app.errors import problem_for
from service.http.asgi_problems import send_problem

__all__ = ["websocket_refusals"]

_DENIAL = "websocket.http.response"
# The close reason Litestar gives an exception of its own making: anything else broke.
_UNEXPECTED = "Internal Server Error"


def websocket_refusals(app: ASGIApp) -> ASGIApp:
    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.WEBSOCKET or _DENIAL not in (scope.get("extensions") or {}):
            await app(scope, receive, send)
            return
        accepted = False

        async def send_or_deny(message: Message) -> None:
            nonlocal accepted
            if message["type"] == "websocket.accept":
                accepted = True
            elif message["type"] == "websocket.close" and not accepted:
                accepted = True  # answered: whatever the app sends next goes as it is
                await _deny(send, scope, str(message.get("reason") or ""))
                return
            await send(message)

        await app(scope, receive, send_or_deny)

    return middleware


async def _deny(send: Send, scope: Scope, reason: str) -> None:
    if reason == _UNEXPECTED:
        problem = problem_for("internal_error", "an unexpected error; it has been logged")
    else:
        path = scope.get("path", "")
        problem = problem_for(
            "not_found", f"no WebSocket at {path}: the live channel is /games/{{game_id}}/live"
        )
    await send_problem(send, problem, "websocket.http")
