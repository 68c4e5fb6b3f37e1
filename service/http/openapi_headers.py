"""Response headers the server sends that Litestar's route declarations cannot state."""

from __future__ import annotations

from litestar.openapi.spec import OpenAPI, OpenAPIHeader, Schema
from litestar.openapi.spec.enums import OpenAPIType

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
_HEADERS_BY_STATUS = {
    "401": {"WWW-Authenticate": _CHALLENGE},
    "429": {"Retry-After": _RETRY_AFTER},
    "503": {"Retry-After": _RETRY_AFTER},
}


def declare_problem_headers(document: OpenAPI) -> None:
    """Declare `Retry-After` on every 429 and 503 answer of every operation, and
    `WWW-Authenticate` on every 401."""
    for item in (document.paths or {}).values():
        for method in ("get", "post", "put", "patch", "delete"):
            operation = getattr(item, method, None)
            for status, response in ((operation.responses or {}) if operation else {}).items():
                headers = _HEADERS_BY_STATUS.get(status)
                if headers is not None and not hasattr(response, "ref"):
                    response.headers = {**(response.headers or {}), **headers}
