"""Player routes: create a player (or a guest), read and rename yourself, list your games."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from litestar import Request, Response, get, patch, post, route
from litestar.enums import HttpMethod
from litestar.params import FromQuery, JSONBody, QueryParameter

from service.app.player_games import player_games, rename_player
from service.app.players import Player
from service.http.problems import problem_responses
from service.http.routes_games import BEARER, Games, Players, caller_token
from service.http.schemas_players import (
    CreatedPlayerOut,
    CreatePlayer,
    PlayerGames,
    RenamePlayer,
)


@route("/players/me", http_method=[HttpMethod.OPTIONS], include_in_schema=False, status_code=204)
async def me_options() -> Response[None]:
    # Litestar's own OPTIONS answer lists only the first handler's method (as for /games).
    return Response(None, status_code=204, headers={"Allow": "GET, OPTIONS, PATCH"})


@post(
    "/players",
    status_code=201,
    tags=["players"],
    summary="Create a player (or a guest): an id and a secret token, shown once",
    description="The token (`Authorization: Bearer <token>`) acts for every seat the "
    "player takes: creating a game with it seats the player at the first human seat "
    "that is not open, claiming a seat with it makes the seat theirs. `guest: true` "
    "creates an ordinary player a client need not ask a name for. Counted with game "
    "creation against the creation limit (`rate_limited`).",
    responses=problem_responses(400, 413, 415, 422, 429, 503, 507),
)
async def create_player(data: JSONBody[CreatePlayer], players: Players) -> CreatedPlayerOut:
    created = await players.create(data.name, guest=data.guest)
    return CreatedPlayerOut.of(created)


@get(
    "/players/me",
    tags=["players"],
    summary="The caller's player",
    security=BEARER,
    responses=problem_responses(400, 401, 503),
)
async def get_me(request: Request[Any, Any, Any], players: Players) -> Player:
    return await players.authenticate(caller_token(request))


@patch(
    "/players/me",
    tags=["players"],
    summary="Rename the caller (their seats in games not finished show the new name)",
    security=BEARER,
    responses=problem_responses(400, 401, 413, 415, 422, 503),
)
async def rename_me(
    data: JSONBody[RenamePlayer], request: Request[Any, Any, Any], games: Games, players: Players
) -> Player:
    player = await players.authenticate(caller_token(request))
    return await rename_player(games, player, data.name)


@get(
    "/players/me/games",
    tags=["players"],
    summary="The caller's games, newest first, with whose turn it is",
    description="`status=open` is the former name of `waiting`, as in the lobby.",
    security=BEARER,
    responses=problem_responses(400, 401, 503),
)
async def my_games(
    request: Request[Any, Any, Any],
    games: Games,
    players: Players,
    status: FromQuery[Literal["waiting", "open", "active", "finished"] | None] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=100)] = 50,
    offset: Annotated[int, QueryParameter(ge=0, le=1_000)] = 0,
) -> PlayerGames:
    player = await players.authenticate(caller_token(request))
    listed = "waiting" if status == "open" else status
    found = await player_games(games, player, listed, limit, offset)
    return PlayerGames(games=tuple(found), limit=limit, offset=offset)


PLAYER_ROUTES = [me_options, create_player, get_me, rename_me, my_games]
