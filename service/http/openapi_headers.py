"""Response headers the server sends that Litestar's route declarations cannot state."""

from __future__ import annotations

from litestar.openapi.spec import OpenAPI, OpenAPIHeader, Schema
from litestar.openapi.spec.enums import OpenAPIType

__all__ = ["declare_retry_after"]

# Every 429 and 503 carries it (service/http/problems.py, rate_limits.py).
_RETRY_AFTER_STATUSES = ("429", "503")


def declare_retry_after(document: OpenAPI) -> None:
    """Declare `Retry-After` on every 429 and 503 answer of every operation."""
    header = OpenAPIHeader(
        schema=Schema(type=OpenAPIType.INTEGER, minimum=0),
        description="Seconds to wait before sending the request again.",
        required=True,
    )
    for item in (document.paths or {}).values():
        for method in ("get", "post", "put", "patch", "delete"):
            operation = getattr(item, method, None)
            for status, response in ((operation.responses or {}) if operation else {}).items():
                if status in _RETRY_AFTER_STATUSES and not hasattr(response, "ref"):
                    response.headers = {**(response.headers or {}), "Retry-After": header}
