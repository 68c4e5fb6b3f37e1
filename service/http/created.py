"""A 201's Location: the game a request made (RFC 9110, 15.3.2)."""

from __future__ import annotations

__all__ = ["game_location"]


def game_location(game_id: str) -> dict[str, str]:
    """The headers of a 201 that made `game_id`: without a Location, a 201 says it made
    the request's own target (`POST /games`: `/games`). The contract states it on the
    201 of each operation that makes a game (service/http/openapi_headers.py)."""
    return {"Location": f"/games/{game_id}"}
