"""A browser client of another origin may read `Retry-After`, as it may read `X-Request-ID`.

A browser hands a cross-origin script only the response headers CORS exposes
(beside a few safelisted ones, which `Retry-After` is not). The API exposed
`X-Request-ID` alone: a web client on another origin, which `CORS_ORIGINS` (`*` by
default) admits, got a 429 or a 503 and could not read when to try again, though
the contract tells it to wait `Retry-After` seconds (a 503 says it nowhere else)."""

from __future__ import annotations

from httpx import Response
from litestar import Litestar
from litestar.testing import TestClient
from rate_limited_apps import limited

from service.http.app import create_app
from service.store import InMemoryEventStore

ORIGIN = {"Origin": "https://client.example"}


def _exposed(response: Response) -> set[str]:
    listed = response.headers.get("access-control-expose-headers", "")
    return {name.strip().lower() for name in listed.split(",") if name.strip()}


def test_a_cross_origin_client_may_read_when_to_retry() -> None:
    app = create_app(InMemoryEventStore(), settings=limited(rate_limit_create="1/minute"))
    with TestClient(app) as client:
        assert client.post("/players", json={"guest": True}, headers=ORIGIN).status_code == 201
        refused = client.post("/players", json={"guest": True}, headers=ORIGIN)
        assert refused.status_code == 429, refused.text
        assert int(refused.headers["retry-after"]) >= 1
        assert {"retry-after", "x-request-id"} <= _exposed(refused)


def test_only_a_request_naming_an_origin_passes_the_cors_layer() -> None:
    # Requests without Origin skip Litestar's CORS layer (it costs every request a
    # header map); a browser's, preflight or not, must still get its answer.
    with TestClient(create_app(InMemoryEventStore())) as client:
        preflight = client.options(
            "/games",
            headers={**ORIGIN, "Access-Control-Request-Method": "POST"},
        )
        assert preflight.status_code == 204, preflight.text
        assert preflight.headers["access-control-allow-origin"] == "*"
        assert "POST" in preflight.headers["access-control-allow-methods"]

        from_a_browser = client.get("/games", headers=ORIGIN)
        assert from_a_browser.headers["access-control-allow-origin"] == "*"
        assert "x-request-id" in _exposed(from_a_browser)

        from_a_program = client.get("/games")
        assert from_a_program.status_code == 200
        assert "access-control-allow-origin" not in from_a_program.headers
        assert "x-request-id" in from_a_program.headers


def test_a_browser_client_of_another_origin_may_read_location_and_the_challenge(
    client: TestClient[Litestar],
) -> None:
    # A 201's Location names the game made, a 401's WWW-Authenticate what to send:
    # neither is CORS-safelisted, so a script of another origin saw neither.
    made = client.post(
        "/games", json={"seats": [{"kind": "human"}, {"kind": "human"}]}, headers=ORIGIN
    )
    assert made.headers["location"] == f"/games/{made.json()['game_id']}"
    assert "location" in _exposed(made)
    refused = client.get("/players/me", headers=ORIGIN)
    assert refused.status_code == 401 and refused.headers["www-authenticate"] == "Bearer"
    assert "www-authenticate" in _exposed(refused)
