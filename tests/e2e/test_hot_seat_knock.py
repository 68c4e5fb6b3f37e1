"""A hot-seat player knocks with their player token for a seat of theirs that may.

Their token acts for the seat to play, and the knock window after a discard belongs
to the other seats: a knock sent with the token was refused (409 `knock_not_allowed`)
while one of their other seats could knock, which only that seat's own token could do.
A seat of theirs that resigned is a bot's (its owner's commands for it answer 409
`seat_resigned`): the knock goes to another.
"""

from __future__ import annotations

from typing import Any

from http_players import open_table, player
from http_table import auth

Client = Any


def _hot_seat_table(client: Client, count: int) -> tuple[str, str, dict[int, str]]:
    """(game id, the player's token, each seat's token) of a palace table that knocks,
    every seat held by one player."""
    ada = player(client, "Ada")
    rules = {"knocking": True, "game_end": "hands:1", "rated": False}
    table = open_table(
        client, ada, count=count, hot_seat=True, preset="palace", rules=rules, seed=9
    )
    game_id = table["game_id"]
    tokens = {0: table["tokens"]["0"]}
    for seat in range(1, count):
        claimed = client.post(f"/games/{game_id}/seats/{seat}", headers=auth(ada["token"]))
        assert claimed.status_code == 201, claimed.text
        tokens[seat] = claimed.json()["token"]
    return game_id, ada["token"], tokens


def _view(client: Client, game_id: str, token: str) -> dict[str, Any]:
    view: dict[str, Any] = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
    return view


def _knockers(client: Client, game_id: str, tokens: dict[int, str]) -> list[int]:
    knock = {"type": "knock"}
    return [
        s for s, token in tokens.items() if knock in _view(client, game_id, token)["legal_commands"]
    ]


def _play_one(client: Client, game_id: str, token: str) -> None:
    """The seat to play draws, or discards its last card offered."""
    legal = _view(client, game_id, token)["legal_commands"]
    command = legal[0] if legal[0]["type"] == "draw" else legal[-1]
    played = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
    assert played.status_code == 200, played.text


def _knock(client: Client, game_id: str, token: str) -> dict[str, Any]:
    knocked = client.post(f"/games/{game_id}/commands", json={"type": "knock"}, headers=auth(token))
    assert knocked.status_code == 200, knocked.text
    event: dict[str, Any] = knocked.json()["events"][0]["event"]
    assert event["type"] == "knocked"
    return event


def test_a_hot_seat_players_token_knocks_for_their_seat_that_may(client: Client) -> None:
    game_id, token, tokens = _hot_seat_table(client, 3)
    # The seat to play draws and discards; then a seat not to play may knock.
    for _ in range(2):
        _play_one(client, game_id, token)
    turn = _view(client, game_id, token)["turn"]
    knockers = _knockers(client, game_id, tokens)
    assert knockers and turn not in knockers, (turn, knockers)
    assert _knock(client, game_id, token)["seat"] == knockers[0]


def test_a_hot_seat_knock_is_for_a_seat_that_did_not_resign(client: Client) -> None:
    game_id, token, tokens = _hot_seat_table(client, 4)
    # Play on until a seat not to play, other than 0, may knock.
    for _ in range(12):
        turn = _view(client, game_id, token)["turn"]
        knockers = _knockers(client, game_id, tokens)
        if 0 in knockers and len(knockers) > 1 and turn != 0:
            break
        _play_one(client, game_id, token)
    else:
        raise AssertionError("no knock window for seat 0 and another")
    # Seat 0 resigns now: a bot plays it from here, not its owner.
    resigned = client.post(f"/games/{game_id}/resign", headers=auth(tokens[0]))
    assert resigned.status_code == 200, resigned.text
    checked = client.post(
        f"/games/{game_id}/commands/check", json={"type": "knock"}, headers=auth(token)
    )
    assert checked.status_code == 200, checked.text
    assert _knock(client, game_id, token)["seat"] in knockers[1:]
