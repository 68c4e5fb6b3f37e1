"""Request bodies: every JSON body passes service.app.json_guard before any route reads it."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.types import Empty

from service.app.errors import ServiceError
from service.app.json_guard import NOT_JSON, JsonRefused, check_json

__all__ = ["CheckedRequest"]


class CheckedRequest(Request[Any, Any, Any]):
    """Litestar's request, whose `json()` (the one decoder of every JSON body
    parameter) refuses too-deep documents, repeated keys and integers beyond
    64 bits with a 400, before the route runs and before anything is written."""

    async def json(self) -> Any:
        if self._connection_state.json is Empty:
            body = await self.body()
            try:
                document = check_json(body or b"null")
            except JsonRefused as refused:
                raise ServiceError(refused.code, refused.message, **refused.facts) from None
            if document is not NOT_JSON:
                # Decoded once: Litestar's json() takes it from the connection state.
                self._connection_state.json = document
        return await super().json()
