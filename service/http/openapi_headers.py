"""Response headers the server sends that Litestar's route declarations cannot state."""

from __future__ import annotations

from litestar.openapi.spec import OpenAPI, OpenAPIHeader, Schema
from litestar.openapi.spec.enums import OpenAPIFormat, OpenAPIType

__all__ = ["declare_problem_headers"]

# Every 429 and 503 carries it (service/http/problems.py, rate_limits.py).
_RETRY_AFTER = OpenAPIHeader(
    schema=Schema(type=OpenAPIType.INTEGER, minimum=0),
    description="Seconds to wait before sending the request again.",
    required=True,
)
# Every 401 carries it (service/http/problems.py `_challenge`).
_CHALLENGE = OpenAPIHeader(
    schema=Schema(type=OpenAPIType.STRING, enum=["Bearer", 'Bearer error="invalid_token"']),
    description="The token the operation takes (RFC 6750): `Bearer`, with "
    '`error="invalid_token"` when the one sent was refused.',
    required=True,
)
# The 201 of each operation that makes a game carries it (service/http/created.py).
_LOCATION = OpenAPIHeader(
    schema=Schema(type=OpenAPIType.STRING, format=OpenAPIFormat.URI_REFERENCE),
    description="The game made: `/games/{game_id}`.",
    required=True,
)
_MAKE_A_GAME = frozenset({"createGame", "importLog", "forkGame", "rematchGame"})
_HEADERS_BY_STATUS = {
    "401": {"WWW-Authenticate": _CHALLENGE},
    "429": {"Retry-After": _RETRY_AFTER},
    "503": {"Retry-After": _RETRY_AFTER},
}


def declare_problem_headers(document: OpenAPI) -> None:
    """Declare `Retry-After` on every 429 and 503 answer of every operation,
    `WWW-Authenticate` on every 401, and `Location` on the 201 of those that make a game."""
    for item in (document.paths or {}).values():
        for method in ("get", "post", "put", "patch", "delete"):
            operation = getattr(item, method, None)
            if operation is None:
                continue
            makes_a_game = operation.operation_id in _MAKE_A_GAME
            for status, response in (operation.responses or {}).items():
                headers = _HEADERS_BY_STATUS.get(status)
                if status == "201" and makes_a_game:
                    headers = {"Location": _LOCATION}
                if headers is not None and not hasattr(response, "ref"):
                    response.headers = {**(response.headers or {}), **headers}
