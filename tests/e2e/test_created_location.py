"""A 201 that makes a game names it: `Location: /games/{game_id}` (RFC 9110, 15.3.2).

Without a Location a 201 says the resource created is the request's own target, so
`POST /games` told an HTTP client it had created `/games`, and an import, a fork or a
rematch the route it was posted to; the new game's id was in the body alone.
"""

from __future__ import annotations

from typing import Any

from http_table import auth, create, finish


def _names_the_game(answer: Any) -> str:
    assert answer.status_code == 201, answer.text
    game_id: str = answer.json()["game_id"]
    assert answer.headers["location"] == f"/games/{game_id}"
    return game_id


def test_every_game_made_is_named_by_its_location(client: Any) -> None:
    made = client.post("/games", json={"seats": [{"kind": "human"}, {"kind": "human"}]})
    game_id = _names_the_game(made)
    # Where it says, the game is.
    assert client.get(made.headers["location"]).json()["game_id"] == game_id
    game = create(client, seed=5, rules={"game_end": "hands:1"})
    finish(client, game, 5)
    source = game["game_id"]
    _names_the_game(client.post(f"/games/{source}/fork", json={"version": 3}))
    log = client.get(f"/games/{source}/log").content
    _names_the_game(
        client.post("/games/import", content=log, headers={"content-type": "application/x-ndjson"})
    )
    first = client.post(f"/games/{source}/rematch", headers=auth(game["tokens"]["0"]))
    rematch = _names_the_game(first)
    # Asked again, nothing is made: a 200 naming the same game in its body.
    again = client.post(f"/games/{source}/rematch", headers=auth(game["tokens"]["1"]))
    assert again.status_code == 200 and again.json()["game_id"] == rematch
