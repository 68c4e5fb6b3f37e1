"""Apps made in one process parse their route handlers once (service/http/parsed_handlers.py),
and each still serves its own store."""

from __future__ import annotations

from litestar import Litestar
from litestar.routes import HTTPRoute
from litestar.testing import TestClient

from service.http.app import create_app
from service.store import InMemoryEventStore


def _signatures(app: Litestar) -> dict[str, object]:
    return {
        str(handler): handler.parsed_fn_signature
        for route in app.routes
        if isinstance(route, HTTPRoute)
        for handler in route.route_handlers
    }


def test_a_later_app_reuses_the_parse_and_serves_its_own_store() -> None:
    first, second = create_app(InMemoryEventStore()), create_app(InMemoryEventStore())
    name = "service.http.routes_games.create_game"
    assert _signatures(second)[name] is _signatures(first)[name]
    seats = [{"kind": "human"}, {"kind": "human"}]
    with TestClient(first) as one, TestClient(second) as other:
        created = one.post("/games", json={"seats": seats})
        assert created.status_code == 201, created.text
        game_id = created.json()["game_id"]
        assert one.get(f"/games/{game_id}").status_code == 200
        assert other.get(f"/games/{game_id}").status_code == 404
        assert other.post("/games", json={"seats": seats}).status_code == 201
