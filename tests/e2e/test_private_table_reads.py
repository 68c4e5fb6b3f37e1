"""Who may read a private table, route by route, while it is played and once it is over.

A private table is seen with its invite code or a seat's token only: without either
every read route answers 404 `game_not_found` (the table does not exist for them, as
for a claim without the code); with the code the caller is a spectator (hidden cards
stay hidden); a seat's token reads as that seat. The table is never in the lobby.
"""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from http_players import problem
from http_table import auth, check_no_leak, stored_log
from litestar import Litestar
from litestar.testing import TestClient
from replay_play import finished_game, play

from service.app.games import CreatedGame, GameService, SeatSpec
from service.app.records import TableOptions
from service.store import InMemoryEventStore

Client = TestClient[Litestar]
PRIVATE = TableOptions(private=True)

# route -> (method, path, body)
ROUTES: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    "summary": ("GET", "/games/{game}", None),
    "events": ("GET", "/games/{game}/events", None),
    "stream": ("GET", "/games/{game}/events/stream", None),
    "log": ("GET", "/games/{game}/log", None),
    "state": ("GET", "/games/{game}/states/3", None),
    "fork": ("POST", "/games/{game}/fork", {"version": 3, "deck": "keep"}),
    "ratings": ("GET", "/games/{game}/ratings", None),
}

# What a caller who may read the table gets, past the access check.
ALLOWED: dict[str, dict[str, tuple[int, str | None]]] = {
    "active": {
        "summary": (200, None),
        "events": (200, None),
        "log": (409, "game_in_progress"),
        "state": (200, None),
        "fork": (409, "game_in_progress"),
        "ratings": (409, "game_in_progress"),
    },
    "finished": {
        "summary": (200, None),
        "events": (200, None),
        "stream": (200, None),
        "log": (200, None),
        "state": (200, None),
        "fork": (201, None),
        # No league worker runs here: the result is on its way.
        "ratings": (409, "league_result_pending"),
    },
}

REFUSED = ["no token, no code", "wrong code"]
CALLERS = [*REFUSED, "code", "seat token", "seat token, wrong code"]


def _private_game(store: InMemoryEventStore, phase: str) -> CreatedGame:
    service = GameService(store)
    if phase == "finished":
        return anyio.run(lambda: finished_game(service, seed=9, hands=1, table=PRIVATE))
    human = SeatSpec(kind="human")

    async def started() -> CreatedGame:
        created = await service.create(seats=(human, human), seed=9, table=PRIVATE)
        await play(service, created.game_id, seed=9, commands=4)
        return created

    return anyio.run(started)


def _request(client: Client, route: str, game: CreatedGame, caller: str) -> Any:
    method, path, body = ROUTES[route]
    params = {
        "code": {"invite": game.invite_code},
        "wrong code": {"invite": "wrong"},
        "seat token, wrong code": {"invite": "wrong"},
    }.get(caller, {})
    token = game.tokens[1] if caller.startswith("seat token") else None
    headers = auth(token) if token else {}
    return client.request(
        method, path.format(game=game.game_id), params=params, json=body, headers=headers
    )


# An allowed caller's stream of a game in progress runs until the game ends: that
# case is in tests/e2e/test_live_channels.py (a private table's stream in play).
CASES = [
    (phase, route, caller)
    for phase in ("active", "finished")
    for route in sorted(ROUTES)
    for caller in CALLERS
    if not (phase == "active" and route == "stream" and caller not in REFUSED)
]


@pytest.mark.parametrize(("phase", "route", "caller"), CASES)
def test_every_read_route_of_a_private_table_needs_its_code_or_a_seat(
    client: Client, store: InMemoryEventStore, phase: str, route: str, caller: str
) -> None:
    game = _private_game(store, phase)
    assert game.invite_code is not None
    response = _request(client, route, game, caller)
    if caller in REFUSED:
        problem(response, 404, "game_not_found")
        return
    status, code = ALLOWED[phase][route]
    if code is None:
        assert response.status_code == status, response.text
    else:
        problem(response, status, code)


def test_the_code_makes_a_spectator_who_sees_no_hidden_card(
    client: Client, store: InMemoryEventStore
) -> None:
    game = _private_game(store, "active")
    code = {"invite": game.invite_code}
    log = anyio.run(stored_log, store, game.game_id)
    page = client.get(f"/games/{game.game_id}/events", params=code).json()
    assert len(page["events"]) == len(log)
    check_no_leak(log, page["events"], None, len(log))
    state = client.get(f"/games/{game.game_id}/states/3", params=code).json()
    assert state["visibility"] == "spectator" and state["state"] is None
    summary = client.get(f"/games/{game.game_id}", params=code).json()
    assert summary["private"] is True and summary["view"]["seat"] is None
    # A seat's token reads as that seat: its own hand, nobody else's.
    seat = client.get(f"/games/{game.game_id}/states/3", headers=auth(game.tokens[1])).json()
    assert seat["visibility"] == "seat" and seat["view"]["seat"] == 1


def test_a_private_table_is_in_no_lobby_and_its_fork_stays_private(
    client: Client, store: InMemoryEventStore
) -> None:
    game = _private_game(store, "finished")
    for status in ("waiting", "active", "finished"):
        listed = client.get("/games", params={"status": status}).json()["games"]
        assert game.game_id not in [entry["game_id"] for entry in listed]
    forked = client.post(
        f"/games/{game.game_id}/fork",
        params={"invite": game.invite_code},
        json={"version": 3, "deck": "keep"},
    )
    assert forked.status_code == 201, forked.text
    fork = forked.json()
    # The fork is a private table of its own, with its own code: the old one opens nothing.
    assert fork["invite_code"] not in (None, game.invite_code)
    fork_id = fork["game_id"]
    problem(client.get(f"/games/{fork_id}/events"), 404, "game_not_found")
    problem(
        client.get(f"/games/{fork_id}/events", params={"invite": game.invite_code}),
        404,
        "game_not_found",
    )
    opened = client.get(f"/games/{fork_id}", params={"invite": fork["invite_code"]})
    assert opened.status_code == 200 and opened.json()["private"] is True
    listed = client.get("/games", params={"status": "active"}).json()["games"]
    assert fork_id not in [entry["game_id"] for entry in listed]


@pytest.mark.parametrize("with_code", [False, True])
def test_the_live_socket_of_a_private_table_needs_its_code(
    client: Client, store: InMemoryEventStore, with_code: bool
) -> None:
    game = _private_game(store, "finished")
    params = f"?invite={game.invite_code}" if with_code else ""
    with client.websocket_connect(f"/games/{game.game_id}/live{params}") as socket:
        socket.send_text("{}")
        first = socket.receive_json()
        if not with_code:
            assert first["type"] == "error"
            assert first["problem"]["code"] == "game_not_found"
            return
        assert first["type"] == "event" and first["envelope"]["version"] == 1
