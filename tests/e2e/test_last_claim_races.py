"""The claim that takes a waiting table's last open seat deals only a table whose
every human seat is held: not while a start is seating bots or removing seats, nor
while a seat's holder is leaving.

Seen with five table requests at once on a real server (1 in 12 rounds): an active
game with a human seat nobody held, its hand dealt to no one. Nothing could play it
(claims of a started table are refused), so a table without a turn time limit was
stuck for good. Two ways in:

- A start with `{"fill": "remove"}` marks each open seat for itself (the seat's
  compare-and-set) and is refused when a claim wins one of them first (409
  `seat_taken`). The seats it marked before stayed marked, neither open nor held,
  and that claim, seeing no open seat left, dealt the table.
- A leave that won its seat's compare-and-set against the start (`leaving:`) was not
  held up by the last claim's deal, which did not take that compare-and-set: the
  claim dealt the leaver in, then the leave (answered 204) opened the seat.

The interleavings are made deterministic by running the racing request inside the
other's step, as `test_leave_start_race.py` does.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from http_players import open_table, player, problem
from http_table import auth

from service.app.tables import caller_of, leave, start
from service.store import InMemoryEventStore


def _seats(client: Any, game_id: str) -> list[tuple[str, str | None]]:
    summary = client.get(f"/games/{game_id}").json()
    return [(seat["kind"], seat.get("name")) for seat in summary["seats"]]


def _leaving_before_the_read(
    games: Any, game_id: str, token: str, monkeypatch: pytest.MonkeyPatch
) -> Callable[[str], Awaitable[Any]]:
    """A stand-in for `games.fresh_facts`: seat 1's holder (`token`) leaves, then the
    meta is read as the stand-in's caller asked (once: the real one is back after)."""
    fresh_facts = games.fresh_facts

    async def leaves_first(target: str) -> Any:
        monkeypatch.setattr(games, "fresh_facts", fresh_facts)
        await leave(games, game_id, 1, await caller_of(games, game_id, token))
        return await fresh_facts(target)

    return leaves_first


def test_a_start_refused_midway_gives_its_seats_back_and_the_last_claim_waits(
    client: Any, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, ada, bo, cy = (player(client, name) for name in ("Host", "Ada", "Bo", "Cy"))
    game_id: str = open_table(client, host, 4)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"])).is_success
    games = app.state.games
    take_seat = games.seats.take_seat

    async def cy_claims_seat_3_first(target: str, facts: Any, seat: int, claim: bytes) -> bool:
        # The start has marked seat 2 for itself; Cy's claim of seat 3 wins it.
        if seat == 3 and claim == b"bot":
            monkeypatch.setattr(games.seats, "take_seat", take_seat)
            await games.claim(game_id, 3, await games.players.authenticate(cy["token"]))
        return await take_seat(target, facts, seat, claim)

    monkeypatch.setattr(games.seats, "take_seat", cy_claims_seat_3_first)
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(host["token"])
    )
    problem(started, 409, "seat_taken")
    # Refused: the table waits as it was, seat 2 open to the lobby again.
    assert client.get(f"/games/{game_id}").json()["status"] == "waiting"
    claimed = client.post(f"/games/{game_id}/seats/2", headers=auth(bo["token"]))
    assert claimed.status_code == 201, claimed.text
    assert client.get(f"/games/{game_id}").json()["status"] == "active"
    assert _seats(client, game_id) == [("human", name) for name in ("Host", "Ada", "Bo", "Cy")]


def test_a_leave_racing_the_last_claim_leaves_no_seat_of_a_dealt_table_empty(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, ada, cy = (player(client, name) for name in ("Host", "Ada", "Cy"))
    game_id: str = open_table(client, host, 3)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"])).is_success
    games = app.state.games
    put_if_absent = store.put_meta_if_absent

    async def cy_claims_the_last_seat_first(target: str, field: str, value: bytes) -> bool:
        # Ada's leave has checked the table waits; Cy's claim of its last seat lands.
        if value == b"leave":
            monkeypatch.setattr(store, "put_meta_if_absent", put_if_absent)
            await games.claim(game_id, 2, await games.players.authenticate(cy["token"]))
        return await put_if_absent(target, field, value)

    monkeypatch.setattr(store, "put_meta_if_absent", cy_claims_the_last_seat_first)
    left = client.delete(f"/games/{game_id}/seats/1", headers=auth(ada["token"]))
    summary = client.get(f"/games/{game_id}").json()
    if left.status_code == 204:
        # The leave came first: the table waits, seat 1 open again.
        assert summary["status"] == "waiting", summary
        assert _seats(client, game_id) == [("human", "Host"), ("human", None), ("human", "Cy")]
    else:
        # The deal came first: Ada was dealt in, and her leave is refused.
        problem(left, 409, "table_started")
        assert _seats(client, game_id) == [("human", "Host"), ("human", "Ada"), ("human", "Cy")]
        view = client.get(f"/games/{game_id}/view", headers=auth(ada["token"]))
        assert view.status_code == 200 and view.json()["hand"], view.text


def test_a_leave_between_the_last_claims_reads_of_the_table_is_seen(
    client: Any, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dealer (here the last claim; the start below) read the game (the leaver's
    seat held), then the meta (the seat released): it marked no leave for a seat
    its meta showed open, and dealt the seats its game showed held, the leaver's too."""
    host, ada, cy = (player(client, name) for name in ("Host", "Ada", "Cy"))
    game_id: str = open_table(client, host, 3)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"])).is_success
    games = app.state.games
    ada_leaves_first = _leaving_before_the_read(games, game_id, ada["token"], monkeypatch)

    monkeypatch.setattr(games, "fresh_facts", ada_leaves_first)
    claimed = client.post(f"/games/{game_id}/seats/2", headers=auth(cy["token"]))
    assert claimed.status_code == 201, claimed.text
    # Ada left before the table was full: it waits for another player.
    assert client.get(f"/games/{game_id}").json()["status"] == "waiting"
    assert _seats(client, game_id) == [("human", "Host"), ("human", None), ("human", "Cy")]


@pytest.mark.parametrize("fill", ["bots", "remove"])
def test_a_leave_between_the_starts_reads_of_the_table_is_seen(
    client: Any, app: Any, monkeypatch: pytest.MonkeyPatch, fill: str
) -> None:
    host, ada, bo = (player(client, name) for name in ("Host", "Ada", "Bo"))
    seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 3
    game_id: str = open_table(client, host, seats=seats)["game_id"]
    for seat, holder in ((1, ada), (2, bo)):
        assert client.post(f"/games/{game_id}/seats/{seat}", headers=auth(holder["token"]))
    games = app.state.games
    ada_leaves_first = _leaving_before_the_read(games, game_id, ada["token"], monkeypatch)

    async def host_starts() -> None:
        caller = await caller_of(games, game_id, host["token"])
        # The start's own reads: the game, then the meta, Ada leaving between them.
        monkeypatch.setattr(games, "fresh_facts", ada_leaves_first)
        await start(games, game_id, caller, fill, 2)

    with client.portal() as portal:
        portal.call(host_starts)
    assert client.get(f"/games/{game_id}").json()["status"] == "active"
    expected = {
        "bots": [("human", "Host"), ("bot", None), ("human", "Bo"), ("bot", None)],
        "remove": [("human", "Host"), ("human", "Bo")],
    }
    assert _seats(client, game_id) == expected[fill]
