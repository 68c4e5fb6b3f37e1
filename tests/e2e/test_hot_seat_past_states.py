"""A past state, asked with a hot-seat player's token, shows what their live channels
show: the cards of every seat they hold (`held_hands`), and the view of the seat whose
turn it was at that version. Before, it was the view of whichever of their seats is to
play now, with that seat's hand alone: asked for a version where the other seat was to
play, it showed the wrong seat's view and hid the hand being played, which the same
token's event log and live channels showed."""

from __future__ import annotations

from typing import Any

from http_players import player
from http_table import auth


def test_a_hot_seat_players_past_state_shows_every_seat_they_hold(client: Any) -> None:
    ada = player(client, "Ada")
    body = {"hot_seat": True, "rules": {"rated": False}, "seats": [{"kind": "human"}] * 2}
    game = client.post("/games", json=body, headers=auth(ada["token"])).json()
    game_id, token = game["game_id"], ada["token"]
    events = client.get(f"/games/{game_id}/events", headers=auth(token)).json()["events"]
    (deal,) = [e for e in events if e["event"]["type"] == "hand_dealt"]
    dealt = deal["event"]["hands"]
    assert all(dealt)  # the channels show her both hands
    first = client.get(f"/games/{game_id}").json()["view"]["turn"]
    # The seat to play draws and discards: the other seat is to play now.
    drawn = client.post(
        f"/games/{game_id}/commands", json={"type": "draw", "source": "stock"}, headers=auth(token)
    )
    discard = next(c for c in drawn.json()["view"]["legal_commands"] if c["type"] == "discard")
    assert client.post(f"/games/{game_id}/commands", json=discard, headers=auth(token)).is_success
    assert client.get(f"/games/{game_id}").json()["view"]["turn"] == 1 - first
    at_deal = client.get(f"/games/{game_id}/states/{deal['version']}", headers=auth(token))
    assert at_deal.status_code == 200, at_deal.text
    past = at_deal.json()
    assert past["visibility"] == "seat"
    assert past["view"]["seat"] == first
    assert past["view"]["hand"] == sorted(dealt[first])
    assert past["held_hands"] == {str(seat): sorted(dealt[seat]) for seat in (0, 1)}
    # A spectator sees neither hand, a one-seat holder their own alone (no held_hands).
    watched = client.get(f"/games/{game_id}/states/{deal['version']}").json()
    assert watched["view"]["hand"] is None and watched.get("held_hands") is None
