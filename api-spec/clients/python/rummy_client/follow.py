"""Follow a game live: every event the caller may see, once each, in order, to its end.

The WebSocket `/games/{id}/live` carries the events; this keeps it open across
whatever drops it (a network cut, a server restart's 1012, a ticket that expired
before it was used) by asking for a fresh ticket and resuming after the last
version it delivered, so no event is missed or delivered twice.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect as open_socket

from rummy_client.generated import AuthenticatedClient, Client
from rummy_client.generated.api.events import create_ticket
from rummy_client.problems import ProblemError

__all__ = ["follow"]

# A ticket is single-use and lives 60 s: one that expired before the socket
# opened is asked for again rather than given up on.
_RETRYABLE_CODES = frozenset({"invalid_ticket", "store_unavailable"})


def follow(
    client: Client | AuthenticatedClient,
    game_id: str,
    *,
    after: int = 0,
    max_failures: int = 10,
    backoff_s: float = 0.2,
) -> Iterator[dict[str, Any]]:
    """Yield each event envelope after version `after` as the client may see it
    (its seat's, with a token; a spectator's without), and return after the
    game's last event.

    Envelopes are the JSON objects the server sends (`version`, `at`, `seat`,
    `event` with its `type`, `actor`): an event type this client does not know is
    passed through like any other. `max_failures` drops in a row without an event
    between them raise the last error; the wait between tries grows from `backoff_s`.
    """
    last = after
    failures = 0
    while True:
        try:
            for envelope in _one_connection(client, game_id, last):
                if envelope is None:  # the end
                    return
                if envelope["version"] <= last:
                    continue  # a resumed connection never repeats, but never trust it
                last = envelope["version"]
                failures = 0
                yield envelope
        except (ConnectionClosed, InvalidHandshake, OSError, httpx.TransportError, _Retry) as error:
            failures += 1
            if failures >= max_failures:
                raise ProblemError(0, "connection_lost", str(error)) from error
            time.sleep(min(backoff_s * 2 ** (failures - 1), 5.0))


class _Retry(Exception):
    """A refusal that another try may not get (an expired ticket)."""


def _one_connection(
    client: Client | AuthenticatedClient, game_id: str, after: int
) -> Iterator[dict[str, Any] | None]:
    hello: dict[str, Any] = {"after": after}
    if isinstance(client, AuthenticatedClient):
        ticket = create_ticket.sync(game_id, client=client)
        hello["ticket"] = ticket.ticket  # type: ignore[union-attr]
    base = client._base_url.rstrip("/")  # noqa: SLF001 (the generated client keeps it there)
    url = "ws" + base.removeprefix("http") + f"/games/{game_id}/live"
    with open_socket(url, open_timeout=10, close_timeout=2) as socket:
        socket.send(json.dumps(hello))
        for raw in socket:
            message = json.loads(raw)
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "event":
                yield message["envelope"]
            elif kind == "end":
                yield None
                return
            elif kind == "error":
                problem = message.get("problem") or {}
                if problem.get("code") in _RETRYABLE_CODES:
                    raise _Retry(problem.get("code"))
                raise ProblemError.from_problem(problem)
            # A message type this client does not know: a newer server's; passed over.
    # Closed without an end (1012 as the server restarts, or a proxy's close): resume.
    raise _Retry("closed before the game's end")
