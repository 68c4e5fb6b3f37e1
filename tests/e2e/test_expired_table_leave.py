"""A player seated at a table that expired can still leave it, its creator too.

A waiting table nobody fills expires: it leaves the lobby, and claims and starts
are refused (409 `table_expired`). Its leave was refused the same way, so a player
who had claimed a seat there could never get up: the dead table stayed in their
`GET /players/me/games?status=waiting` for good, with nothing they could do about
it. The README refuses claims and starts of an expired table, not leaves. Its
creator's own seat never goes back to the lobby, so the creator could not get up at
all: a dead table stayed first in their games, shown as waiting for players.
"""

from __future__ import annotations

import time

from http_players import open_table, player, problem
from http_table import auth
from litestar.testing import TestClient

from service.http.app import create_app
from service.runtime.settings import Settings
from service.store import InMemoryEventStore

TTL_S = 0.2


def _waiting(client: TestClient[object], token: str) -> list[str]:
    return [game["game_id"] for game in _waiting_games(client, token)]


def _waiting_games(client: TestClient[object], token: str) -> list[dict[str, object]]:
    page = client.get("/players/me/games?status=waiting", headers=auth(token)).json()
    games: list[dict[str, object]] = page["games"]
    return games


def test_a_player_leaves_an_expired_table_and_it_leaves_their_games() -> None:
    settings = Settings(waiting_table_ttl_s=TTL_S)
    with TestClient(create_app(InMemoryEventStore(), settings=settings)) as client:
        ada, bo = player(client, "Ada"), player(client, "Bo")
        game_id = open_table(client, ada, 3)["game_id"]
        claimed = client.post(f"/games/{game_id}/seats/1", headers=auth(bo["token"]))
        assert claimed.status_code == 201, claimed.text
        time.sleep(TTL_S * 1.5)  # past the table's expiry (a lower bound, whatever the load)
        assert client.get(f"/games/{game_id}").json()["expired"] is True
        assert _waiting(client, bo["token"]) == [game_id]
        left = client.delete(f"/games/{game_id}/seats/1", headers=auth(bo["token"]))
        assert left.status_code == 204, left.text
        assert _waiting(client, bo["token"]) == []
        assert client.get("/games").json()["games"] == []  # still out of the lobby


def test_the_creator_of_an_expired_table_sees_it_expired_and_puts_it_away() -> None:
    settings = Settings(waiting_table_ttl_s=TTL_S)
    with TestClient(create_app(InMemoryEventStore(), settings=settings)) as client:
        ada = player(client, "Ada")
        game_id = open_table(client, ada, 3)["game_id"]
        [listed] = _waiting_games(client, ada["token"])
        assert listed["expired"] is False
        # While the table may still fill, the creator's seat is theirs to keep.
        kept = client.delete(f"/games/{game_id}/seats/0", headers=auth(ada["token"]))
        problem(kept, 409, "seat_not_open")
        time.sleep(TTL_S * 1.5)  # past the table's expiry (a lower bound, whatever the load)
        [listed] = _waiting_games(client, ada["token"])
        assert (listed["game_id"], listed["expired"]) == (game_id, True)
        left = client.delete(f"/games/{game_id}/seats/0", headers=auth(ada["token"]))
        assert left.status_code == 204, left.text
        assert _waiting(client, ada["token"]) == []
        # Another player cannot put it away for them.
        stranger = player(client, "Cy")
        refused = client.delete(f"/games/{game_id}/seats/0", headers=auth(stranger["token"]))
        problem(refused, 403, "not_seated")
