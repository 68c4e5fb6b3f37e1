"""A rematch nobody came to play expires; asked again, the finished game gets a new
one. Before, the expired table stayed its rematch for good: every later ask named
it, and its claims and start answered 409 `table_expired`."""

from __future__ import annotations

import time
from typing import Any

import pytest
from http_table import auth
from test_kept_seat_declined import _rematch

from service.app import seating
from service.app.player_games import rebuild_players_games

Client = Any
DAY_S = 24 * 3600.0


class _Clock:
    """The expiry's clock (`seating.time`), moved on by hand: nothing here waits."""

    def __init__(self) -> None:
        self.ahead_s = 0.0

    def time(self) -> float:
        return time.time() + self.ahead_s


def test_a_rematch_that_expired_unplayed_gives_way_to_a_new_one(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = _Clock()
    monkeypatch.setattr(seating, "time", clock)
    first, tokens = _rematch(client)
    game_id = client.get(f"/games/{first}").json()["rematch_of"]
    clock.ahead_s = DAY_S + 60  # the first rematch's day has passed: it expired
    expired = client.post(f"/games/{first}/seats/1", headers=auth(tokens[1]))
    assert expired.status_code == 409 and expired.json()["code"] == "table_expired"

    asked = client.post(f"/games/{game_id}/rematch", headers=auth(tokens[1]))
    assert asked.status_code == 201, asked.text
    second = asked.json()
    assert second["created"] is True and second["game_id"] != first
    clock.ahead_s = 0.0  # now, for the new table

    # The log names both; the game's rematch is the new one, for every seat.
    events = client.get(f"/games/{game_id}/events").json()["events"]
    offered = [e["event"]["game_id"] for e in events if e["event"]["type"] == "rematch_offered"]
    assert offered == [first, second["game_id"]]
    # In each player's games the new rematch replaces the expired one.
    for token in tokens.values():
        games = client.get("/players/me/games", headers=auth(token)).json()["games"]
        listed = {game["game_id"] for game in games}
        assert second["game_id"] in listed and first not in listed
    assert client.get(f"/games/{game_id}").json()["rematch"] == second["game_id"]
    again = client.post(f"/games/{game_id}/rematch", headers=auth(tokens[0]))
    assert again.status_code == 200, again.text
    assert (again.json()["game_id"], again.json()["created"]) == (second["game_id"], False)
    # Played this time: the other player takes the seat kept for them.
    claimed = client.post(f"/games/{second['game_id']}/seats/0", headers=auth(tokens[0]))
    assert claimed.status_code == 201, claimed.text
    assert client.get(f"/games/{second['game_id']}").json()["status"] != "waiting"


def test_a_rebuild_files_no_rematch_that_another_replaced(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rummy players rebuild` files the tables as the service does: a rematch that
    expired and gave way to another stays out of its players' games, though seats
    are kept for them there."""
    clock = _Clock()
    monkeypatch.setattr(seating, "time", clock)
    first, tokens = _rematch(client)
    game_id = client.get(f"/games/{first}").json()["rematch_of"]
    clock.ahead_s = DAY_S + 60
    second = client.post(f"/games/{game_id}/rematch", headers=auth(tokens[1])).json()["game_id"]

    def listed() -> list[set[str]]:
        pages = [client.get("/players/me/games", headers=auth(t)).json() for t in tokens.values()]
        return [{game["game_id"] for game in page["games"]} for page in pages]

    before = listed()
    assert all(second in games and first not in games for games in before)
    with client.portal() as portal:
        portal.call(rebuild_players_games, client.app.state.games)
    assert listed() == before
