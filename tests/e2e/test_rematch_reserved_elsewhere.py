"""A player whose seat a rematch keeps, and who sits down at another seat of it, no
longer keeps the first: else it stayed kept for nobody.

A rematch keeps each human seat for the player who held it (409 `seat_reserved` for
anyone else). Bob, kept seat 1, claimed seat 2 (a seat-token player's, open to all)
instead: seat 1 stayed kept for him, whom a table that is not hot-seat seats once
(409 `already_seated`), and refused everyone else. The lobby went on listing it as
an open seat that nobody could take, and the table could no longer fill: only its
host's start would deal it."""

from __future__ import annotations

import random
from typing import Any

from http_players import open_table, play_one, player, problem
from http_table import auth
from litestar.testing import TestClient

Client = TestClient[Any]


def _finished_table_of_three(client: Client) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """Ada hosts, Bob (a player) takes seat 1 and a seat token seat 2; one hand, played out."""
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada, 3, rules={"game_end": "hands:1"}, seed=8)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).is_success
    anonymous = client.post(f"/games/{game_id}/seats/2")
    assert anonymous.status_code == 201, anonymous.text
    tokens = {0: ada["token"], 1: bob["token"], 2: anonymous.json()["token"]}
    rng = random.Random(8)
    for _ in range(3000):
        if client.get(f"/games/{game_id}").json()["status"] == "finished":
            return game_id, ada, bob
        play_one(client, game_id, tokens, rng)
    raise AssertionError("the game did not end")


def test_a_kept_seat_is_released_when_its_player_sits_elsewhere(client: Client) -> None:
    game_id, ada, bob = _finished_table_of_three(client)
    asked = client.post(f"/games/{game_id}/rematch", headers=auth(ada["token"]))
    assert asked.status_code == 201, asked.text
    rematch = asked.json()["game_id"]
    mal = player(client, "Mal")
    problem(
        client.post(f"/games/{rematch}/seats/1", headers=auth(mal["token"])), 409, "seat_reserved"
    )

    # Bob sits at the seat token's old seat, not at the one kept for him.
    assert client.post(f"/games/{rematch}/seats/2", headers=auth(bob["token"])).status_code == 201
    problem(
        client.post(f"/games/{rematch}/seats/1", headers=auth(bob["token"])), 409, "already_seated"
    )
    # Seat 1 is anyone's now: Mal takes it, and the last claim deals.
    claimed = client.post(f"/games/{rematch}/seats/1", headers=auth(mal["token"]))
    assert claimed.status_code == 201, claimed.text
    summary = client.get(f"/games/{rematch}").json()
    assert summary["status"] == "active"
    assert [seat["name"] for seat in summary["seats"]] == ["Ada", "Mal", "Bob"]
