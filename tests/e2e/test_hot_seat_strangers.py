"""A hot-seat table's seats are its host's friends', on the host's screen: never a stranger's.

The page used to create the friends' seats open and claim them one request at a time,
while the lobby listed the table with those seats open and anyone's claim won them.
A hot-seat table created with a player token now seats its player at every human seat
that is not open, in the table's first write (`seat_claimed` in its log); a waiting
hot-seat table is in no lobby list, and only its host claims its seats."""

from __future__ import annotations

from typing import Any

from http_players import open_table, player, problem
from http_table import auth, finish
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]
FRIENDS = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]


def _lobby(client: Client, status: str) -> list[str]:
    listed = client.get("/games", params={"status": status})
    assert listed.status_code == 200, listed.text
    return [entry["game_id"] for entry in listed.json()["games"]]


def _summary(client: Client, game_id: str) -> dict[str, Any]:
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200, response.text
    summary: dict[str, Any] = response.json()
    return summary


def test_a_hot_seat_table_seats_its_creator_at_every_friends_seat_at_once(
    client: Client,
) -> None:
    ada, eve = player(client, "Ada"), player(client, "Eve")
    created = open_table(client, ada, hot_seat=True, seats=FRIENDS, rules={"rated": False})
    game_id = created["game_id"]
    # Dealt at once: no seat was ever open, to the lobby or to anyone.
    assert created["status"] == "active"
    assert game_id not in _lobby(client, "waiting")
    summary = _summary(client, game_id)
    assert [seat["name"] for seat in summary["seats"]] == ["Ada", "Ada", "Ada"]
    # Who holds the friends' seats is the log's: claimed before the first deal.
    log = client.get(f"/games/{game_id}/events", headers=auth(ada["token"])).json()["events"]
    kinds = [envelope["event"]["type"] for envelope in log]
    assert kinds[:3] == ["game_started", "seat_claimed", "seat_claimed"], kinds
    assert "hand_dealt" in kinds[3:]
    # Ada's one token plays whichever seat is to play; a stranger takes none of them.
    turn = summary["view"]["turn"]
    view = client.get(f"/games/{game_id}/view", headers=auth(ada["token"]))
    assert view.json()["seat"] == turn
    for seat in (1, 2):
        problem(
            client.post(f"/games/{game_id}/seats/{seat}", headers=auth(eve["token"])),
            403,
            "hot_seat_table",
        )
    games = client.get("/players/me/games", headers=auth(ada["token"])).json()["games"]
    assert [game["game_id"] for game in games] == [game_id]


def test_a_waiting_hot_seat_table_is_in_no_lobby_and_refuses_a_strangers_claim(
    client: Client,
) -> None:
    """A table created the older way (the friends' seats open, claimed by the host
    afterwards): while it waits, its open seats are nobody else's."""
    ada, eve = player(client, "Ada"), player(client, "Eve")
    game_id = open_table(client, ada, 3, hot_seat=True, rules={"rated": False})["game_id"]
    assert game_id not in _lobby(client, "waiting")
    open_only = client.get("/games", params={"status": "waiting", "open_seats": "true"})
    assert game_id not in [entry["game_id"] for entry in open_only.json()["games"]]
    for token in (eve["token"], None):
        refused = problem(
            client.post(f"/games/{game_id}/seats/1", headers=auth(token) if token else {}),
            403,
            "hot_seat_table",
        )
        assert refused["facts"]["seat"] == 1
    assert _summary(client, game_id)["status"] == "waiting"
    # The host claims the friends' seats; once dealt, the table is there to watch.
    for seat in (1, 2):
        claimed = client.post(f"/games/{game_id}/seats/{seat}", headers=auth(ada["token"]))
        assert claimed.status_code == 201, claimed.text
    assert [seat["name"] for seat in _summary(client, game_id)["seats"]] == ["Ada"] * 3
    assert game_id in _lobby(client, "active")


def test_a_hot_seat_table_no_player_opened_seats_whoever_claims_its_open_seats(
    client: Client,
) -> None:
    """A table created without a player token has no host player to hold its seats:
    its open seats are claimed as at any table (unlisted all the same). Refusing every
    claim left such a table, and the rematch of any hot-seat game played with seat
    tokens, waiting for a claim nobody could make."""
    created = client.post(
        "/games",
        json={
            "preset": "basic",
            "hot_seat": True,
            "rules": {"rated": False, "game_end": "hands:1"},
            "seats": [{"kind": "human"}, {"kind": "human", "open": True}],
        },
    )
    assert created.status_code == 201, created.text
    game = created.json()
    assert game["game_id"] not in _lobby(client, "waiting")
    claimed = client.post(f"/games/{game['game_id']}/seats/1")
    assert claimed.status_code == 201, claimed.text
    assert _summary(client, game["game_id"])["status"] == "active"
    game["tokens"]["1"] = claimed.json()["token"]
    finish(client, game, seed=3)
    rematch = client.post(f"/games/{game['game_id']}/rematch", headers=auth(game["tokens"]["0"]))
    assert rematch.status_code == 201, rematch.text
    again = rematch.json()["game_id"]
    claimed = client.post(f"/games/{again}/seats/1")
    assert claimed.status_code == 201, claimed.text
    assert _summary(client, again)["status"] == "active"
