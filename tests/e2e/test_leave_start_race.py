"""A leave that races the start leaves no seat of a started game open to strangers.

`DELETE /games/{id}/seats/{seat}` checks that the table waits, then writes the
vacated seat's fields (token, player, name cleared, its claim moved on). Nothing
ties that write to the log's version: when the host's start (`fill: bots`) runs in
between, the start sees the seat held (no bot for it) and deals it a hand; then the
leave's write opens the seat of a game in play. The lobby listed the active game
with an open seat, and anyone could claim it: a stranger held a seat mid-hand and
read the hand dealt to the player who left (who, answered 204, believes they left
a waiting table).

The interleaving is made deterministic here by running the start inside the
leave's meta write; in production it is two requests a few milliseconds apart.

Fixed twice over: a seat of a started game is never claimed (409 `table_started`),
and the leave and the start now race on one compare-and-set per claim of a seat
(`leaving:<seat>@<claim>`): the start that finds a leave there waits for its write
and starts without them (a bot takes the seat), and a leave that finds the start
there is refused (409 `table_started`, the seat dealt in). Issue 27's move of the
table into the log would make the append's version check this compare-and-set.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from http_players import open_table, player
from http_table import auth

from service.app import tables
from service.app.errors import ServiceError
from service.app.tables import caller_of, start
from service.store import InMemoryEventStore


def _raced(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: Any, first: str = "leave"
) -> tuple[str, int]:
    """A table whose seat 2's holder leaves while the host starts it (fill: bots): the
    leave's compare-and-set of the seat first (`leave`), or the start's (`start`).
    The leave's answer's status."""
    host, leaver = player(client, "Ada"), player(client, "Bo")
    game_id: str = open_table(client, host, 3)["game_id"]
    claimed = client.post(f"/games/{game_id}/seats/2", headers=auth(leaver["token"]))
    assert claimed.status_code == 201, claimed.text
    games = app.state.games
    put_meta, put_if_absent = store.put_meta, store.put_meta_if_absent

    async def host_starts() -> None:
        await start(games, game_id, await caller_of(games, game_id, host["token"]), "bots", 2)

    async def start_wins_the_seat(target: str, field: str, value: bytes) -> bool:
        # The start's compare-and-set lands between the leave's check and its own.
        if value == b"leave":
            monkeypatch.setattr(store, "put_meta_if_absent", put_if_absent)
            await host_starts()
        return await put_if_absent(target, field, value)

    async def start_during_the_release(target: str, fields: Any) -> None:
        # The leave won the seat; the start runs while its release is being written.
        if target == game_id and "reopened:2" in fields:
            monkeypatch.setattr(store, "put_meta", put_meta)
            started = asyncio.create_task(host_starts())
            await asyncio.sleep(0.1)
            await put_meta(target, fields)
            await started
            return
        await put_meta(target, fields)

    if first == "start":
        monkeypatch.setattr(store, "put_meta_if_absent", start_wins_the_seat)
    else:
        monkeypatch.setattr(store, "put_meta", start_during_the_release)
    left = client.delete(f"/games/{game_id}/seats/2", headers=auth(leaver["token"]))
    assert client.get(f"/games/{game_id}").json()["status"] == "active"
    return game_id, left.status_code


def test_a_stranger_cannot_claim_the_seat_a_raced_leave_opened(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = _raced(client, app, store, monkeypatch)
    stranger = player(client, "Cy")
    # The seat is the bot's (the start waited for the leave): taken, as is any seat
    # of a started table, whatever its fields say.
    for token in (stranger["token"], None):
        taken = client.post(f"/games/{game_id}/seats/2", headers=auth(token) if token else {})
        assert taken.status_code == 409, taken.text
        assert taken.json()["code"] in ("seat_taken", "table_started"), taken.text


@pytest.mark.parametrize("first", ["leave", "start"])
def test_a_leave_racing_the_start_leaves_every_seat_played(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch, first: str
) -> None:
    game_id, left = _raced(client, app, store, monkeypatch, first)
    seat = client.get(f"/games/{game_id}").json()["seats"][2]
    if first == "leave":
        # The leave went first: the table started without them, a bot at their seat.
        assert left == 204 and seat["kind"] == "bot", seat
    else:
        # The start went first: they were dealt in, and the leave is refused.
        assert left == 409 and seat["claimed"] and seat["name"] == "Bo", seat


def test_a_leave_racing_a_start_that_closes_up_keeps_the_others_seats(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seats [host, open, Bo, Cy]: Bo leaves seat 2 as the host starts without the open
    seats. The start waits for Bo's release, so Bo's write cannot land on the seat Cy
    moves into: the table starts as [host, Cy], Cy playing his own seat."""
    host, bo, cy = player(client, "Ada"), player(client, "Bo"), player(client, "Cy")
    game_id: str = open_table(client, host, 4)["game_id"]
    for seat, holder in ((2, bo), (3, cy)):
        claimed = client.post(f"/games/{game_id}/seats/{seat}", headers=auth(holder["token"]))
        assert claimed.status_code == 201, claimed.text
    games = app.state.games
    put_meta = store.put_meta

    async def start_during_the_release(target: str, fields: Any) -> None:
        if target == game_id and "reopened:2" in fields:
            monkeypatch.setattr(store, "put_meta", put_meta)
            caller = await caller_of(games, game_id, host["token"])
            started = asyncio.create_task(start(games, game_id, caller, "remove", 2))
            await asyncio.sleep(0.1)
            await put_meta(target, fields)
            await started
            return
        await put_meta(target, fields)

    monkeypatch.setattr(store, "put_meta", start_during_the_release)
    left = client.delete(f"/games/{game_id}/seats/2", headers=auth(bo["token"]))
    assert left.status_code == 204, left.text
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "active"
    assert [seat["name"] for seat in summary["seats"]] == ["Ada", "Cy"]
    view = client.get(f"/games/{game_id}/view", headers=auth(cy["token"]))
    assert view.status_code == 200 and view.json()["seat"] == 1 and view.json()["hand"]
    refused = client.get(f"/games/{game_id}/view", headers=auth(bo["token"]))
    assert refused.status_code == 403, refused.text


def test_a_start_that_failed_does_not_keep_its_players_from_leaving(
    client: Any, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A start marks the seats it deals in; when it fails before dealing (here, its
    bots' write), the table still waits and its players may still leave."""
    host, bo = player(client, "Ada"), player(client, "Bo")
    game_id: str = open_table(client, host, 3)["game_id"]
    claimed = client.post(f"/games/{game_id}/seats/2", headers=auth(bo["token"]))
    assert claimed.status_code == 201, claimed.text

    async def store_fails(*_: Any) -> None:
        raise ServiceError("store_unavailable", "the store is busy")

    with monkeypatch.context() as failing:
        failing.setattr(tables, "_fill_seats", store_fails)
        started = client.post(
            f"/games/{game_id}/start", json={"fill": "bots"}, headers=auth(host["token"])
        )
    assert started.status_code == 503, started.text
    assert client.get(f"/games/{game_id}").json()["status"] == "waiting"
    left = client.delete(f"/games/{game_id}/seats/2", headers=auth(bo["token"]))
    assert left.status_code == 204, left.text
    assert client.get(f"/games/{game_id}").json()["seats"][2]["claimed"] is False
