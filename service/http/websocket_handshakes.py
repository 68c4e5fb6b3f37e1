"""A WebSocket handshake uvicorn cannot accept (no Sec-WebSocket-Key, a key that is no
key, a protocol version other than 13, a method other than GET) is answered as every
other refusal is: a problem with its request id, not the plain text of the
websockets library ("Failed to open a WebSocket connection: ..."). What was wrong
stays said: that text is the problem's detail; the answer's other headers (an
`Allow`, a `Sec-WebSocket-Version`) are kept.
"""

from __future__ import annotations

from typing import Any

import msgspec
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from service.app.errors import PROBLEM_MEDIA_TYPE, server_refusal
from service.runtime.request_ids import new_request_id

__all__ = ["ProblemHandshakes"]

# The answer's own headers replaced by the problem's.
_REPLACED = frozenset({"content-type", "content-length"})


class ProblemHandshakes(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets, sans-I/O) whose refused handshakes
    are problems (its `ws` setting)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        accept = self.conn.accept

        def accepted_or_problem(request: Request) -> Response:
            response = accept(request)
            return response if response.status_code == 101 else _as_problem(response)

        # The one place uvicorn builds a refusal of a handshake it parsed.
        self.conn.accept = accepted_or_problem  # type: ignore[method-assign]


def _as_problem(refusal: Response) -> Response:
    request_id = new_request_id()
    detail = refusal.body.decode("utf-8", "replace").strip() or refusal.reason_phrase
    problem = server_refusal(refusal.status_code, refusal.reason_phrase, detail, request_id)
    body = msgspec.json.encode(problem)
    headers = Headers()
    for name, value in refusal.headers.raw_items():
        if name.lower() not in _REPLACED:
            headers[name] = value
    headers["Content-Type"] = PROBLEM_MEDIA_TYPE
    headers["Content-Length"] = str(len(body))
    headers["X-Request-ID"] = request_id
    return Response(refusal.status_code, refusal.reason_phrase, headers, body)
