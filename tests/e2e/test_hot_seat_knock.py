"""A hot-seat player knocks with their player token for a seat of theirs that may.

Their token acts for the seat to play, and the knock window after a discard belongs
to the other seats: a knock sent with the token was refused (409 `knock_not_allowed`)
while one of their other seats could knock, which only that seat's own token could do.
"""

from __future__ import annotations

from typing import Any

from http_players import open_table, player
from http_table import auth


def test_a_hot_seat_players_token_knocks_for_their_seat_that_may(client: Any) -> None:
    ada = player(client, "Ada")
    rules = {"knocking": True, "game_end": "hands:1", "rated": False}
    table = open_table(client, ada, count=3, hot_seat=True, preset="palace", rules=rules, seed=9)
    game_id = table["game_id"]
    tokens = {0: table["tokens"]["0"]}
    for seat in (1, 2):
        claimed = client.post(f"/games/{game_id}/seats/{seat}", headers=auth(ada["token"]))
        assert claimed.status_code == 201, claimed.text
        tokens[seat] = claimed.json()["token"]

    # The seat to play draws and discards; then a seat not to play may knock.
    def view_of(token: str) -> dict[str, Any]:
        view: dict[str, Any] = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        return view

    for _ in range(2):
        legal = view_of(ada["token"])["legal_commands"]
        command = legal[0] if legal[0]["type"] == "draw" else legal[-1]
        played = client.post(f"/games/{game_id}/commands", json=command, headers=auth(ada["token"]))
        assert played.status_code == 200, played.text
    view = view_of(ada["token"])
    knockers = [
        s for s, token in tokens.items() if {"type": "knock"} in view_of(token)["legal_commands"]
    ]
    assert knockers and view["turn"] not in knockers, (view["turn"], knockers)
    knocked = client.post(
        f"/games/{game_id}/commands", json={"type": "knock"}, headers=auth(ada["token"])
    )
    assert knocked.status_code == 200, knocked.text
    events = [envelope["event"] for envelope in knocked.json()["events"]]
    assert events[0]["type"] == "knocked" and events[0]["seat"] == knockers[0]
