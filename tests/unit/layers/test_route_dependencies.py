"""A seat's command routes take one dependency: Litestar resolves two or more of a
route's dependencies in a task group, a task each, on every request, and that cost
0.18 ms of the 0.6 ms of CPU a command took (`rummy loadtest`, API CPU per request)."""

from __future__ import annotations

import inspect

from service.http.app import create_app
from service.store import InMemoryEventStore

# The routes a game's play goes through, many times a second at a busy server.
HOT = {
    ("POST", "/games/{game_id:str}/commands"),
    ("POST", "/games/{game_id:str}/commands/check"),
    ("GET", "/games/{game_id:str}/view"),
}


def test_the_routes_of_play_take_one_dependency_each() -> None:
    app = create_app(InMemoryEventStore())
    provided = set(app.dependencies)
    taken = {
        (method, route.path): [
            name for name in inspect.signature(handler.fn).parameters if name in provided
        ]
        for route in app.routes
        for handler in getattr(route, "route_handlers", [])
        for method in getattr(handler, "http_methods", ())
        if (method, route.path) in HOT
    }
    assert set(taken) == HOT
    assert {route: names for route, names in taken.items() if len(names) > 1} == {}
