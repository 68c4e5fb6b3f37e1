"""A path is served under its one spelling: a trailing or a doubled slash is a 404.

Litestar's router collapsed slashes and dropped a trailing one, so `/games/{id}/`,
`/health//` and `/games//{id}/commands` served the resource (and wrote to it) under
names the contract does not have: one resource under many URLs, and a mangled URL
acting somewhere instead of being refused."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from http_players import problem
from http_table import auth, create
from live_server import raw_exchange, serving

from service.http.app import create_app
from service.runtime.settings import Settings
from service.store import InMemoryEventStore

MISSPELT = (
    "/games/{game_id}/",
    "/games//{game_id}",
    "/games/{game_id}/view/",
    "/games/{game_id}//events",
    "/health/",
    "/health//",
    "/schema/",
    "/rulesets/",
)


@pytest.mark.parametrize("path", MISSPELT)
def test_a_read_under_another_spelling_is_not_found(client: Any, path: str) -> None:
    game = create(client, seed=2)
    url = path.format(game_id=game["game_id"])
    body = problem(client.get(url, headers=auth(game["tokens"]["0"])), 404, "not_found")
    assert url in body["detail"] and body["request_id"]
    # Its one spelling is served.
    canonical = "/" + "/".join(part for part in url.split("/") if part)
    assert client.get(canonical, headers=auth(game["tokens"]["0"])).status_code == 200


def test_a_write_under_another_spelling_writes_nothing(client: Any) -> None:
    game = create(client, seed=2)
    game_id, token = game["game_id"], game["tokens"]["0"]
    before = client.get(f"/games/{game_id}").json()["version"]
    tables = len(client.get("/games?status=active").json()["games"])
    draw = {"type": "draw", "source": "stock"}
    for url in (f"/games/{game_id}/commands/", f"/games//{game_id}/commands"):
        problem(client.post(url, json=draw, headers=auth(token)), 404, "not_found")
    assert client.get(f"/games/{game_id}").json()["version"] == before
    problem(client.post("/players/", json={"name": "Ada"}), 404, "not_found")
    problem(client.post("/games/", json={"seats": [{"kind": "human"}] * 2}), 404, "not_found")
    assert len(client.get("/games?status=active").json()["games"]) == tables


def test_the_web_table_and_its_files_are_still_served(client: Any) -> None:
    assert client.get("/").status_code == 200
    assert client.get("/web/app.js").status_code == 200


def test_a_browsers_refusal_carries_its_cors_headers(client: Any) -> None:
    answer = client.get("/health/", headers={"Origin": "https://example.org"})
    problem(answer, 404, "not_found")
    assert answer.headers.get("access-control-allow-origin") == "*"


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    settings = Settings()
    with serving(create_app(InMemoryEventStore(), settings=settings), settings) as url:
        yield url


@pytest.mark.parametrize("path", [b"/live/", b"//live", b"/live//"])
def test_a_live_handshake_under_another_spelling_is_not_found(base: str, path: bytes) -> None:
    game_path = b"/games/0123456789abcdef0123456789abcdef"
    target = game_path + path if not path.startswith(b"//") else game_path + b"/" + path
    sent = (
        b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
        b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        b"Sec-WebSocket-Version: 13\r\n\r\n"
    )
    raw_exchange(base, sent).problem(404, "not_found")


@pytest.mark.parametrize(
    "sent",
    [
        b"GET //health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        b"POST //players HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        b'Content-Type: application/json\r\nContent-Length: 15\r\n\r\n{"name":"Ada"}',
    ],
    ids=["read", "write"],
)
def test_a_path_that_opens_with_two_slashes_is_not_found(base: str, sent: bytes) -> None:
    # (An HTTP client reads `//health` as a host's address: sent as it is here.)
    raw_exchange(base, sent).problem(404, "not_found")
