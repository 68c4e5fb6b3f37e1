"""Who may act on a table: every route that acts, against every kind of caller.

The callers: the seat's own holder (by player token or seat token), another seat
of the table, a seat of another game, a player with no seat here, no token, and
garbage. Each row runs on a fresh waiting table: Ada hosts at seat 0, Bob and Cy
hold seats 1 and 2 (claimed from the lobby), seat 3 stays open.
"""

from __future__ import annotations

from typing import Any

import pytest
from http_players import open_table, player, problem
from http_table import auth
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]

# route -> (method, path, body)
ROUTES: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    "start": ("POST", "/games/{game}/start", {"fill": "bots"}),
    "remove": ("DELETE", "/games/{game}/seats/1", None),
    "resign": ("POST", "/games/{game}/resign", None),
    "rematch": ("POST", "/games/{game}/rematch", None),
    "view": ("GET", "/games/{game}/view", None),
    "command": ("POST", "/games/{game}/commands", {"type": "draw"}),
}

# What the route answers the holder of the seat it acts for (past the auth check).
OWN: dict[str, tuple[int, str | None]] = {
    "start": (200, None),  # the host's seat
    "remove": (204, None),  # Bob leaves his own seat
    "resign": (409, "hand_not_started"),
    "rematch": (409, "game_not_over"),
    "view": (200, None),
    "command": (409, "hand_not_started"),
}

# Which caller is the route's own: the host for start, Bob for the rest.
OWNER = {"start": "ada", "remove": "bob"}

# Another seat of the table: refused where only the host may act; elsewhere the
# route acts for the caller's own seat, so "another seat" is the owner case.
ANOTHER_SEAT: dict[str, tuple[int, str | None]] = {
    "start": (403, "not_host"),
    "remove": (403, "not_host"),
}


HOST: dict[str, tuple[int, str | None]] = OWN | {"remove": (204, None)}


class Table:
    def __init__(self, client: Client) -> None:
        names = ("Ada", "Bob", "Cy", "Eve")
        self.ada, self.bob, self.cy, self.eve = (player(client, n) for n in names)
        self.game = open_table(client, self.ada, count=4)
        self.game_id = self.game["game_id"]
        claimed = client.post(f"/games/{self.game_id}/seats/1", headers=auth(self.bob["token"]))
        self.bob_seat_token = claimed.json()["token"]
        client.post(f"/games/{self.game_id}/seats/2", headers=auth(self.cy["token"]))
        self.other_game = open_table(client, self.eve)

    def token(self, caller: str, route: str) -> str | None:
        owner = OWNER.get(route, "bob")
        # Not the host: the host may remove another seat's player.
        other = "bob" if owner == "ada" else "cy"
        return {
            "own player": getattr(self, owner)["token"],
            "own seat token": self.game["tokens"]["0"] if owner == "ada" else self.bob_seat_token,
            "another seat": getattr(self, other)["token"],
            "host": self.ada["token"],
            "another game": self.other_game["tokens"]["0"],
            "another player": self.eve["token"],
            "no token": None,
            "garbage": "garbage",
            "garbage player": self.ada["player_id"] + ".forged",
        }[caller]


CALLERS = [
    "own player",
    "own seat token",
    "another seat",
    "host",
    "another game",
    "another player",
    "no token",
    "garbage",
    "garbage player",
]


def _expected(caller: str, route: str) -> tuple[int, str | None]:
    match caller:
        case "own player" | "own seat token":
            return OWN[route]
        case "another seat":
            return ANOTHER_SEAT.get(route, OWN[route])
        case "host":
            # The host acts for their own seat 0, and may remove a player.
            return HOST[route]
        case "another game":
            return 403, "wrong_game"
        case "another player":
            return 403, "not_seated"
        case "no token":
            return 401, "missing_token"
        case _:
            return 401, "invalid_token"


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("route", sorted(ROUTES))
def test_every_table_route_checks_who_calls(client: Client, route: str, caller: str) -> None:
    table = Table(client)
    method, path, body = ROUTES[route]
    token = table.token(caller, route)
    headers = auth(token) if token is not None else {}
    response = client.request(method, path.format(game=table.game_id), json=body, headers=headers)
    status, code = _expected(caller, route)
    if code is None:
        assert response.status_code == status, response.text
    else:
        problem(response, status, code)
    if status >= 400:
        # A refusal changes nothing: the table still waits, Bob still at seat 1.
        summary = client.get(f"/games/{table.game_id}").json()
        assert summary["status"] == "waiting"
        assert [seat["name"] for seat in summary["seats"]] == ["Ada", "Bob", "Cy", None]
