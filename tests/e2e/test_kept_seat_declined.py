"""A player a rematch keeps a seat for may decline it (the seat goes back to the
lobby, the table leaves their games), and a host seated nowhere may put their
expired table out of their games: before, both were refused and the table stayed
in that player's games for good. A rematch its host starts before another player
came back leaves that player's games too (it stayed there with `seats: []`)."""

from __future__ import annotations

import random
import time
from typing import Any

from http_players import open_table, play_one, player, problem
from http_table import auth
from litestar.testing import TestClient
from test_rematch_ids import _table_of_two

from service.http.app import create_app
from service.runtime.settings import Settings
from service.store import InMemoryEventStore

Client = TestClient[Any]


def _games_of(client: Client, token: str) -> list[str]:
    page = client.get("/players/me/games", headers=auth(token)).json()
    return [game["game_id"] for game in page["games"]]


def _rematch(client: Client) -> tuple[str, dict[int, str]]:
    game_id, tokens, _ = _table_of_two(client, seed=21)
    rng = random.Random(3)
    while client.get(f"/games/{game_id}").json()["status"] != "finished":
        play_one(client, game_id, tokens, rng)
    asked = client.post(f"/games/{game_id}/rematch", headers=auth(tokens[0]))
    assert asked.status_code == 201, asked.text
    return asked.json()["game_id"], tokens


def test_a_player_declines_the_seat_a_rematch_keeps_for_them(client: Client) -> None:
    rematch, tokens = _rematch(client)
    assert rematch in _games_of(client, tokens[1])
    cy = player(client, "Cy")
    # The summary tells each player the seat kept for them, and no one else's.
    for token, kept in ((tokens[1], 1), (tokens[0], None), (cy["token"], None)):
        summary = client.get(f"/games/{rematch}", headers=auth(token)).json()
        assert summary["kept_for_you"] == kept
    # Not someone else's to decline, nor the host's to take back from the player.
    problem(
        client.delete(f"/games/{rematch}/seats/1", headers=auth(cy["token"])), 403, "not_seated"
    )
    declined = client.delete(f"/games/{rematch}/seats/1", headers=auth(tokens[1]))
    assert declined.status_code == 204, declined.text
    assert rematch not in _games_of(client, tokens[1])
    summary = client.get(f"/games/{rematch}", headers=auth(tokens[1])).json()
    assert summary["kept_for_you"] is None
    assert summary["status"] == "waiting"
    assert (summary["seats"][1]["claimed"], summary["seats"][1]["reserved"]) == (False, False)
    events = client.get(f"/games/{rematch}/events", headers=auth(tokens[0])).json()["events"]
    assert {"type": "seat_left", "seat": 1} in [envelope["event"] for envelope in events]
    # The seat is the lobby's again: anyone may take it.
    claimed = client.post(f"/games/{rematch}/seats/1", headers=auth(cy["token"]))
    assert claimed.status_code == 201, claimed.text
    # Declined once: a second try finds no seat kept for them.
    again = client.delete(f"/games/{rematch}/seats/1", headers=auth(tokens[1]))
    problem(again, 403, "not_seated")


def test_a_rematch_started_without_a_player_leaves_their_games(client: Client) -> None:
    rematch, tokens = _rematch(client)
    assert rematch in _games_of(client, tokens[1])  # kept for Bob while it waits
    rules = {"fill": "bots", "level": 1}
    started = client.post(f"/games/{rematch}/start", json=rules, headers=auth(tokens[0]))
    assert started.status_code == 200, started.text
    assert rematch not in _games_of(client, tokens[1])
    assert rematch in _games_of(client, tokens[0])


def test_a_host_seated_nowhere_puts_their_expired_table_out_of_their_games() -> None:
    settings = Settings(waiting_table_ttl_s=0.2)
    with TestClient(create_app(InMemoryEventStore(), settings=settings)) as client:
        ada = player(client, "Ada")
        everyone_open = [{"kind": "human", "open": True}] * 2
        game_id = open_table(client, ada, seats=everyone_open)["game_id"]
        assert game_id in _games_of(client, ada["token"])
        refused = client.delete(f"/games/{game_id}/seats/0", headers=auth(ada["token"]))
        problem(refused, 409, "seat_not_open")  # not expired: it waits for players
        time.sleep(0.3)
        removed = client.delete(f"/games/{game_id}/seats/0", headers=auth(ada["token"]))
        assert removed.status_code == 204, removed.text
        assert game_id not in _games_of(client, ada["token"])


def test_a_hot_seat_rematch_keeps_no_seat_to_decline_and_is_among_the_hosts_games(
    client: Client,
) -> None:
    """A hot-seat player's rematch seats them at every seat they held, dealt at once
    (tests/e2e/test_hot_seat_rematch.py): no seat is kept for them to decline, and the
    table is among their games. (Before, their other seats were kept for them, and
    declining one left the table out of their games as if they had declined all of it.)"""
    ada = player(client, "Ada")
    rules = {"game_end": "hands:1", "rated": False}
    game_id = open_table(client, ada, count=3, hot_seat=True, rules=rules)["game_id"]
    for seat in (1, 2):
        claimed = client.post(f"/games/{game_id}/seats/{seat}", headers=auth(ada["token"]))
        assert claimed.status_code == 201, claimed.text
    rng = random.Random(3)
    while client.get(f"/games/{game_id}").json()["status"] != "finished":
        play_one(client, game_id, dict.fromkeys(range(3), ada["token"]), rng)
    asked = client.post(f"/games/{game_id}/rematch", headers=auth(ada["token"]))
    assert asked.status_code == 201, asked.text
    rematch = asked.json()["game_id"]
    declined = client.delete(f"/games/{rematch}/seats/1", headers=auth(ada["token"]))
    problem(declined, 409, "table_started")
    summary = client.get(f"/games/{rematch}", headers=auth(ada["token"])).json()
    assert (summary["status"], summary["kept_for_you"]) == ("active", None)
    assert rematch in _games_of(client, ada["token"])
