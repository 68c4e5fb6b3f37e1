"""Event routes: the log as the caller may see it, by long poll or server-sent events."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

import msgspec
from litestar import Request, get
from litestar.params import FromQuery, HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from service.app.games import GameService
from service.http.problems import problem_responses
from service.http.routes_games import GameId, Games, caller_token
from service.http.schemas import EventPage

# A token is optional here: without one the caller is a spectator.
OPTIONAL_BEARER: list[dict[str, list[str]]] = [{}, {"bearer": []}]
STREAM_POLL_S = 15.0


@get(
    "/games/{game_id:str}/events",
    tags=["events"],
    summary="Events after a version, as the caller may see them (long poll with `wait`)",
    security=OPTIONAL_BEARER,
    responses=problem_responses(400, 401, 403, 404, 503),
)
async def list_events(
    game_id: GameId,
    request: Request[Any, Any, Any],
    games: Games,
    after: Annotated[int, QueryParameter(ge=0, le=2**31)] = 0,
    wait: Annotated[
        float, QueryParameter(ge=0, le=30, description="Seconds to wait for a first event.")
    ] = 0,
    limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 500,
    invite: FromQuery[str | None] = None,
) -> EventPage:
    viewer = await games.viewer_of(game_id, caller_token(request), invite_code=invite)
    version, envelopes = await games.events(game_id, viewer, after=after, wait_s=wait, limit=limit)
    return EventPage(version=version, events=envelopes)


@get(
    "/games/{game_id:str}/events/stream",
    tags=["events"],
    summary="The same events as server-sent events; resume with Last-Event-ID (a version)",
    description="Each message's `id` is the event's version and its `data` one envelope "
    "(JSON). The stream ends after the game's last event.",
    security=OPTIONAL_BEARER,
    media_type="text/event-stream",
    responses=problem_responses(400, 401, 403, 404, 503),
)
async def stream_events(
    game_id: GameId,
    request: Request[Any, Any, Any],
    games: Games,
    after: Annotated[int, QueryParameter(ge=0, le=2**31)] = 0,
    last_event_id: Annotated[
        int, HeaderParameter(name="Last-Event-ID", ge=0, le=2**31, required=False)
    ] = 0,
    invite: FromQuery[str | None] = None,
) -> ServerSentEvent:
    viewer = await games.viewer_of(game_id, caller_token(request), invite_code=invite)
    # A reconnecting EventSource sends the last id it saw; it wins over `after`.
    start = last_event_id or after
    return ServerSentEvent(_messages(games, game_id, viewer, start))


async def _messages(
    games: GameService, game_id: str, viewer: int | None, after: int
) -> AsyncIterator[ServerSentEventMessage]:
    cursor = after
    while True:
        version, envelopes = await games.events(
            game_id, viewer, after=cursor, wait_s=STREAM_POLL_S, limit=500
        )
        for envelope in envelopes:
            yield ServerSentEventMessage(
                data=msgspec.json.encode(envelope).decode(),
                id=str(envelope.version),
                event="game_event",
            )
        if envelopes:
            cursor = envelopes[-1].version
        elif await games.finished(game_id, through=cursor):
            return
        else:
            # A comment keeps proxies from closing an idle stream.
            yield ServerSentEventMessage(comment="keep-alive")
        # Over by now, yet maybe through events appended since the read (a
        # watcher on one node, the game's last commands through another).
        if cursor >= version and await games.finished(game_id, through=cursor):
            return


EVENT_ROUTES = [list_events, stream_events]
