"""Query strings: every query parameter a route reads is a single value."""

from __future__ import annotations

from collections import Counter
from typing import Any
from urllib.parse import parse_qsl

from litestar import Request

from service.app.errors import ServiceError

__all__ = ["reject_repeated_parameters"]


async def reject_repeated_parameters(request: Request[Any, Any, Any]) -> None:
    """A `before_request` hook: a parameter of the route given twice is a 400
    `invalid_parameter` (parameters the route does not read are ignored, as ever).

    Litestar would quietly keep the last value, so `?offset=-1&offset=2` read as
    offset 2 and hid the client's mistake; no route takes a list in its query."""
    raw = request.scope["query_string"]
    if not raw:
        return
    counts = Counter(name for name, _ in parse_qsl(raw.decode("latin-1"), keep_blank_values=True))
    declared = request.route_handler.parsed_fn_signature.parameters
    repeated = sorted(name for name, count in counts.items() if count > 1 and name in declared)
    if repeated:
        raise ServiceError(
            "invalid_parameter",
            f"query parameter {repeated[0]!r} is given more than once",
            parameters=repeated,
        )
