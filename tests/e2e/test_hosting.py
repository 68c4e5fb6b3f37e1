"""A waiting table's summary tells its host that they host it (`hosting`), so a client
need not remember having made the table: the web page decided from what its browser
remembered, and a host whose browser had forgotten saw Leave, which is refused to the
creator's seat, and no Start."""

from __future__ import annotations

from typing import Any

from http_players import open_table, player
from http_table import auth, create
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]


def _hosting(client: Client, game_id: str, token: str | None) -> Any:
    headers = auth(token) if token is not None else {}
    summary = client.get(f"/games/{game_id}", headers=headers)
    assert summary.status_code == 200, summary.text
    return summary.json()["hosting"]


def test_the_host_is_told_and_nobody_else_is(client: Client) -> None:
    ada, bo = player(client, "Ada"), player(client, "Bo")
    game_id = open_table(client, ada, 3)["game_id"]
    claimed = client.post(f"/games/{game_id}/seats/1", headers=auth(bo["token"]))
    assert claimed.status_code == 201, claimed.text
    assert _hosting(client, game_id, ada["token"]) is True
    assert _hosting(client, game_id, bo["token"]) is False
    assert _hosting(client, game_id, claimed.json()["token"]) is False
    assert _hosting(client, game_id, None) is False
    assert _hosting(client, game_id, "not-a-token") is False
    # Started, nobody hosts any more: there is nothing left to start or remove.
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "bots"}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text
    assert _hosting(client, game_id, ada["token"]) is False


def test_without_players_the_first_seat_dealt_a_token_hosts(client: Client) -> None:
    seats = [{"kind": "bot", "level": 1}, {"kind": "human"}, {"kind": "human", "open": True}]
    created = create(client, seats=seats)
    assert _hosting(client, created["game_id"], created["tokens"]["1"]) is True
