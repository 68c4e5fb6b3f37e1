"""A 201 that made a game: its answer, with the game's Location (RFC 9110, 15.3.2)."""

from __future__ import annotations

from litestar import Response

from service.app.records import CreatedGame
from service.http.schemas import CreatedGameOut

__all__ = ["created_game", "game_location"]


def game_location(game_id: str) -> dict[str, str]:
    """The headers of a 201 that made `game_id`: without a Location, a 201 says it made
    the request's own target (`POST /games`: `/games`). The contract states it on the
    201 of each operation that makes a game (service/http/openapi_headers.py)."""
    return {"Location": f"/games/{game_id}"}


def created_game(created: CreatedGame) -> Response[CreatedGameOut]:
    """The answer to a creation, an import or a fork."""
    return Response(
        CreatedGameOut.of(created), status_code=201, headers=game_location(created.game_id)
    )
