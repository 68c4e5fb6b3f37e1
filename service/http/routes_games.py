"""Game routes: create, lobby, claim a seat, summary, seat view, commands."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from litestar import Request, Response, get, post, route
from litestar.di import NamedDependency
from litestar.enums import HttpMethod, MediaType
from litestar.params import FromQuery, JSONBody, PathParameter, QueryParameter

from service.app.games import GameService, lobby_status
from service.app.tokens import bearer_token
from service.http.problems import problem_responses
from service.http.schemas import (
    COMMAND_TAGS,
    ClaimedSeat,
    CommandBody,
    CommandResult,
    CreatedGameOut,
    CreateGame,
    GameSummary,
    Lobby,
    SeatOut,
    View,
    to_domain,
    view_out,
)

Games = NamedDependency[GameService]
BEARER: list[dict[str, list[str]]] = [{"bearer": []}]
GameId = Annotated[str, PathParameter(description="The game's id (32 hex digits).", max_length=64)]
SeatNumber = Annotated[int, PathParameter(ge=0, le=5)]


def caller_token(request: Request[Any, Any, Any]) -> str | None:
    """The caller's Bearer token, if the request carries one (a malformed header is a 401)."""
    return bearer_token(request.headers.get("authorization"))


@route("/games", http_method=[HttpMethod.OPTIONS], include_in_schema=False, status_code=204)
async def games_options() -> Response[None]:
    # Litestar's own OPTIONS answer for a path of two handlers lists only the
    # first handler's method; this one lists both.
    return Response(None, status_code=204, headers={"Allow": "GET, OPTIONS, POST"})


@post(
    "/games",
    status_code=201,
    tags=["games"],
    summary="Create a game (deals the first hand)",
    responses=problem_responses(400, 413, 422, 429, 503, 507),
)
async def create_game(data: JSONBody[CreateGame], games: Games) -> CreatedGameOut:
    created = await games.create(
        seats=data.seats,
        preset=data.preset,
        rules=data.rules,
        seed=data.seed,
        deck=data.deck,
        turn_time_limit_s=data.turn_time_limit_s,
        private_log=data.private_log,
    )
    return CreatedGameOut.of(created)


@get(
    "/games",
    tags=["games"],
    summary="The lobby: games by status, with their open seats",
    responses=problem_responses(400, 503),
)
async def list_games(
    games: Games,
    status: FromQuery[Literal["open", "active", "finished"]] = "open",
    limit: Annotated[int, QueryParameter(ge=1, le=100)] = 50,
    offset: Annotated[int, QueryParameter(ge=0, le=1_000_000)] = 0,
) -> Lobby:
    entries = await games.lobby(status, limit, offset)
    return Lobby(games=tuple(entries), limit=limit, offset=offset)


@post(
    "/games/{game_id:str}/seats/{seat:int}",
    status_code=201,
    tags=["seats"],
    summary="Claim an open seat: its token, shown once",
    responses=problem_responses(400, 404, 409, 503),
)
async def claim_seat(game_id: GameId, seat: SeatNumber, games: Games) -> ClaimedSeat:
    token = await games.claim(game_id, seat)
    return ClaimedSeat(game_id=game_id, seat=seat, token=token)


@get(
    "/games/{game_id:str}",
    tags=["games"],
    summary="Public summary and the spectator's view",
    responses=problem_responses(400, 404, 503),
)
async def game_summary(game_id: GameId, games: Games) -> GameSummary:
    game, view = await games.view(game_id, None)
    seats = tuple(
        SeatOut(
            seat=seat,
            kind=spec.kind,
            level=spec.level,
            open=spec.open,
            claimed=seat in game.claimed,
        )
        for seat, spec in enumerate(game.info.seats)
    )
    return GameSummary(
        game_id=game_id,
        status=lobby_status(game),
        preset=game.info.preset,
        ruleset=game.record.state.ruleset,
        seats=seats,
        version=game.record.version,
        created_at=game.info.created_at,
        turn_time_limit_s=game.info.turn_time_limit_s,
        view=view_out(view),
    )


@get(
    "/games/{game_id:str}/view",
    tags=["seats"],
    summary="The caller's seat view, with its legal commands",
    security=BEARER,
    responses=problem_responses(400, 401, 403, 404, 503),
)
async def seat_view(
    game_id: GameId, request: Request[Any, Any, Any], games: Games
) -> Response[View]:
    seat = await games.seat_of(game_id, caller_token(request))
    # Served as cached: the bytes are a View already.
    return _encoded(await games.encoded_view(game_id, seat))


@post(
    "/games/{game_id:str}/commands",
    status_code=200,
    tags=["seats"],
    summary="Issue one command as the caller's seat",
    description="The body is one of the player commands, named by `type` ("
    + ", ".join(COMMAND_TAGS)
    + "). `expected_version` refuses the command (409 `version_conflict`) unless the "
    "game is at that version; a retry with the same `command_id` gets the original answer.",
    security=BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 413, 422, 429, 503, 507),
)
async def post_command(
    game_id: GameId,
    data: JSONBody[CommandBody],
    request: Request[Any, Any, Any],
    games: Games,
) -> Response[CommandResult]:
    seat = await games.seat_of(game_id, caller_token(request))
    # The answer is the bytes recorded with the command: a CommandResult already.
    handled = await games.commands.handle(
        game_id,
        seat,
        to_domain(data),
        expected_version=data.expected_version,
        command_id=data.command_id,
    )
    return _encoded(handled.body)


def _encoded(body: bytes) -> Response[Any]:
    """A response whose body is the declared schema's JSON already (sent as it is)."""
    return Response(body, media_type=MediaType.JSON)


GAME_ROUTES = [
    games_options,
    create_game,
    list_games,
    claim_seat,
    game_summary,
    seat_view,
    post_command,
]
