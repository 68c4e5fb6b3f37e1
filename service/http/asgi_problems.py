"""A problem answered by an ASGI layer of its own, before or instead of the app: the
same body, media type and request id as the app's own problems."""

from __future__ import annotations

from typing import cast

import msgspec
from litestar.types import Message, Send

from service.app.errors import PROBLEM_MEDIA_TYPE, Problem
from service.runtime.request_ids import current_request_id

__all__ = ["send_problem"]


async def send_problem(send: Send, problem: Problem, message_prefix: str = "http") -> None:
    """Send `problem` whole; `message_prefix` is `websocket.http` for a WebSocket
    handshake's denial response."""
    problem = msgspec.structs.replace(problem, request_id=current_request_id())
    body = msgspec.json.encode(problem)
    start = {
        "type": f"{message_prefix}.response.start",
        "status": problem.status,
        "headers": [
            (b"content-type", PROBLEM_MEDIA_TYPE.encode()),
            (b"content-length", str(len(body)).encode()),
        ],
    }
    # The two prefixes' messages have the same fields; the TypedDicts cannot say so.
    await send(cast("Message", start))
    end = {"type": f"{message_prefix}.response.body", "body": body, "more_body": False}
    await send(cast("Message", end))
