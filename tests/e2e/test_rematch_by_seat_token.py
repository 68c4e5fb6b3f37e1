"""A player who asks for a rematch with their seat's token (the lower-level credential,
which acts for their seat as their player token does) sits at the rematch as that
player: their player token opens the new seat, the table names and hosts them, as
when they ask with their player token."""

from __future__ import annotations

from typing import Any

from http_players import open_table, play_hand, player
from http_table import auth
from litestar.testing import TestClient

Client = TestClient[Any]


def test_a_rematch_asked_with_a_seat_token_seats_and_hosts_its_player(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    created = open_table(client, ada, rules={"game_end": "hands:1"}, seed=3)
    game_id, ada_seat_token = created["game_id"], created["tokens"]["0"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).is_success
    play_hand(client, game_id, {0: ada["token"], 1: bob["token"]}, 3)
    rematch = client.post(f"/games/{game_id}/rematch", headers=auth(ada_seat_token))
    assert rematch.status_code == 201, rematch.text
    new_id = rematch.json()["game_id"]
    # The rematch is among Ada's games, and her player token opens her seat there.
    mine = client.get("/players/me/games", headers=auth(ada["token"])).json()["games"]
    assert new_id in [game["game_id"] for game in mine]
    view = client.get(f"/games/{new_id}/view", headers=auth(ada["token"]))
    assert view.status_code == 200, view.text
    assert view.json()["seat"] == 0
    summary = client.get(f"/games/{new_id}", headers=auth(ada["token"])).json()
    assert [seat["name"] for seat in summary["seats"]] == ["Ada", None]
    assert summary["hosting"] is True
