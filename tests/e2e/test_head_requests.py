"""HEAD is answered as GET without the body: health checkers and proxies probe with it.
Before, every GET route answered HEAD with 405 (`/health` included)."""

from __future__ import annotations

import time
from typing import Any

from http_table import auth, create
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]


def _same_but_the_body(client: Client, path: str) -> int:
    got, head = client.get(path), client.head(path)
    assert head.status_code == got.status_code, (path, head.status_code)
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers.get("content-length") == got.headers.get("content-length")
    assert len(head.headers["x-request-id"]) == 32
    return head.status_code


def test_a_head_request_answers_as_get_without_the_body(client: Client) -> None:
    game_id = create(client)["game_id"]
    for path in ("/health", "/rulesets", f"/games/{game_id}", "/games?status=active"):
        assert _same_but_the_body(client, path) == 200
    # Refusals too, with their problem's headers.
    assert _same_but_the_body(client, "/no/such/path") == 404
    assert _same_but_the_body(client, f"/games/{game_id}/view") == 401


def test_a_head_request_on_the_event_stream_ends_once_its_headers_are_out(client: Client) -> None:
    # A stream serves for as long as the game is played: a HEAD takes its headers only.
    game_id = create(client)["game_id"]
    head = client.head(f"/games/{game_id}/events/stream", timeout=30)
    assert head.status_code == 200
    assert head.headers["content-type"].startswith("text/event-stream")
    assert head.content == b""
    # The stream ended with it: no watcher is left counted.
    gauge = 'rummy_live_watchers{kind="sse"}'
    lines = client.get("/metrics").text.splitlines()
    assert [line.split()[-1] for line in lines if line.startswith(gauge)] == ["0"]


def test_a_head_request_with_a_ticket_leaves_it_for_the_get(client: Client) -> None:
    # HEAD is safe (RFC 9110, 9.2.1): a probe of the channel spends nothing.
    game = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=3)
    game_id, token = game["game_id"], game["tokens"]["0"]
    for path in (f"/games/{game_id}/events", f"/games/{game_id}/events/stream"):
        ticket = client.post(f"/games/{game_id}/tickets", headers=auth(token)).json()["ticket"]
        head = client.head(path, params={"ticket": ticket}, timeout=30)
        assert head.status_code == 200, path
        # Still good for one channel (the long poll: a stream of a game in play lasts).
        got = client.get(f"/games/{game_id}/events", params={"ticket": ticket})
        assert got.status_code == 200, (path, got.text)
        # Which spent it.
        again = client.head(path, params={"ticket": ticket}, timeout=30)
        assert again.status_code == 401, path


def test_a_head_long_poll_answers_at_once(client: Client) -> None:
    # A long poll on a game nobody plays would hold for its whole `wait`.
    game = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=3)
    path = f"/games/{game['game_id']}/events"
    version = client.get(path).json()["version"]
    started = time.monotonic()
    head = client.head(path, params={"after": version, "wait": 30}, timeout=60)
    assert head.status_code == 200
    assert time.monotonic() - started < 20


def _allowed(answer: Any) -> list[str]:
    return [method.strip() for method in answer.headers["allow"].split(",")]


def test_the_allow_header_names_head_where_get_is_served(client: Client) -> None:
    # RFC 9110, 10.2.1: Allow lists the methods the resource supports; it named GET
    # alone, so a client that reads it before probing (a crawler, a generic HTTP
    # library) took HEAD for refused where it is answered.
    game_id = create(client)["game_id"]
    for path in (
        "/health",
        "/games",
        f"/games/{game_id}",
        f"/games/{game_id}/states/1",
        f"/games/{game_id}/states/abc",
        "/",
    ):
        refused = client.put(path)
        assert refused.status_code == 405, path
        assert _allowed(refused).count("HEAD") == 1, (path, refused.headers["allow"])
        options = client.options(path)
        assert options.status_code == 204, path
        assert _allowed(options).count("HEAD") == 1, (path, options.headers["allow"])
        assert sorted(_allowed(options)) == sorted(_allowed(refused)), path
    # A route that serves no GET serves no HEAD either; nor the WebSocket's path, whose
    # GET is a handshake (a HEAD there is a 400).
    commands = client.put(f"/games/{game_id}/commands")
    assert "HEAD" not in _allowed(commands)
    assert "HEAD" not in _allowed(client.head(f"/games/{game_id}/commands"))
    for method in ("OPTIONS", "PUT"):
        assert _allowed(client.request(method, f"/games/{game_id}/live")) == ["GET"], method
