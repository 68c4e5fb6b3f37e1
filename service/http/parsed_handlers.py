"""Route handlers whose signatures are parsed once a process, not once an app."""

from __future__ import annotations

from collections.abc import Sequence
from copy import copy
from typing import Any, TypeVar

from litestar import Litestar
from litestar.handlers.base import BaseRouteHandler
from litestar.routes import HTTPRoute
from litestar.types import Empty

__all__ = ["primed", "remember"]

Handler = TypeVar("Handler")

# Litestar parses a handler's signature (type hints, its signature model) on the copy
# it registers in an app, so every app parses every handler again: about half of
# create_app's 115 ms of CPU, and the tests make hundreds of apps. Every app that
# create_app makes registers the same handlers with the same dependencies, namespace
# and decoders, so what the first app parsed holds for the others. Kept by the
# handler's id, the handler itself held so that the id stays its own.
_parsed: dict[int, tuple[BaseRouteHandler, Any, Any]] = {}


def primed(handlers: Sequence[Handler]) -> list[Handler]:
    """`handlers`, each one an earlier app has parsed as a copy that carries its parse
    (Litestar copies it again as it registers it, the parse with it)."""
    ready: list[Handler] = []
    for handler in handlers:
        known = _parsed.get(id(handler))
        if known is None:
            ready.append(handler)
            continue
        carrying = copy(handler)
        carrying._parsed_fn_signature, carrying._signature_model = known[1], known[2]  # type: ignore[attr-defined]
        ready.append(carrying)
    return ready


def remember(app: Litestar, handlers: Sequence[object]) -> None:
    """Keep what `app` parsed of `handlers` (as given to `primed`) for the next apps."""
    by_fn = {
        handler.fn: handler
        for handler in handlers
        if isinstance(handler, BaseRouteHandler) and id(handler) not in _parsed
    }
    if not by_fn:
        return
    for route in app.routes:
        held = route.route_handlers if isinstance(route, HTTPRoute) else [route.route_handler]
        for registered in held:
            original = by_fn.get(registered.fn)
            # Litestar's own attributes: a release without them leaves every app to
            # parse its handlers, as it would anyway.
            signature = getattr(registered, "_parsed_fn_signature", Empty)
            model = getattr(registered, "_signature_model", Empty)
            if original is not None and signature is not Empty and model is not Empty:
                _parsed[id(original)] = (original, signature, model)
