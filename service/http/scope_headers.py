"""A request's headers read from its ASGI scope, without Litestar's header map.

Litestar builds a case-insensitive map of every header (about 8 µs a request) the
first time anything asks for one; the hot path asks for two or three by name, so
they are read from the scope's raw pairs instead (ASGI gives names in lower case)."""

from __future__ import annotations

from litestar.types import Scope

__all__ = ["has_header", "header_values"]


def header_values(scope: Scope, name: bytes) -> list[str]:
    """Every value sent under `name` (lower case), in order, decoded as HTTP's latin-1."""
    return [value.decode("latin-1") for key, value in scope["headers"] if key == name]


def has_header(scope: Scope, name: bytes) -> bool:
    """Whether the request sent `name` (lower case) at all."""
    # A plain loop, not any() over a generator: asked on every request (CORS's Origin),
    # and the generator costs a call per header (about 1 µs a request).
    for key, _ in scope["headers"]:  # noqa: SIM110 (see above)
        if key == name:
            return True
    return False
