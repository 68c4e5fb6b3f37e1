"""A private table does not exist for whoever is not at it: a registered player
with no seat there, or a seat token of another game, gets the very 404 a stranger
with no token gets, on every route that takes a token (reads and writes)."""

from __future__ import annotations

from typing import Any

import pytest
from http_players import Client, open_table, player, problem
from http_table import auth

# route -> (method, path, body)
ROUTES: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    "summary": ("GET", "/games/{game}", None),
    "view": ("GET", "/games/{game}/view", None),
    "events": ("GET", "/games/{game}/events", None),
    "ticket": ("POST", "/games/{game}/tickets", None),
    "command": ("POST", "/games/{game}/commands", {"type": "draw", "source": "stock"}),
    "check": ("POST", "/games/{game}/commands/check", {"type": "draw", "source": "stock"}),
    "hand to bot": ("POST", "/games/{game}/seats/0/bot", {"level": 2}),
    "take back": ("DELETE", "/games/{game}/seats/0/bot", None),
    "resign": ("POST", "/games/{game}/resign", None),
    "rematch": ("POST", "/games/{game}/rematch", None),
}
# Routes of a table still waiting for its players.
WAITING_ROUTES: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    "start": ("POST", "/games/{game}/start", {"fill": "bots"}),
    "leave": ("DELETE", "/games/{game}/seats/1", None),
    "leave a seat that is not there": ("DELETE", "/games/{game}/seats/4", None),
}
OUTSIDERS = ["no token", "a player with no seat", "another game's seat token"]


def _outsider(client: Client, kind: str) -> dict[str, str]:
    if kind == "no token":
        return {}
    if kind == "a player with no seat":
        return auth(player(client, "Eve")["token"])
    other = client.post("/games", json={"seats": [{"kind": "human"}, {"kind": "human"}]})
    return auth(other.json()["tokens"]["0"])


def _private_table(client: Client, *, started: bool) -> str:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    table = open_table(client, ada, private=True, rules={"game_end": "hands:1"}, seed=4)
    game_id: str = table["game_id"]
    if started:
        claimed = client.post(
            f"/games/{game_id}/seats/1",
            params={"invite": table["invite_code"]},
            headers=auth(bob["token"]),
        )
        assert claimed.status_code in (200, 201), claimed.text
    return game_id


@pytest.mark.parametrize("outsider", OUTSIDERS)
@pytest.mark.parametrize("route", [*ROUTES, *WAITING_ROUTES])
def test_an_outsider_gets_the_strangers_404_from_a_private_table(
    client: Client, route: str, outsider: str
) -> None:
    waiting = route in WAITING_ROUTES
    game_id = _private_table(client, started=not waiting)
    method, path, body = (WAITING_ROUTES if waiting else ROUTES)[route]
    response = client.request(
        method, path.format(game=game_id), json=body, headers=_outsider(client, outsider)
    )
    if outsider == "no token" and route not in ("summary", "events"):
        # Without a token a write asks for one first; the game is not named.
        assert response.status_code == 401, response.text
        return
    problem(response, 404, "game_not_found")


@pytest.mark.parametrize("outsider", OUTSIDERS[1:])
def test_an_outsider_with_the_code_watches_as_a_spectator(client: Client, outsider: str) -> None:
    ada = player(client, "Ada")
    table = open_table(client, ada, private=True, seed=4)
    game_id, code = table["game_id"], {"invite": table["invite_code"]}
    headers = _outsider(client, outsider)
    summary = client.get(f"/games/{game_id}", params=code, headers=headers)
    assert summary.status_code == 200, summary.text
    assert summary.json()["your_seat"] is None
    events = client.get(f"/games/{game_id}/events", params=code, headers=headers)
    assert events.status_code == 200, events.text
    # Watching is all the code gives: acting still needs a seat.
    command = {"type": "draw", "source": "stock"}
    answer = client.post(f"/games/{game_id}/commands", json=command, headers=headers)
    problem(answer, 404, "game_not_found")
