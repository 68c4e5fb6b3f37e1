"""A hot-seat game's rematch seats its host at every seat they held, as the table's
creation did, and is dealt at once. Before, only the seat that asked was seated: the
friends' seats waited, kept for the host, who had to claim them one request at a time
before the first deal (the table's creation seats them all in its first write)."""

from __future__ import annotations

from typing import Any

from http_players import player
from http_table import auth, finish


def test_a_hot_seat_rematch_seats_the_host_at_every_seat_at_once(client: Any) -> None:
    ada = player(client, "Ada")
    seats = [{"kind": "human"}] * 3
    body = {"hot_seat": True, "rules": {"rated": False, "game_end": "hands:1"}, "seats": seats}
    created = client.post("/games", json=body, headers=auth(ada["token"]))
    assert created.status_code == 201, created.text
    game = created.json()
    finish(client, game, seed=4)
    rematch = client.post(f"/games/{game['game_id']}/rematch", headers=auth(ada["token"]))
    assert rematch.status_code == 201, rematch.text
    again = rematch.json()
    assert again["seat"] == 0 and again["token"]
    summary = client.get(f"/games/{again['game_id']}", headers=auth(ada["token"])).json()
    assert summary["status"] == "active", summary
    assert summary.get("kept_for_you") is None, summary
    # Whichever seat is to play, the host's player token plays it: no claim to make.
    turn = summary["view"]["turn"]
    view = client.get(f"/games/{again['game_id']}/view", headers=auth(ada["token"]))
    assert view.status_code == 200, view.text
    assert view.json()["seat"] == turn
    for seat in range(3):
        claim = client.post(f"/games/{again['game_id']}/seats/{seat}", headers=auth(ada["token"]))
        assert claim.status_code == 409, claim.text  # held already: nothing left to claim
    # The seat token the rematch gave plays its seat, as a creation's does.
    seat_view = client.get(f"/games/{again['game_id']}/view", headers=auth(again["token"]))
    assert seat_view.status_code == 200 and seat_view.json()["seat"] == 0, seat_view.text
