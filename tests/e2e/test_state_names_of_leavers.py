"""A past state names the players who hold their seats, never one who left.

`GET /games/{id}/states/{version}` names each seat's player as the log seated the
table then: a player who claimed a seat of a waiting table and left it was named at
the versions between, to anyone who may watch, long after the summary, the lobby and
the log (which names no player) had forgotten them."""

from __future__ import annotations

from http_players import open_table, player
from http_table import auth
from litestar import Litestar
from litestar.testing import TestClient


def test_a_player_who_left_a_waiting_table_is_named_at_no_version(
    client: TestClient[Litestar],
) -> None:
    ada, eve, bob = player(client, "Ada"), player(client, "Eve"), player(client, "Bob")
    game_id = open_table(client, ada, 3, rules={"rated": False})["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(eve["token"])).is_success
    assert client.delete(f"/games/{game_id}/seats/1", headers=auth(eve["token"])).is_success
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).is_success
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(ada["token"])
    )
    assert started.is_success, started.text
    last = client.get(f"/games/{game_id}").json()["version"]
    named: set[str] = set()
    for version in range(1, last + 1):
        state = client.get(f"/games/{game_id}/states/{version}")
        assert state.status_code == 200, state.text
        named |= {label["name"] for label in state.json()["view"]["seat_labels"] if label["name"]}
    assert named == {"Ada", "Bob"}
