"""A hot-seat player's knock skips a seat of theirs that resigned.

A bot plays a resigned seat, and its owner's commands for it answer 409
`seat_resigned`: the knock went to the first of their seats the rules let knock,
that resigned one included, and was refused while another seat of theirs could knock.
"""

from __future__ import annotations

from typing import Any

from http_players import open_table, player
from http_table import auth


def test_a_hot_seat_knock_is_for_a_seat_that_did_not_resign(client: Any) -> None:
    ada = player(client, "Ada")
    rules = {"knocking": True, "game_end": "hands:1", "rated": False}
    table = open_table(client, ada, count=4, hot_seat=True, preset="palace", rules=rules, seed=9)
    game_id = table["game_id"]
    tokens = {0: table["tokens"]["0"]}
    for seat in (1, 2, 3):
        claimed = client.post(f"/games/{game_id}/seats/{seat}", headers=auth(ada["token"]))
        assert claimed.status_code == 201, claimed.text
        tokens[seat] = claimed.json()["token"]

    def view_of(token: str) -> dict[str, Any]:
        view: dict[str, Any] = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        return view

    # Play on (with the player's token) until a seat not to play, other than 0, may knock.
    for _ in range(12):
        view = view_of(ada["token"])
        turn = view["turn"]
        knockers = [
            s
            for s, token in tokens.items()
            if {"type": "knock"} in view_of(token)["legal_commands"]
        ]
        if 0 in knockers and len(knockers) > 1 and turn != 0:
            break
        legal = view["legal_commands"]
        command = legal[0] if legal[0]["type"] == "draw" else legal[-1]
        played = client.post(f"/games/{game_id}/commands", json=command, headers=auth(ada["token"]))
        assert played.status_code == 200, played.text
    else:
        raise AssertionError("no knock window for seat 0 and another")
    # Seat 0 resigns now: a bot plays it from here, not its owner.
    resigned = client.post(f"/games/{game_id}/resign", headers=auth(tokens[0]))
    assert resigned.status_code == 200, resigned.text

    checked = client.post(
        f"/games/{game_id}/commands/check", json={"type": "knock"}, headers=auth(ada["token"])
    )
    assert checked.status_code == 200, checked.text
    knocked = client.post(
        f"/games/{game_id}/commands", json={"type": "knock"}, headers=auth(ada["token"])
    )
    assert knocked.status_code == 200, knocked.text
    events = [envelope["event"] for envelope in knocked.json()["events"]]
    assert events[0]["type"] == "knocked" and events[0]["seat"] in knockers[1:]
