"""Deadlines for a request to arrive: a client that sends its headers or its body
too slowly has its connection closed.

uvicorn bounds only an idle keep-alive connection: a connection that never
sends a byte, or sends a header a byte at a time, or a body slower still, is
held until the client gives up (600 of them held for 80 s, three for over 200 s
in issue 28's probe), each holding a file descriptor. Here a request's headers
must arrive within `header_s` of its first byte (of the connection, for its
first request) and its body within `body_s` of its headers. Once the request is
whole its handling is not bounded: long polls, event streams and WebSockets
stay open as long as they need.

A request uvicorn cannot parse (a malformed request line or header, a method it
does not know, two Content-Lengths) is answered here too, as every other refusal
is: a problem (`http_error`) with its request id, not uvicorn's plain text.
"""

from __future__ import annotations

import asyncio
import enum

import msgspec
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from service.app.errors import PROBLEM_MEDIA_TYPE, server_refusal
from service.runtime.request_ids import new_request_id

__all__ = ["deadline_protocol"]


class _Phase(enum.Enum):
    HEADERS = "headers"
    BODY = "body"
    # Handled (or answered, waiting for a next request under the keep-alive timeout).
    WHOLE = "whole"


class _DeadlineProtocol(HttpToolsProtocol):
    header_s: float = 10.0
    body_s: float = 30.0
    _deadline: asyncio.TimerHandle | None = None
    _phase: _Phase = _Phase.HEADERS
    # When the phase's time is up. Its timer is set only once a read leaves the
    # request unfinished: most requests arrive whole in one read, and two timers
    # set and cancelled for each took ~1 us of the 12-13 us uvicorn's protocol
    # spends on a request (fed in process: 12.1-13.2 -> 11.3-11.7 us).
    _due: float = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        # An empty connection is a request whose headers have not arrived.
        self._arm(_Phase.HEADERS, self.header_s)

    def data_received(self, data: bytes) -> None:
        if self._phase is _Phase.WHOLE and self._answered():
            # The first byte of the next request on a kept-alive connection.
            self._begin(_Phase.HEADERS, self.header_s)
        super().data_received(data)
        if self._phase is not _Phase.WHOLE and self._deadline is None:
            self._deadline = self.loop.call_at(self._due, self._too_slow)

    def on_headers_complete(self) -> None:
        self._begin(_Phase.BODY, self.body_s)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        # The WebSocket protocol takes the connection over; it has its own pings.
        self._disarm()
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        request_id = new_request_id()
        body = msgspec.json.encode(server_refusal(400, "Bad Request", msg, request_id))
        content = [STATUS_LINE[400]]
        for name, value in self.server_state.default_headers:
            content.extend([name, b": ", value, b"\r\n"])
        content.extend(
            [
                b"content-type: " + PROBLEM_MEDIA_TYPE.encode("ascii") + b"\r\n",
                b"content-length: " + str(len(body)).encode("ascii") + b"\r\n",
                b"x-request-id: " + request_id.encode("ascii") + b"\r\n",
                b"connection: close\r\n",
                b"\r\n",
                body,
            ]
        )
        self.transport.write(b"".join(content))
        self.transport.close()

    def _answered(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _begin(self, phase: _Phase, seconds: float) -> None:
        """The phase starts now; its timer waits for the end of the read (`data_received`)."""
        self._disarm()
        self._phase = phase
        self._due = self.loop.time() + seconds

    def _arm(self, phase: _Phase, seconds: float) -> None:
        self._begin(phase, seconds)
        self._deadline = self.loop.call_at(self._due, self._too_slow)

    def _disarm(self) -> None:
        self._phase = _Phase.WHOLE
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        self.logger.info("closed a connection whose request %s were too slow", self._phase.value)
        self.transport.close()


def deadline_protocol(*, header_s: float, body_s: float) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol with these deadlines (its `http` setting)."""
    return type("DeadlineProtocol", (_DeadlineProtocol,), {"header_s": header_s, "body_s": body_s})
