"""Event routes: the log as the caller may see it, by long poll, server-sent events or WebSocket.

All three read `service.app.live`: the same pages, the same redaction, the
same end. See the README's "Live channels" for the framing of each.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Annotated, Any

import anyio
import msgspec
from litestar import Request, Response, WebSocket, get, post, websocket
from litestar.di import NamedDependency
from litestar.exceptions import WebSocketDisconnect
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import (
    FromQuery,
    HeaderParameter,
    PathParameter,
    QueryParameter,
    SkipValidation,
)
from litestar.response import Stream

from domain.errors import DomainError
from service.app.envelope import Envelope
from service.app.errors import Problem, ServiceError, problem_for, problem_of
from service.app.json_guard import JsonRefused, check_json
from service.app.live import TICKET_TTL_S, LiveChannels, Page, Tickets, follow, page
from service.app.open_channels import TooManyOpen
from service.app.watchers import Watcher
from service.http.encoded import encoded_json
from service.http.head_requests import answering_head
from service.http.openapi_security import OPTIONAL_BEARER
from service.http.problems import problem_responses
from service.http.query import check_query_parameters, written_as_an_integer
from service.http.rate_limits import scope_client
from service.http.request_id import current_request_id
from service.http.routes_games import BEARER, GameId, caller_token
from service.http.schemas import EventPage, Ticket

log = logging.getLogger(__name__)

# A live channel with no news writes a keep-alive this often (proxies close idle streams).
IDLE_S = 15.0
# A WebSocket without a ticket in its URL must say who it is this soon.
FIRST_MESSAGE_S = 10.0
# The close code of a WebSocket the server ends as it stops ("service restart"):
# the client reconnects, resuming after the last version it saw.
CLOSE_SERVICE_RESTART = 1012

TicketsDep = NamedDependency[SkipValidation[Tickets]]  # as routes_games' own
# The games, the tickets and `draining` (set as the server stops: waits answer at
# once, streams end; README, Live channels), as one dependency.
LiveDep = NamedDependency[SkipValidation[LiveChannels]]
# The highest version a client may resume after (a game never comes near it).
AFTER_MAX = 2**31
_AFTER_BOUNDS = msgspec.Meta(ge=0, le=AFTER_MAX)
After = Annotated[
    int, QueryParameter(ge=0, le=AFTER_MAX, description="Serve the events after this version.")
]
TicketQuery = Annotated[
    str | None,
    QueryParameter(
        max_length=128,
        description="A ticket from POST /games/{game_id}/tickets: the seat, once, "
        "for clients that cannot send a header (with one, 400 `ambiguous_credentials`). "
        "A HEAD looks at it without spending it.",
    ),
]

_END_EVENT = "end"


@post(
    "/games/{game_id:str}/tickets",
    status_code=201,
    tags=["events"],
    operation_id="createTicket",
    summary="A single-use ticket standing for the caller's token on a live channel",
    description=f"The ticket is valid for {TICKET_TTL_S} s and one connection: pass it "
    "as `?ticket=` to /events/stream or /live, where a browser cannot send the "
    "Authorization header. Ask for a new one to reconnect. A seat's token, or a "
    "player's token: the player's seat, or no seat when they may see the table from "
    "none (its host, a player a rematch keeps a seat for); the channel follows them.",
    security=BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 503),
)
async def create_ticket(
    game_id: GameId, request: Request[Any, Any, Any], tickets: TicketsDep
) -> Ticket:
    ticket = await tickets.issue(game_id, caller_token(request))
    return Ticket(ticket=ticket, expires_in_s=TICKET_TTL_S)


@get(
    "/games/{game_id:str}/events",
    tags=["events"],
    operation_id="listEvents",
    summary="Events after a version, as the caller may see them (long poll with `wait`)",
    description="Resume from `next_after`; `has_more` says a next page is waiting now, "
    "`ended` that the game is over and nothing is left to read. An `after` past the "
    "log of a game still played is a 409 `after_beyond_log` naming its last version.",
    security=OPTIONAL_BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 429, 503),
)
async def list_events(
    game_id: GameId,
    request: Request[Any, Any, Any],
    live: LiveDep,
    after: After = 0,
    wait: Annotated[
        float,
        QueryParameter(
            ge=0, le=30, description="Seconds to wait for a first event (a HEAD does not wait)."
        ),
    ] = 0,
    limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 500,
    ticket: TicketQuery = None,
    invite: FromQuery[str | None] = None,
) -> Response[EventPage]:
    games = live.games
    watcher = await live.tickets.viewer(
        game_id, ticket=ticket, token=caller_token(request), invite_code=invite
    )
    if answering_head():
        wait = 0  # a HEAD answers at once, with the headers the GET's page would have
    elif ticket is not None:
        # Spent before the wait (a ticket may expire during it), once `after` is known good.
        await _opened(live, game_id, watcher, after=after, ticket=ticket)
    with live.metrics.watching("long_poll") if wait > 0 else contextlib.nullcontext():
        served = await page(
            games, game_id, watcher, after=after, wait_s=wait, limit=limit, draining=live.draining
        )
    event_page = EventPage(
        version=served.version,
        events=served.events,
        next_after=served.next_after,
        has_more=served.has_more,
        ended=served.ended,
    )
    # Encoded here, as Litestar would (the same bytes), to be sent as they are.
    return encoded_json(_page_encoder.encode(event_page))


_page_encoder = msgspec.json.Encoder()


@get(
    "/games/{game_id:str}/events/stream",
    tags=["events"],
    operation_id="streamEvents",
    summary="The same events as server-sent events; resume with Last-Event-ID (a version)",
    description="Each event is an unnamed message (EventSource's `onmessage`): `id` is "
    "its version, `data` one envelope (JSON). An idle stream sends a comment line "
    "(`: keep-alive`) every 15 s, which clients skip. After the game's last event comes "
    'a message named `end` (`data: {"version": N}`), and the stream closes; a '
    "reconnect after the end is answered 204, which stops EventSource. A browser "
    "authenticates with `?ticket=` (POST /games/{game_id}/tickets); without a token "
    "or ticket, or with the token of a player who holds no seat here, the caller is a "
    "spectator.",
    security=OPTIONAL_BEARER,
    media_type="text/event-stream",
    responses={
        204: ResponseSpec(
            data_container=None, description="The game is over and the caller has read it all."
        ),
        **problem_responses(400, 401, 403, 404, 409, 429, 503),
    },
)
async def stream_events(
    game_id: GameId,
    request: Request[Any, Any, Any],
    live: LiveDep,
    after: After = 0,
    last_event_id: Annotated[
        int,
        HeaderParameter(
            name="Last-Event-ID",
            ge=0,
            le=2**31,
            required=False,
            description="The last version seen; an empty one is none (the SSE spec).",
        ),
    ] = 0,
    ticket: TicketQuery = None,
    invite: FromQuery[str | None] = None,
) -> Stream:
    watcher = await live.tickets.viewer(
        game_id, ticket=ticket, token=caller_token(request), invite_code=invite
    )
    # A reconnecting EventSource sends the last id it saw; it wins over `after`.
    start = last_event_id or after
    spent = None if answering_head() else ticket  # a HEAD is safe: it spends nothing
    first = await _opened(live, game_id, watcher, after=start, ticket=spent)
    if first.ended and not first.events:
        # Read to its end already: 204 stops EventSource. A page holding the last
        # event is served (then `end`), or that event would be lost.
        return Response(None, status_code=204)  # type: ignore[return-value]
    return Stream(
        _sse_frames(live, game_id, watcher, start),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


async def _opened(
    live: LiveChannels, game_id: str, watcher: Watcher | None, *, after: int, ticket: str | None
) -> Page:
    """A channel's first page, read at once (refused: `after` past the log of a game in
    play, a seat given back at a private table), then the ticket it opened with spent.
    A refused connection opened nothing: its ticket stays good for the next one."""
    first = await page(live.games, game_id, watcher, after=after, wait_s=0, limit=1)
    if ticket is not None:
        await live.tickets.spend(ticket)
    return first


def sse_event(envelope_json: bytes, version: int) -> bytes:
    return b"id: %d\ndata: %s\n\n" % (version, envelope_json)


# A comment line only: a `data:` line, even empty, is a message to EventSource.
SSE_KEEP_ALIVE = b": keep-alive\n\n"


class StreamEnd(msgspec.Struct, frozen=True, kw_only=True):
    """The data of the event stream's last message (`event: end`): the game's last version."""

    version: int


def sse_end(version: int) -> bytes:
    # No `id`: the last event's stays EventSource's Last-Event-ID, so a reconnect gets the 204.
    return b"event: %s\ndata: %s\n\n" % (
        _END_EVENT.encode(),
        msgspec.json.encode(StreamEnd(version=version)),
    )


_encoder = msgspec.json.Encoder()


async def _sse_frames(
    live: LiveChannels, game_id: str, watcher: Watcher | None, after: int
) -> AsyncIterator[bytes]:
    # Ends with the game, or as the server stops (EventSource then reconnects,
    # sending the last id it saw).
    draining = live.draining
    with live.metrics.watching("sse"):
        pages = follow(live.games, game_id, watcher, after=after, idle_s=IDLE_S, draining=draining)
        with contextlib.suppress(ServiceError):
            # Refused midway (its seat given back at a private table it has no code
            # of): the stream ends, and EventSource's reconnection gets the refusal.
            async for current in pages:
                if not current.events and not current.ended and not draining.begun:
                    yield SSE_KEEP_ALIVE
                frames = [
                    sse_event(_encoder.encode(envelope), envelope.version)
                    for envelope in current.events
                ]
                if current.ended:
                    frames.append(sse_end(current.version))
                if frames:
                    yield b"".join(frames)


# ------------------------------------------------------------------ WebSocket


class LiveHello(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A WebSocket's first message when its URL has no ticket."""

    token: str | None = None
    ticket: str | None = None
    after: Annotated[int, _AFTER_BOUNDS] | None = None
    # A private table's invite code, for a spectator.
    invite: str | None = None


class _LiveMessage(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """What the server sends on /live, named by `type`."""


class LiveEvent(_LiveMessage, frozen=True, kw_only=True, tag="event"):
    envelope: Envelope


class LiveEnd(_LiveMessage, frozen=True, kw_only=True, tag="end"):
    version: int


class LiveError(_LiveMessage, frozen=True, kw_only=True, tag="error"):
    problem: Problem


def _ws_messages(current: Page) -> list[_LiveMessage]:
    messages: list[_LiveMessage] = [LiveEvent(envelope=envelope) for envelope in current.events]
    if current.ended:
        # The game's last version, whatever `after` the client asked past it.
        messages.append(LiveEnd(version=current.version))
    return messages


async def _send(socket: WebSocket[Any, Any, Any], message: _LiveMessage) -> None:
    # Text frames: a browser hands binary ones over as Blobs.
    await socket.send_text(_encoder.encode(message).decode())


async def _refuse(socket: WebSocket[Any, Any, Any], problem: Problem) -> None:
    if problem.request_id is None:
        # As an HTTP problem does: the id the upgrade's answer carried.
        problem = msgspec.structs.replace(problem, request_id=current_request_id())
    await _send(socket, LiveError(problem=problem))
    # 4000 + the HTTP status: what a browser's onclose can switch on.
    await socket.close(code=4000 + problem.status, reason=problem.code)


def _after_in_url(text: str | None) -> int:
    if text is None:
        return 0
    if not written_as_an_integer(text):
        # JSON takes ` 1` and `-0`, which the other channels' `after` refuses.
        raise ServiceError(
            "invalid_parameter",
            f"query parameter 'after' must be an integer, not {text!r}",
            parameters=["after"],
        )
    try:
        return msgspec.json.decode(text, type=Annotated[int, _AFTER_BOUNDS])
    except msgspec.DecodeError as exc:
        raise ServiceError("invalid_parameter", f"after: {exc}", parameters=["after"]) from exc


async def _hello(socket: WebSocket[Any, Any, Any]) -> LiveHello:
    with anyio.fail_after(FIRST_MESSAGE_S):
        data = await socket.receive_data(mode="text")
    if not data:
        # A binary frame reads as "" here: say what was wrong, not that "" is no JSON.
        raise ServiceError("invalid_body", "the first message: a JSON object in a text frame")
    try:
        # A JSON body like any other: a key given twice or too deep is refused (an
        # integer is bounded by the message's own schema: `after` beyond it is a 4400).
        check_json(data.encode() if isinstance(data, str) else data)
    except JsonRefused as refused:
        if refused.code == "malformed_json":
            # No JSON at all (a lone surrogate escape): as the decoder's faults below.
            raise ServiceError("invalid_body", f"the first message: {refused.message}") from None
        if refused.code != "integer_out_of_range":
            raise refused.problem() from None
    try:
        return msgspec.json.decode(data, type=LiveHello)
    except msgspec.DecodeError as exc:
        raise ServiceError("invalid_body", f"the first message: {exc}") from exc


@websocket("/games/{game_id:str}/live")
async def live(
    socket: WebSocket[Any, Any, Any],
    # Every parameter is read as plain text and checked after the handshake, so a bad
    # value is refused with the documented close (4400, 4401, 4404) rather than an
    # HTTP 403 before the socket opens (a game id or ticket past its length too).
    game_id: Annotated[str, PathParameter()],
    live: LiveDep,
    after: FromQuery[str | None] = None,
    ticket: FromQuery[str | None] = None,
    invite: FromQuery[str | None] = None,
) -> None:
    """Each event as the caller may see it, from `after` on, then `end`; see the README."""
    await socket.accept()
    try:
        with live.open_channels.held(scope_client(socket.scope)):
            await _session(socket, game_id, live, after=after, ticket=ticket, invite=invite)
    except TooManyOpen as refused:
        await _refuse(socket, problem_of(refused))


async def _session(
    socket: WebSocket[Any, Any, Any],
    game_id: str,
    live: LiveChannels,
    *,
    after: str | None,
    ticket: str | None,
    invite: str | None,
) -> None:
    try:
        # `before_request` hooks do not run for WebSockets: a parameter given twice
        # reached the handler as a list and broke it after the handshake, silently.
        await check_query_parameters(socket)
        start = _after_in_url(after)
        if ticket is None:
            hello = await _hello(socket)
            ticket, token = hello.ticket, hello.token
            start = hello.after if hello.after is not None else start
            invite = hello.invite if hello.invite is not None else invite
        else:
            token = None
        watcher = await live.tickets.viewer(game_id, ticket=ticket, token=token, invite_code=invite)
        # Refused now, as the stream's first page is: `after` past the log of a game in play.
        await _opened(live, game_id, watcher, after=start, ticket=ticket)
    except (DomainError, ServiceError) as error:
        await _refuse(socket, problem_of(error))
        return
    except TimeoutError:
        await _refuse(
            socket, problem_for("missing_token", 'send a first message: {"token"|"ticket": …}')
        )
        return
    except WebSocketDisconnect:
        return
    except Exception as exc:  # noqa: BLE001 - whatever broke, the operator reads it and the client is told
        await _failed(socket, game_id, exc)
        return
    try:
        ended = await _feed(socket, live, game_id, watcher, start)
    except ServiceError as error:
        await _refuse(socket, problem_of(error))
        return
    except Exception as exc:  # noqa: BLE001 - as above
        await _failed(socket, game_id, exc)
        return
    with contextlib.suppress(Exception):
        await socket.close(code=1000 if ended else CLOSE_SERVICE_RESTART)


async def _failed(socket: WebSocket[Any, Any, Any], game_id: str, exc: Exception) -> None:
    """An unexpected error: logged, and the client told (an `error`, then close 4500)."""
    if _client_left(exc):
        return
    log.exception("live channel of game %s failed", game_id, exc_info=exc)
    with contextlib.suppress(Exception):
        await _refuse(
            socket, problem_for("internal_error", "an unexpected error; it has been logged")
        )


def _client_left(exc: Exception) -> bool:
    if isinstance(exc, ExceptionGroup):
        return all(_client_left(inner) for inner in exc.exceptions)
    return isinstance(exc, WebSocketDisconnect)


async def _feed(
    socket: WebSocket[Any, Any, Any],
    live: LiveChannels,
    game_id: str,
    watcher: Watcher | None,
    start: int,
) -> bool:
    """Send each page as it comes; whether the game's end was sent."""
    ended = False
    refused: ServiceError | None = None
    games, draining = live.games, live.draining
    with live.metrics.watching("websocket"):
        async with anyio.create_task_group() as group:
            # A client that leaves is noticed while the feed waits, not at the next send.
            group.start_soon(_until_disconnect, socket, group.cancel_scope)
            pages = follow(games, game_id, watcher, after=start, idle_s=IDLE_S, draining=draining)
            try:
                async for current in pages:
                    for message in _ws_messages(current):
                        await _send(socket, message)
                    ended = current.ended
            except ServiceError as error:
                # Refused midway: its seat given back at a private table it has no code of.
                refused = error
            group.cancel_scope.cancel()
    if refused is not None:
        raise refused
    return ended


async def _until_disconnect(socket: WebSocket[Any, Any, Any], scope: anyio.CancelScope) -> None:
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await socket.receive_data(mode="text")
    scope.cancel()


EVENT_ROUTES = [create_ticket, list_events, stream_events, live]
