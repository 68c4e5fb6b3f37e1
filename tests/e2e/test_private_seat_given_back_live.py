"""A credential whose seat at a private table is given back (its holder left, or the
host removed them) watches that table no more, unless it came with the table's code:
a ticket asked for while seated, and a channel opened then, stop at the table's 404."""

from __future__ import annotations

from typing import Any

import httpx
from http_players import player
from http_table import auth, create
from httpx_sse import connect_sse
from litestar import Litestar
from litestar.testing import TestClient
from live_server import serving_a_store

Client = TestClient[Litestar]


def _seated_then_removed(client: Client) -> tuple[str, str, str, str]:
    """(game id, invite code, Bo's seat token, a ticket of Bo's) once the host has removed Bo."""
    seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 2
    game = create(client, seats=seats, seed=7, private=True)
    game_id, host, code = game["game_id"], game["tokens"]["0"], game["invite_code"]
    bo = player(client, "Bo")
    claimed = client.post(
        f"/games/{game_id}/seats/1", headers=auth(bo["token"]), params={"invite": code}
    )
    assert claimed.status_code == 201, claimed.text
    token = claimed.json()["token"]
    ticket = client.post(f"/games/{game_id}/tickets", headers=auth(token))
    assert ticket.status_code == 201, ticket.text
    assert client.delete(f"/games/{game_id}/seats/1", headers=auth(host)).is_success
    return game_id, code, token, ticket.json()["ticket"]


def test_a_ticket_of_a_seat_given_back_opens_no_private_table(client: Client) -> None:
    game_id, _, _, ticket = _seated_then_removed(client)
    refused = client.get(f"/games/{game_id}/events", params={"ticket": ticket})
    assert refused.status_code == 404, refused.text
    assert refused.json()["code"] == "game_not_found"


def test_a_socket_opened_while_seated_closes_when_the_seat_is_given_back(client: Client) -> None:
    seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 2
    game = create(client, seats=seats, seed=7, private=True)
    game_id, host, code = game["game_id"], game["tokens"]["0"], game["invite_code"]
    claimed = client.post(f"/games/{game_id}/seats/1", params={"invite": code})
    token = claimed.json()["token"]
    with client.websocket_connect(f"/games/{game_id}/live") as socket:
        socket.send_json({"token": token})
        seen = [socket.receive_json()["envelope"]["event"]["type"] for _ in range(2)]
        assert seen == ["game_started", "seat_claimed"]
        assert client.delete(f"/games/{game_id}/seats/1", headers=auth(host)).is_success
        last: dict[str, Any] = socket.receive_json()
    assert last["type"] == "error", last
    assert last["problem"]["code"] == "game_not_found"


def test_a_channel_opened_with_the_code_watches_on_as_a_spectator(client: Client) -> None:
    seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 2
    game = create(client, seats=seats, seed=7, private=True)
    game_id, host, code = game["game_id"], game["tokens"]["0"], game["invite_code"]
    token = client.post(f"/games/{game_id}/seats/1", params={"invite": code}).json()["token"]
    with client.websocket_connect(f"/games/{game_id}/live") as socket:
        socket.send_json({"token": token, "invite": code})
        seen = [socket.receive_json()["envelope"]["event"]["type"] for _ in range(2)]
        assert client.delete(f"/games/{game_id}/seats/1", headers=auth(host)).is_success
        seen.append(socket.receive_json()["envelope"]["event"]["type"])
    assert seen == ["game_started", "seat_claimed", "seat_left"]


def test_an_event_stream_opened_while_seated_ends_when_the_seat_is_given_back() -> None:
    with serving_a_store() as server, httpx.Client(base_url=server.base, timeout=60.0) as http:
        seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 2
        body = {"seats": seats, "seed": 7, "private": True}
        game = http.post("/games", json=body).json()
        game_id, host, code = game["game_id"], game["tokens"]["0"], game["invite_code"]
        token = http.post(f"/games/{game_id}/seats/1", params={"invite": code}).json()["token"]
        path = f"/games/{game_id}/events/stream"
        seen: list[str] = []
        with connect_sse(http, "GET", path, headers=auth(token)) as source:
            for message in source.iter_sse():
                if not message.data:
                    continue  # a keep-alive
                seen.append(message.json()["event"]["type"])
                if len(seen) > 2:
                    break  # served on: the seat_left, and the table's next events
                if seen == ["game_started", "seat_claimed"]:
                    removed = http.delete(f"/games/{game_id}/seats/1", headers=auth(host))
                    assert removed.is_success, removed.text
        # The stream ended without serving the table on.
        assert seen == ["game_started", "seat_claimed"]
        again = http.get(path, headers={"Last-Event-ID": "2", **auth(token)})
        assert again.status_code in (403, 404), again.text


def test_a_ticket_opened_with_the_code_watches_on_as_a_spectator(client: Client) -> None:
    """A browser opens its channel with a ticket (it cannot send the token), and the
    table's code beside it: that channel was opened with the code, as one opened with
    the token and the code is, and watches on once the seat is given back."""
    seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 2
    game = create(client, seats=seats, seed=7, private=True)
    game_id, host, code = game["game_id"], game["tokens"]["0"], game["invite_code"]
    token = client.post(f"/games/{game_id}/seats/1", params={"invite": code}).json()["token"]
    ticket = client.post(f"/games/{game_id}/tickets", headers=auth(token)).json()["ticket"]
    with client.websocket_connect(f"/games/{game_id}/live?ticket={ticket}&invite={code}") as socket:
        seen = [socket.receive_json()["envelope"]["event"]["type"] for _ in range(2)]
        assert client.delete(f"/games/{game_id}/seats/1", headers=auth(host)).is_success
        seen.append(socket.receive_json()["envelope"]["event"]["type"])
    assert seen == ["game_started", "seat_claimed", "seat_left"]
