"""A private table cannot be told from no game by a made-up token.

A caller sending a token that opens nothing anywhere (a seat token or a player
token of nobody's) got 401 `invalid_token` from a private table but 404
`game_not_found` from an id no game has: anyone holding only a table's id learnt
that it exists. The caller is now known before the game is looked for, on every
route that reads or takes a token: such a token is a 401 whether the game is there
or not (and no token at all, on a route that needs one, a 401 alike)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from http_players import Client, open_table, player
from http_table import auth
from test_private_table_outsiders import ROUTES as OUTSIDER_ROUTES
from test_private_table_outsiders import WAITING_ROUTES

# Every route the outsiders' test asks, and the reads and fork that take a token too
# (the waiting routes' "leave a seat that is not there" is the outsiders' own case).
ROUTES: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    **OUTSIDER_ROUTES,
    "states": ("GET", "/games/{game}/states/1", None),
    "log": ("GET", "/games/{game}/log", None),
    "ratings": ("GET", "/games/{game}/ratings", None),
    "fork": ("POST", "/games/{game}/fork", {"version": 1}),
    "start": WAITING_ROUTES["start"],
    "leave": WAITING_ROUTES["leave"],
}


def _caller(client: Client, kind: str) -> dict[str, str]:
    if kind == "no token":
        return {}
    if kind == "an unknown seat token":
        return auth("a-token-nobody-was-given")
    # A player token's shape, of a player there is, with a secret that is not theirs.
    return auth(player(client, "Eve")["player_id"] + ".not-the-secret")


def _answer(client: Client, route: str, game_id: str, headers: dict[str, str]) -> Any:
    method, path, body = ROUTES[route]
    answer = client.request(method, path.format(game=game_id), json=body, headers=headers)
    return answer.status_code, answer.json().get("code")


@pytest.mark.parametrize("caller", ["no token", "an unknown seat token", "an unknown player token"])
@pytest.mark.parametrize("route", ROUTES)
def test_a_private_table_answers_an_unknown_caller_as_no_game_does(
    client: Client, route: str, caller: str
) -> None:
    ada = player(client, "Ada")
    table = open_table(client, ada, private=True, seed=4)["game_id"]
    headers = _caller(client, caller)
    at_table = _answer(client, route, table, headers)
    nowhere = _answer(client, route, uuid.uuid4().hex, headers)
    assert at_table == nowhere, (at_table, nowhere)
    if caller != "no token":
        assert at_table == (401, "invalid_token")
