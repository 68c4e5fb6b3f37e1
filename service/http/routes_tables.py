"""Table routes: start a waiting table, leave it or remove a player, resign, rematch."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, Response, delete, post, route
from litestar.enums import HttpMethod
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import JSONBody

from service.app.tables import caller_of, leave, rematch, resign, start
from service.http.created import game_location
from service.http.encoded import encoded_json
from service.http.problems import problem_responses
from service.http.routes_games import (
    BEARER,
    GameId,
    Games,
    SeatNumber,
    caller_token,
    summary_of,
    with_your_seat,
)
from service.http.schemas import GameSummary
from service.http.schemas_views import CommandResult

BotLevel = Annotated[int, msgspec.Meta(ge=1, le=4)]


class StartTable(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """`fill: bots` seats a bot of `level` at each open seat; `fill: remove` starts
    without them, where the rules allow the seats left (422 `invalid_ruleset` else)."""

    fill: Literal["bots", "remove"] = "bots"
    level: BotLevel = 2


class ResignSeat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The level of the bot that plays the seat to the end (2 unless given)."""

    level: BotLevel | None = None


class Rematch(msgspec.Struct, frozen=True, kw_only=True):
    """The next game at this table. The caller sits at their seat again (`token`,
    shown once, to whoever made the rematch; null for later callers, who claim
    their seat kept for them with their player token like everyone else)."""

    game_id: str
    created: bool
    seat: int | None = None
    token: str | None = None
    invite_code: str | None = None


@post(
    "/games/{game_id:str}/start",
    status_code=200,
    tags=["tables"],
    summary="The host starts a waiting table: open seats become bots (or go), then the deal",
    security=BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 413, 415, 422, 503),
)
async def start_table(
    game_id: GameId,
    request: Request[Any, Any, Any],
    games: Games,
    data: JSONBody[StartTable | None] = None,
) -> GameSummary:
    options = data or StartTable()
    caller = await caller_of(games, game_id, caller_token(request))
    await start(games, game_id, caller, options.fill, options.level)
    return await with_your_seat(games, await summary_of(games, game_id), request, None)


@route(
    "/games/{game_id:str}/seats/{seat:int}",
    http_method=[HttpMethod.OPTIONS],
    include_in_schema=False,
    status_code=204,
)
async def seat_options(game_id: GameId, seat: SeatNumber) -> Response[None]:
    # Litestar's own answer for a path of two handlers lists only the first's method.
    return Response(None, status_code=204, headers={"Allow": "DELETE, OPTIONS, POST"})


@delete(
    "/games/{game_id:str}/seats/{seat:int}",
    status_code=204,
    tags=["tables"],
    summary="Leave a waiting table (the seat's holder) or remove its player (the host)",
    description="Only a seat claimed from the lobby is given back; the seat is open again. "
    "A player a rematch keeps the seat for declines it so (it leaves their games).",
    security=BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 503),
)
async def leave_seat(
    game_id: GameId, seat: SeatNumber, request: Request[Any, Any, Any], games: Games
) -> None:
    caller = await caller_of(games, game_id, caller_token(request))
    await leave(games, game_id, seat, caller)


@post(
    "/games/{game_id:str}/resign",
    status_code=200,
    tags=["tables"],
    summary="Resign the caller's seat: a bot plays it to the end (SeatResigned)",
    security=BEARER,
    # 422: a body the JSON guard refuses (an integer beyond 64 bits), like every body.
    responses=problem_responses(400, 401, 403, 404, 409, 413, 415, 422, 503),
)
async def resign_seat(
    game_id: GameId,
    request: Request[Any, Any, Any],
    games: Games,
    data: JSONBody[ResignSeat | None] = None,
) -> Response[CommandResult]:
    seat = await games.seat_of(game_id, caller_token(request))
    executed = await resign(games, game_id, seat, data.level if data else None)
    # The bytes recorded with the command: a CommandResult already.
    assert executed.body is not None
    return encoded_json(executed.body)


@post(
    "/games/{game_id:str}/rematch",
    status_code=201,
    tags=["tables"],
    summary="A rematch of a finished game: a waiting table, same rules and players",
    description="The old game's log gets a `rematch_offered` event naming the new game, "
    "so every client can follow; each human seat is kept for the player who held it, "
    "who claims it with their own player token (at a hot-seat table its host sits at "
    "every seat they held, as at its creation, and the table is dealt at once). The "
    "dealer moves on (201). Asked again "
    "(by any seat), the same new game is named and nothing is made (200, `created` "
    "false); once that table expired with nobody playing it, the next ask makes another "
    "(201, a second `rematch_offered`).",
    security=BEARER,
    responses={
        200: ResponseSpec(
            data_container=Rematch,
            description="The rematch made already: `created` is false, no seat or token.",
        ),
        **problem_responses(400, 401, 403, 404, 409, 503),
    },
)
async def rematch_game(
    game_id: GameId, request: Request[Any, Any, Any], games: Games
) -> Response[Rematch]:
    caller = await caller_of(games, game_id, caller_token(request))
    new_id, created, seat = await rematch(games, game_id, caller)
    if created is None or seat is None:
        # Nothing made: a repeat (or the loser of a race) is told the table that exists.
        return Response(Rematch(game_id=new_id, created=False), status_code=200)
    # The seat the caller asked as, seated at once (at a hot-seat table, beside every
    # other seat its host held: their player token acts for them all).
    token = created.tokens[seat]
    made = Rematch(
        game_id=new_id, created=True, seat=seat, token=token, invite_code=created.invite_code
    )
    return Response(made, status_code=201, headers=game_location(new_id))


TABLE_ROUTES = [seat_options, start_table, leave_seat, resign_seat, rematch_game]
