"""Claims, leaves and the start race on the log's version: each is an append decided
on the table as its log stands, so the one that lands second is decided again on the
table the first left (or refused), and no seat of a dealt table is ever left open.

Before the table was in the log these raced on compare-and-set fields of the meta
(`claimed:`, `leaving:`, `seated:`), and each race below once ended in a bug: a
stranger holding a seat mid-hand after a leave that raced the start, a start refused
midway whose marked seats stayed neither open nor held, a last claim that dealt a
player who was leaving. Each interleaving is made deterministic by running the racing
request just before the other's append (`_before_append`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import redis.exceptions
from http_players import open_table, player, problem
from http_table import auth

from service.app.errors import ServiceError
from service.app.tables import caller_of, leave, start
from service.store import InMemoryEventStore

Racing = Callable[[], Awaitable[Any]]


def _before_append(
    store: InMemoryEventStore,
    monkeypatch: pytest.MonkeyPatch,
    event_type: str,
    racing: Racing,
) -> None:
    """Run `racing` once, just before the first append of an `event_type` event: that
    write was decided, and the racing request lands first."""
    append = store.append
    marker = f'"type":"{event_type}"'.encode()

    async def raced(game_id: str, events: Any, **options: Any) -> Any:
        if any(marker in event for event in events):
            monkeypatch.setattr(store, "append", append)
            await racing()
        return await append(game_id, events, **options)

    monkeypatch.setattr(store, "append", raced)


def _claims(games: Any, game_id: str, seat: int, holder: dict[str, Any]) -> Racing:
    """A claim of `seat` by the player `holder`, to race with another request."""

    async def claim() -> None:
        await games.claim(game_id, seat, await games.players.authenticate(holder["token"]))

    return claim


def _leaves(games: Any, game_id: str, seat: int, holder: dict[str, Any]) -> Racing:
    """`holder` leaving `seat`, to race with another request."""

    async def leaves() -> None:
        await leave(games, game_id, seat, await caller_of(games, game_id, holder["token"]))

    return leaves


def _seats(client: Any, game_id: str) -> list[tuple[str, str | None]]:
    summary = client.get(f"/games/{game_id}").json()
    return [(seat["kind"], seat.get("name")) for seat in summary["seats"]]


def _status(client: Any, game_id: str) -> str:
    return str(client.get(f"/games/{game_id}").json()["status"])


@pytest.mark.parametrize("first", ["leave", "start"])
def test_a_leave_racing_the_start_leaves_every_seat_played(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch, first: str
) -> None:
    host, bo = player(client, "Ada"), player(client, "Bo")
    game_id: str = open_table(client, host, 3)["game_id"]
    assert client.post(f"/games/{game_id}/seats/2", headers=auth(bo["token"])).is_success
    games = app.state.games

    async def host_starts() -> None:
        await start(games, game_id, await caller_of(games, game_id, host["token"]), "bots", 2)

    bo_leaves = _leaves(games, game_id, 2, bo)
    if first == "leave":
        _before_append(store, monkeypatch, "seat_filled", bo_leaves)
        started = client.post(
            f"/games/{game_id}/start", json={"fill": "bots"}, headers=auth(host["token"])
        )
        assert started.status_code == 200, started.text
        # The leave went first: the table started without Bo, a bot at his seat.
        assert _seats(client, game_id) == [("human", "Ada"), ("bot", None), ("bot", None)]
        refused = client.get(f"/games/{game_id}/view", headers=auth(bo["token"]))
        assert refused.status_code == 403, refused.text
    else:
        _before_append(store, monkeypatch, "seat_left", host_starts)
        left = client.delete(f"/games/{game_id}/seats/2", headers=auth(bo["token"]))
        # The start went first: Bo was dealt in, and his leave is refused.
        problem(left, 409, "table_started")
        assert _seats(client, game_id) == [("human", "Ada"), ("bot", None), ("human", "Bo")]
        view = client.get(f"/games/{game_id}/view", headers=auth(bo["token"]))
        assert view.status_code == 200 and view.json()["hand"], view.text
    assert _status(client, game_id) == "active"
    # No seat of the dealt table is open to anyone, with a token or without.
    stranger = player(client, "Cy")
    for headers in (auth(stranger["token"]), {}):
        taken = client.post(f"/games/{game_id}/seats/2", headers=headers)
        assert taken.status_code == 409, taken.text
        assert taken.json()["code"] in ("seat_taken", "table_started"), taken.text


def test_a_leave_racing_a_start_that_closes_up_keeps_the_others_seats(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seats [host, open, Bo, Cy]: Bo leaves seat 2 just before the host's start
    without the open seats lands. The start is decided again: it removes seats 1
    and 2, and Cy moves into seat 1, playing his own hand."""
    host, bo, cy = player(client, "Ada"), player(client, "Bo"), player(client, "Cy")
    game_id: str = open_table(client, host, 4)["game_id"]
    for seat, holder in ((2, bo), (3, cy)):
        assert client.post(f"/games/{game_id}/seats/{seat}", headers=auth(holder["token"]))
    games = app.state.games

    bo_leaves = _leaves(games, game_id, 2, bo)
    _before_append(store, monkeypatch, "seats_removed", bo_leaves)
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(host["token"])
    )
    assert started.status_code == 200, started.text
    assert [seat["name"] for seat in started.json()["seats"]] == ["Ada", "Cy"]
    view = client.get(f"/games/{game_id}/view", headers=auth(cy["token"]))
    assert view.status_code == 200 and view.json()["seat"] == 1 and view.json()["hand"]
    refused = client.get(f"/games/{game_id}/view", headers=auth(bo["token"]))
    assert refused.status_code == 403, refused.text


def test_a_claim_racing_a_start_that_closes_up_keeps_its_seat(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seats [host, Ada, open, open]: Cy claims seat 3 just before the host's start
    without the open seats lands. The start is decided again, without seat 2 alone."""
    host, ada, cy = (player(client, name) for name in ("Host", "Ada", "Cy"))
    game_id: str = open_table(client, host, 4)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"])).is_success
    games = app.state.games

    cy_claims = _claims(games, game_id, 3, cy)
    _before_append(store, monkeypatch, "seats_removed", cy_claims)
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(host["token"])
    )
    assert started.status_code == 200, started.text
    assert _seats(client, game_id) == [("human", name) for name in ("Host", "Ada", "Cy")]
    view = client.get(f"/games/{game_id}/view", headers=auth(cy["token"]))
    assert view.status_code == 200 and view.json()["seat"] == 2 and view.json()["hand"]


def test_a_start_that_failed_does_not_keep_its_players_from_leaving(
    client: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A start whose append fails writes nothing: the table still waits, and its
    players may still leave."""
    host, bo = player(client, "Ada"), player(client, "Bo")
    game_id: str = open_table(client, host, 3)["game_id"]
    assert client.post(f"/games/{game_id}/seats/2", headers=auth(bo["token"])).is_success

    async def store_fails() -> None:
        raise ServiceError("store_unavailable", "the store is busy")

    _before_append(store, monkeypatch, "seat_filled", store_fails)
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "bots"}, headers=auth(host["token"])
    )
    assert started.status_code == 503, started.text
    assert _status(client, game_id) == "waiting"
    left = client.delete(f"/games/{game_id}/seats/2", headers=auth(bo["token"]))
    assert left.status_code == 204, left.text
    assert client.get(f"/games/{game_id}").json()["seats"][2]["claimed"] is False


@pytest.mark.parametrize("first", ["leave", "claim"])
def test_a_leave_racing_the_last_claim_leaves_no_seat_of_a_dealt_table_empty(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch, first: str
) -> None:
    host, ada, cy = (player(client, name) for name in ("Host", "Ada", "Cy"))
    game_id: str = open_table(client, host, 3)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"])).is_success
    games = app.state.games

    cy_claims_the_last_seat = _claims(games, game_id, 2, cy)
    ada_leaves = _leaves(games, game_id, 1, ada)
    if first == "claim":
        _before_append(store, monkeypatch, "seat_left", cy_claims_the_last_seat)
        left = client.delete(f"/games/{game_id}/seats/1", headers=auth(ada["token"]))
        # The deal came first: Ada was dealt in, and her leave is refused.
        problem(left, 409, "table_started")
        assert _seats(client, game_id) == [("human", "Host"), ("human", "Ada"), ("human", "Cy")]
        view = client.get(f"/games/{game_id}/view", headers=auth(ada["token"]))
        assert view.status_code == 200 and view.json()["hand"], view.text
    else:
        _before_append(store, monkeypatch, "seat_claimed", ada_leaves)
        claimed = client.post(f"/games/{game_id}/seats/2", headers=auth(cy["token"]))
        assert claimed.status_code == 201, claimed.text
        # Ada left before the table was full: it waits for another player.
        assert _status(client, game_id) == "waiting"
        assert _seats(client, game_id) == [("human", "Host"), ("human", None), ("human", "Cy")]


def test_concurrent_claims_of_one_seat_seat_one_player(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, ada, bo = (player(client, name) for name in ("Host", "Ada", "Bo"))
    game_id: str = open_table(client, host, 3)["game_id"]
    games = app.state.games

    _before_append(store, monkeypatch, "seat_claimed", _claims(games, game_id, 1, bo))
    taken = client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"]))
    problem(taken, 409, "seat_taken")
    assert _seats(client, game_id)[1] == ("human", "Bo")
    # Ada's claim left no token that opens anything, and her games list no table.
    assert client.get(f"/games/{game_id}/view", headers=auth(ada["token"])).status_code == 403


def test_one_player_racing_for_two_seats_gets_one(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two claims by one player, for two seats of a table that is not hot-seat: the
    log shows the first, so the second is refused, whatever its first read said."""
    host, ada = player(client, "Host"), player(client, "Ada")
    game_id: str = open_table(client, host, 4)["game_id"]
    games = app.state.games

    _before_append(store, monkeypatch, "seat_claimed", _claims(games, game_id, 2, ada))
    second = client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"]))
    assert problem(second, 409, "already_seated")["facts"]["seat"] == 2
    assert [name for _, name in _seats(client, game_id)] == ["Host", None, "Ada", None]


def _starts(games: Any, game_id: str, host: dict[str, Any], fill: str) -> Racing:
    """The host's start with `fill`, to race with another request."""

    async def host_starts() -> None:
        await start(games, game_id, await caller_of(games, game_id, host["token"]), fill, 2)

    return host_starts


def test_a_claim_landing_after_a_start_that_removed_its_seat_finds_the_table_started(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seats [host, Cy, open, open]: the lobby showed seat 3 open, and the host's start
    without the open seats lands just before Bo's claim of it. The seat is gone, but
    what Bo must learn is that the table started (409), not that the seat never was
    (404 `seat_not_found`)."""
    host, cy, bo = (player(client, name) for name in ("Ada", "Cy", "Bo"))
    game_id: str = open_table(client, host, 4)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(cy["token"])).is_success
    games = app.state.games

    _before_append(store, monkeypatch, "seat_claimed", _starts(games, game_id, host, "remove"))
    raced = client.post(f"/games/{game_id}/seats/3", headers=auth(bo["token"]))
    problem(raced, 409, "table_started")
    assert _seats(client, game_id) == [("human", "Ada"), ("human", "Cy")]
    # And once it has started, either seat it removed; a seat past any it had is none.
    for seat in (2, 3):
        late = client.post(f"/games/{game_id}/seats/{seat}", headers=auth(bo["token"]))
        problem(late, 409, "table_started")
    beyond = client.post(f"/games/{game_id}/seats/4", headers=auth(bo["token"]))
    problem(beyond, 404, "seat_not_found")


def test_a_claim_landing_after_a_start_that_filled_its_seat_finds_the_table_started(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seats [host, open, open]: the host's start with bots lands just before Bo's
    claim of seat 2. A bot holds it now, but what Bo must learn is that the table
    started, not that another player took the seat while the table waited."""
    host, bo = player(client, "Ada"), player(client, "Bo")
    game_id: str = open_table(client, host, 3)["game_id"]
    games = app.state.games

    _before_append(store, monkeypatch, "seat_claimed", _starts(games, game_id, host, "bots"))
    raced = client.post(f"/games/{game_id}/seats/2", headers=auth(bo["token"]))
    problem(raced, 409, "table_started")
    assert [kind for kind, _ in _seats(client, game_id)] == ["human", "bot", "bot"]


def test_a_leave_landing_after_a_start_that_renumbered_its_seat_finds_the_table_started(
    client: Any,
) -> None:
    """Seats [host, open, Cy]: Cy gives back seat 2 as he saw it, but the host's start
    without the open seats came first and moved him to seat 1. His leave is refused
    because the table started (409), not because only the host may remove a player
    (403 `not_host`), by his player token and by his seat token alike."""
    host, cy = player(client, "Ada"), player(client, "Cy")
    game_id: str = open_table(client, host, 3)["game_id"]
    seated = client.post(f"/games/{game_id}/seats/2", headers=auth(cy["token"]))
    assert seated.status_code == 201, seated.text
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(host["token"])
    )
    assert started.status_code == 200, started.text
    assert _seats(client, game_id) == [("human", "Ada"), ("human", "Cy")]

    for token in (cy["token"], seated.json()["token"]):
        left = client.delete(f"/games/{game_id}/seats/2", headers=auth(token))
        problem(left, 409, "table_started")


def test_a_claim_whose_token_cannot_be_recorded_leaves_the_seat_open(
    client: Any, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The claim appended its `seat_claimed` first and recorded its token's game
    # after: the store lost between the two, the claim answered 503 with no token,
    # yet the seat was taken for good by a token nobody holds (a retry: 409
    # seat_taken). And a token whose game is not recorded answers 401 for 403.
    game_id = open_table(client, player(client, "Host"))["game_id"]
    store = app.state.store
    put = store.put_token_owner

    async def store_lost(digest: str, owner: str) -> None:
        monkeypatch.setattr(store, "put_token_owner", put)
        raise redis.exceptions.ConnectionError("lost")

    monkeypatch.setattr(store, "put_token_owner", store_lost)
    problem(client.post(f"/games/{game_id}/seats/1"), 503, "store_unavailable")
    assert client.get(f"/games/{game_id}").json()["seats"][1]["claimed"] is False
    claimed = client.post(f"/games/{game_id}/seats/1")
    assert claimed.status_code == 201, claimed.text
    # The token's game is known: at another table it is another game's (403).
    other = open_table(client, player(client, "Other"))["game_id"]
    elsewhere = client.get(f"/games/{other}/view", headers=auth(claimed.json()["token"]))
    problem(elsewhere, 403, "wrong_game")
