"""A registered player with no seat at a public table watches it as anyone does: every
read route and channel serves their token what it serves a caller with no token (a
spectator's share, nothing more). A private table stays a 404 to them without its
code, and a seat token of another game stays a 403 `wrong_game`."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import anyio
import pytest
from http_players import player
from http_table import auth, check_no_leak, stored_log
from litestar import Litestar
from litestar.testing import TestClient
from replay_play import finished_game, play

from service.app.games import CreatedGame, GameService, SeatSpec
from service.app.records import TableOptions
from service.store import InMemoryEventStore

Client = TestClient[Litestar]
# What a caller is served: the status, and the body as a client would compare it.
Served = tuple[int, Any]
Read = Callable[[Client, str, dict[str, str], dict[str, str]], Served]


def _answer(response: Any, body: Callable[[], Any]) -> Served:
    """A refusal as its status and code, else the status and `body()`."""
    if response.status_code >= 400:
        return response.status_code, response.json()["code"]
    return response.status_code, body()


def _json(response: Any) -> Served:
    return _answer(response, response.json)


def _events(
    client: Client, game_id: str, headers: dict[str, str], params: dict[str, str]
) -> Served:
    return _json(
        client.get(f"/games/{game_id}/events", params=params | {"limit": "500"}, headers=headers)
    )


def _state(client: Client, game_id: str, headers: dict[str, str], params: dict[str, str]) -> Served:
    return _json(client.get(f"/games/{game_id}/states/5", params=params, headers=headers))


def _log(client: Client, game_id: str, headers: dict[str, str], params: dict[str, str]) -> Served:
    response = client.get(f"/games/{game_id}/log", params=params, headers=headers)
    return _answer(response, lambda: response.content)


def _stream(
    client: Client, game_id: str, headers: dict[str, str], params: dict[str, str]
) -> Served:
    path = f"/games/{game_id}/events/stream"
    with client.stream("GET", path, params=params, headers=headers) as response:
        if response.status_code >= 400:
            response.read()
        return _answer(response, lambda: list(response.iter_lines()))


def _live(client: Client, game_id: str, headers: dict[str, str], params: dict[str, str]) -> Served:
    token = headers.get("Authorization", "").removeprefix("Bearer ") or None
    hello = {"token": token, "after": 0, "invite": params.get("invite")}
    messages = []
    with client.websocket_connect(f"/games/{game_id}/live") as socket:
        socket.send_text(json.dumps(hello))
        while True:
            message = socket.receive_json()
            messages.append(message)
            if message["type"] == "error":
                return message["problem"]["status"], message["problem"]["code"]
            if message["type"] == "end":
                return 200, messages


def _fork(client: Client, game_id: str, headers: dict[str, str], params: dict[str, str]) -> Served:
    body = {"version": 5, "deck": "keep"}
    response = client.post(f"/games/{game_id}/fork", params=params, json=body, headers=headers)
    # A fork is a new game each time: what it is made of is compared, not its id.
    return _answer(response, lambda: response.json()["version"])


def _summary(
    client: Client, game_id: str, headers: dict[str, str], params: dict[str, str]
) -> Served:
    return _json(client.get(f"/games/{game_id}", params=params, headers=headers))


READS: dict[str, Read] = {
    "events": _events,
    "states": _state,
    "log": _log,
    "events/stream": _stream,
    "live": _live,
    "fork": _fork,
    "summary": _summary,
}
# The routes that take a token as a seat's where a table is public (the summary
# reads none: it names the caller's seat, or none).
SEAT_READS = ["events", "states", "log", "events/stream", "live", "fork"]


def _finished(store: InMemoryEventStore, **options: Any) -> CreatedGame:
    return anyio.run(lambda: finished_game(GameService(store), seed=21, hands=1, **options))


@pytest.mark.parametrize("route", READS)
def test_a_player_with_no_seat_is_served_what_a_caller_with_no_token_is(
    client: Client, store: InMemoryEventStore, route: str
) -> None:
    game_id = _finished(store).game_id
    eve = player(client, "Eve")
    read = READS[route]
    anyone = read(client, game_id, {}, {})
    assert anyone[0] in (200, 201), anyone
    assert read(client, game_id, auth(eve["token"]), {}) == anyone


def test_a_player_with_no_seat_sees_no_hidden_card_of_a_game_in_progress(
    client: Client, store: InMemoryEventStore
) -> None:
    service = GameService(store)
    created = anyio.run(lambda: service.create(seats=(SeatSpec(kind="human"),) * 2, seed=21))
    version = anyio.run(lambda: play(service, created.game_id, seed=21, commands=6))
    eve = auth(player(client, "Eve")["token"])
    for read in (_events, _state):
        anyone = read(client, created.game_id, {}, {})
        assert anyone[0] == 200, anyone
        assert read(client, created.game_id, eve, {}) == anyone
    _, page = _events(client, created.game_id, eve, {})
    log = anyio.run(lambda: stored_log(store, created.game_id))
    check_no_leak(log, page["events"], None, version)
    _, state = _state(client, created.game_id, eve, {})
    assert (state["visibility"], state["state"]) == ("spectator", None)
    # Still no seat to act for: the seat's own routes refuse them as before.
    view = client.get(f"/games/{created.game_id}/view", headers=eve)
    assert _json(view) == (403, "not_seated")


@pytest.mark.parametrize("route", SEAT_READS)
def test_a_seat_token_of_another_game_is_still_refused(
    client: Client, store: InMemoryEventStore, route: str
) -> None:
    game_id = _finished(store).game_id
    other = _finished(store)
    assert READS[route](client, game_id, auth(other.tokens[0]), {}) == (403, "wrong_game")


@pytest.mark.parametrize("route", SEAT_READS)
def test_a_private_table_is_still_a_404_to_a_player_with_no_seat_without_its_code(
    client: Client, store: InMemoryEventStore, route: str
) -> None:
    created = _finished(store, table=TableOptions(private=True))
    eve = auth(player(client, "Eve")["token"])
    assert READS[route](client, created.game_id, eve, {}) == (404, "game_not_found")
    # With its code they watch it as anyone with the code does.
    code = {"invite": created.invite_code or ""}
    anyone = READS[route](client, created.game_id, {}, code)
    assert anyone[0] in (200, 201), anyone
    assert READS[route](client, created.game_id, eve, code) == anyone


def test_a_private_log_is_still_its_seats_alone(client: Client, store: InMemoryEventStore) -> None:
    created = _finished(store, private_log=True)
    eve = auth(player(client, "Eve")["token"])
    assert _log(client, created.game_id, eve, {}) == (403, "not_seated")
    # What anyone may see of it, they see.
    assert _state(client, created.game_id, eve, {}) == _state(client, created.game_id, {}, {})
