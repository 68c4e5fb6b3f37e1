"""A waiting table's summary tells its host that they host it (`hosting`), so a client
need not remember having made the table: the web page decided from what its browser
remembered, and a host whose browser had forgotten saw Leave, which is refused to the
creator's seat, and no Start."""

from __future__ import annotations

import re
from typing import Any

from http_players import open_table, player, problem
from http_table import auth, create
from litestar import Litestar
from litestar.testing import TestClient

from service.app.game_record import SEATING_FIELD
from service.app.upgrade import upgrade
from service.store import InMemoryEventStore

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


def test_the_host_is_named_by_the_logs_first_event_and_by_no_field_beside_it(
    client: Client, store: InMemoryEventStore
) -> None:
    """Issue 27: the table's `game_started` names its host by their mark at this table
    (as their claims' ids start with it), never by their id; the meta names no host.
    With the meta's seating copy deleted, a fresh process still lets the host, and the
    host alone, start the table."""
    ada, bo = player(client, "Ada"), player(client, "Bo")
    game_id = open_table(client, ada, 3)["game_id"]
    claimed = client.post(f"/games/{game_id}/seats/1", headers=auth(bo["token"]))
    assert claimed.status_code == 201, claimed.text
    log = client.get(f"/games/{game_id}/events", headers=auth(ada["token"]))
    started, claim = (envelope["event"] for envelope in log.json()["events"])
    assert started["type"] == "game_started"
    assert re.fullmatch("[0-9a-f]{16}", started["host"]), started
    assert ada["player_id"] not in log.text
    # Ada's mark: her claims at this table would start with it; Bo's claim does not.
    assert not claim["claim"].startswith(started["host"])

    async def forget() -> set[str]:
        await store.put_meta(game_id, {SEATING_FIELD: b""})
        return {field.partition(":")[0] for field in await store.get_meta(game_id)}

    assert "host" not in client.blocking_portal.call(forget)
    assert _hosting(client, game_id, ada["token"]) is True
    assert _hosting(client, game_id, bo["token"]) is False
    refused = client.post(
        f"/games/{game_id}/start", json={"fill": "bots"}, headers=auth(bo["token"])
    )
    assert refused.status_code == 403 and refused.json()["code"] == "not_host", refused.text
    begun = client.post(
        f"/games/{game_id}/start", json={"fill": "bots"}, headers=auth(ada["token"])
    )
    assert begun.status_code == 200, begun.text


def test_a_table_whose_host_an_older_release_kept_in_the_meta_is_still_theirs(
    client: Client, store: InMemoryEventStore
) -> None:
    """Older releases wrote no host into `game_started` and named the host's id in the
    meta's `host` field: upgraded (`host_player`), that host still starts the table,
    from no seat of it."""
    ada = player(client, "Ada")
    seats = [{"kind": "human", "open": True}, {"kind": "human", "open": True}]
    created = create(client, seats=seats)
    game_id, guest = created["game_id"], client.post(f"/games/{created['game_id']}/seats/1")
    assert guest.status_code == 201, guest.text

    async def as_the_older_release() -> None:
        await store.put_meta(game_id, {"host": ada["player_id"].encode()})
        await upgrade(store)
        assert "host" not in await store.get_meta(game_id)

    client.blocking_portal.call(as_the_older_release)
    assert _hosting(client, game_id, ada["token"]) is True
    assert _hosting(client, game_id, guest.json()["token"]) is False
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "bots"}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text


def test_a_host_who_opened_the_table_seatless_keeps_it_among_their_games(
    client: Client,
) -> None:
    """A player who opens a table leaving every seat open hosts it from no seat, and has
    it among their games; sitting down at it and getting up again changes neither."""
    ada = player(client, "Ada")
    seats = [{"kind": "human", "open": True}] * 3
    game_id = client.post("/games", json={"seats": seats}, headers=auth(ada["token"])).json()[
        "game_id"
    ]

    def listed() -> list[str]:
        games = client.get("/players/me/games", headers=auth(ada["token"])).json()["games"]
        return [game["game_id"] for game in games]

    assert listed() == [game_id]
    assert client.post(f"/games/{game_id}/seats/0", headers=auth(ada["token"])).is_success
    assert client.delete(f"/games/{game_id}/seats/0", headers=auth(ada["token"])).is_success
    assert _hosting(client, game_id, ada["token"]) is True
    assert listed() == [game_id]


def test_the_seatless_host_of_a_private_table_sees_it_and_sits_down_without_its_code(
    client: Client,
) -> None:
    """A private table is a 404 to whoever is not at it; its host is, from no seat too:
    it is among their games and theirs to start, so its summary, its events and a
    seat of it are theirs without the code, as for a player a rematch keeps a seat for."""
    ada, eve = player(client, "Ada"), player(client, "Eve")
    seats = [{"kind": "human", "open": True}] * 2
    created = client.post(
        "/games", json={"seats": seats, "private": True}, headers=auth(ada["token"])
    )
    game_id = created.json()["game_id"]
    assert _hosting(client, game_id, ada["token"]) is True
    events = client.get(f"/games/{game_id}/events", headers=auth(ada["token"]))
    assert events.status_code == 200, events.text
    # Anyone else still needs the code.
    problem(client.get(f"/games/{game_id}", headers=auth(eve["token"])), 404, "game_not_found")
    problem(
        client.post(f"/games/{game_id}/seats/1", headers=auth(eve["token"])), 404, "game_not_found"
    )
    claimed = client.post(f"/games/{game_id}/seats/0", headers=auth(ada["token"]))
    assert claimed.status_code == 201, claimed.text


def test_the_host_of_a_private_table_who_gets_up_watches_on(client: Client) -> None:
    """A private table's host may watch it from no seat: a channel they opened seated
    goes on when they give their seat back, where a stranger's would end at the 404."""
    ada = player(client, "Ada")
    seats = [{"kind": "human", "open": True}] * 3
    created = client.post(
        "/games", json={"seats": seats, "private": True}, headers=auth(ada["token"])
    )
    game_id = created.json()["game_id"]
    assert client.post(f"/games/{game_id}/seats/0", headers=auth(ada["token"])).is_success
    with client.websocket_connect(f"/games/{game_id}/live") as socket:
        socket.send_json({"token": ada["token"]})
        seen = [socket.receive_json()["envelope"]["event"]["type"] for _ in range(2)]
        assert client.delete(f"/games/{game_id}/seats/0", headers=auth(ada["token"])).is_success
        last: dict[str, Any] = socket.receive_json()
    assert last["type"] == "event", last
    assert [*seen, last["envelope"]["event"]["type"]] == [
        "game_started",
        "seat_claimed",
        "seat_left",
    ]
