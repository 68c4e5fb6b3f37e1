"""A rematch its host starts before another player came back is no longer that
player's game: it left their games list, where it stayed with no seat of theirs
(`seats: []`) until it expired from their history."""

from __future__ import annotations

import random
from typing import Any

from http_players import play_one
from http_table import auth
from litestar.testing import TestClient
from test_rematch_ids import _table_of_two

Client = TestClient[Any]


def _games_of(client: Client, token: str) -> list[str]:
    page = client.get("/players/me/games", headers=auth(token)).json()
    return [game["game_id"] for game in page["games"]]


def test_a_rematch_started_without_a_player_leaves_their_games(client: Client) -> None:
    game_id, tokens, _ = _table_of_two(client, seed=21)
    rng = random.Random(3)
    while client.get(f"/games/{game_id}").json()["status"] != "finished":
        play_one(client, game_id, tokens, rng)
    asked = client.post(f"/games/{game_id}/rematch", headers=auth(tokens[0]))
    assert asked.status_code == 201, asked.text
    rematch = asked.json()["game_id"]
    assert rematch in _games_of(client, tokens[1])  # kept for Bob while it waits
    rules = {"fill": "bots", "level": 1}
    started = client.post(f"/games/{rematch}/start", json=rules, headers=auth(tokens[0]))
    assert started.status_code == 200, started.text
    assert rematch not in _games_of(client, tokens[1])
    assert rematch in _games_of(client, tokens[0])
