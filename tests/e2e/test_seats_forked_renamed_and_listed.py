"""Seats as events of the log, at their edges: forks and imports of logs that hold
claims and leaves, tokens of seats given back, names and players' lists of games."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from http_players import open_table, player
from http_table import auth, create, finish
from litestar import Litestar
from litestar.testing import TestClient

from service.app.player_games import rename_player
from service.app.tables import caller_of, leave
from service.app.tokens import new_token, token_hash
from service.app.upgrade import upgrade
from service.store import InMemoryEventStore

Client = TestClient[Litestar]


def _before_filing(
    players: Any, monkeypatch: pytest.MonkeyPatch, racing: Callable[[], Awaitable[None]]
) -> None:
    """Run `racing` once, just before the next table is filed among a player's games."""
    file_game = players.file_game

    async def raced(player_id: str, game_id: str, created_ts: float) -> None:
        monkeypatch.setattr(players, "file_game", file_game)
        await racing()
        await file_game(player_id, game_id, created_ts)

    monkeypatch.setattr(players, "file_game", raced)


def test_a_fork_before_the_deal_of_a_seat_given_back_deals_every_seat_a_token(
    client: Client,
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 2
    game = create(client, seats=seats, seed=5, rules={"game_end": "hands:1"})
    game_id, host = game["game_id"], game["tokens"]["0"]
    first = client.post(f"/games/{game_id}/seats/1")
    assert first.status_code == 201, first.text
    left = client.delete(f"/games/{game_id}/seats/1", headers=auth(first.json()["token"]))
    assert left.is_success, left.text
    given_back = client.get(f"/games/{game_id}").json()["version"]
    second = client.post(f"/games/{game_id}/seats/1")
    assert second.status_code == 201, second.text
    third = client.post(f"/games/{game_id}/seats/2")
    assert third.status_code == 201, third.text
    tokens = {"0": host, "1": second.json()["token"], "2": third.json()["token"]}
    finish(client, {"game_id": game_id, "tokens": tokens}, 5)
    forked = client.post(f"/games/{game_id}/fork", json={"version": given_back}, headers=auth(host))
    assert forked.status_code == 201, forked.text
    fork = forked.json()
    for seat, token in fork["tokens"].items():
        view = client.get(f"/games/{fork['game_id']}/view", headers=auth(token))
        assert view.status_code == 200, (seat, view.text)
        assert view.json()["seat"] == int(seat), view.json()
    finish(client, fork, 6)


def test_a_player_back_at_a_table_they_left_sits_under_their_name_now(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada, count=3)["game_id"]
    bob_auth = auth(bob["token"])
    assert client.post(f"/games/{game_id}/seats/1", headers=bob_auth).status_code == 201
    renamed = client.patch("/players/me", json={"name": "Bobby"}, headers=bob_auth)
    assert renamed.is_success, renamed.text
    assert client.delete(f"/games/{game_id}/seats/1", headers=bob_auth).is_success
    renamed = client.patch("/players/me", json={"name": "Robert"}, headers=bob_auth)
    assert renamed.is_success, renamed.text
    assert client.post(f"/games/{game_id}/seats/1", headers=bob_auth).status_code == 201
    seats = client.get(f"/games/{game_id}").json()["seats"]
    assert [seat["name"] for seat in seats] == ["Ada", "Robert", None]


def test_a_claim_landing_between_a_leave_and_its_unfiling_keeps_the_game_in_the_list(
    client: Client, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bo leaves seat 1 and at once sits at seat 2: the second claim lands after the
    leave's append but before the leave takes the table out of Bo's games."""
    ada, bo = player(client, "Ada"), player(client, "Bo")
    game_id = open_table(client, ada, count=4)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bo["token"])).is_success
    games = app.state.games
    players = games.players
    unfile = players.unfile_game

    async def claim_first(player_id: str, unfiled: str) -> None:
        monkeypatch.setattr(players, "unfile_game", unfile)
        await games.claim(game_id, 2, await players.authenticate(bo["token"]))
        await unfile(player_id, unfiled)

    monkeypatch.setattr(players, "unfile_game", claim_first)
    left = client.delete(f"/games/{game_id}/seats/1", headers=auth(bo["token"]))
    assert left.is_success, left.text
    seats = client.get(f"/games/{game_id}").json()["seats"]
    assert [seat.get("name") for seat in seats] == ["Ada", None, "Bo", None]
    mine = client.get("/players/me/games", headers=auth(bo["token"])).json()["games"]
    assert [(game["game_id"], game["seats"]) for game in mine] == [(game_id, [2])]


def test_a_leave_landing_between_a_claim_and_its_filing_takes_the_game_out_of_the_list(
    client: Client, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bo claims seat 1 and leaves it at once: the leave runs whole after the claim's
    append but before the claim files the table in Bo's games."""
    ada, bo = player(client, "Ada"), player(client, "Bo")
    game_id = open_table(client, ada, count=3)["game_id"]
    games = app.state.games

    async def leave_first() -> None:
        await leave(games, game_id, 1, await caller_of(games, game_id, bo["token"]))

    _before_filing(games.players, monkeypatch, leave_first)
    claimed = client.post(f"/games/{game_id}/seats/1", headers=auth(bo["token"]))
    assert claimed.status_code == 201, claimed.text
    seats = client.get(f"/games/{game_id}").json()["seats"]
    assert [seat.get("name") for seat in seats] == ["Ada", None, None]
    mine = client.get("/players/me/games", headers=auth(bo["token"])).json()["games"]
    assert mine == []


def test_a_seat_claimed_by_an_old_release_and_given_back_opens_no_more_to_its_token(
    client: Client, store: InMemoryEventStore
) -> None:
    """A release before the meta's compare-and-set wrote a claim as `claimed:<seat>` =
    `1` beside a `token:<hash>` = seat field. Upgraded, the claim is the log's; its
    holder gives the seat back and another player takes it: the old token opens
    nothing any more."""
    ada, bo = player(client, "Ada"), player(client, "Bo")
    game_id = open_table(client, ada, count=3)["game_id"]
    old = new_token()
    fields = {"claimed:1": b"1", f"token:{token_hash(old)}": b"1", "name:1": b"Old"}
    client.blocking_portal.call(store.put_meta, game_id, fields)
    client.blocking_portal.call(upgrade, store)
    assert "claimed:1" not in client.blocking_portal.call(store.get_meta, game_id)
    view = client.get(f"/games/{game_id}/view", headers=auth(old))
    assert view.status_code == 200 and view.json()["seat"] == 1, view.text
    assert client.delete(f"/games/{game_id}/seats/1", headers=auth(old)).is_success
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bo["token"])).is_success
    assert client.post(f"/games/{game_id}/seats/2").is_success  # the last seat: dealt
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "active"
    assert [seat.get("name") for seat in summary["seats"]] == ["Ada", "Bo", None]
    refused = client.get(f"/games/{game_id}/view", headers=auth(old))
    assert refused.status_code in (401, 403), refused.text


def test_a_fork_before_a_start_that_removed_seats_plays_every_seat(client: Client) -> None:
    bo = player(client, "Bo")
    seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 3
    game = create(client, seats=seats, seed=7, rules={"game_end": "hands:1"})
    game_id, host = game["game_id"], game["tokens"]["0"]
    anonymous = client.post(f"/games/{game_id}/seats/3").json()["token"]
    assert client.delete(f"/games/{game_id}/seats/3", headers=auth(anonymous)).is_success
    claimed = client.post(f"/games/{game_id}/seats/2", headers=auth(bo["token"]))
    assert claimed.status_code == 201, claimed.text
    before_start = client.get(f"/games/{game_id}").json()["version"]
    started = client.post(f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(host))
    assert started.status_code == 200, started.text
    finish(client, {"game_id": game_id, "tokens": {"0": host, "1": claimed.json()["token"]}}, 3)
    forked = client.post(
        f"/games/{game_id}/fork", json={"version": before_start}, headers=auth(host)
    )
    assert forked.status_code == 201, forked.text
    fork = forked.json()
    assert sorted(fork["tokens"]) == ["0", "1", "2", "3"]
    for seat, token in fork["tokens"].items():
        view = client.get(f"/games/{fork['game_id']}/view", headers=auth(token))
        assert view.status_code == 200 and view.json()["seat"] == int(seat), view.text
    finish(client, fork, 4)


def test_a_rename_landing_between_a_claim_and_its_filing_names_the_seat(
    client: Client, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bo renames himself while his claim is under way: the rename reads his games
    before the claim files the table among them, and the claim was made under his
    old name."""
    ada, bo = player(client, "Ada"), player(client, "Bo")
    game_id = open_table(client, ada, count=3)["game_id"]
    games = app.state.games

    async def rename_first() -> None:
        await rename_player(games, await games.players.authenticate(bo["token"]), "Bobby")

    _before_filing(games.players, monkeypatch, rename_first)
    claimed = client.post(f"/games/{game_id}/seats/1", headers=auth(bo["token"]))
    assert claimed.status_code == 201, claimed.text
    seats = client.get(f"/games/{game_id}").json()["seats"]
    assert [seat.get("name") for seat in seats] == ["Ada", "Bobby", None]


@pytest.mark.parametrize(
    "body",
    [
        {"seats": [{"kind": "human"}, {"kind": "human", "open": True}]},
        {"seats": [{"kind": "human"}, {"kind": "bot", "level": 1}]},
        {"hot_seat": True, "seats": [{"kind": "human"}, {"kind": "human"}]},
    ],
    ids=["waiting table", "dealt at once", "hot seat"],
)
def test_a_rename_landing_while_a_player_creates_a_table_names_their_seats(
    client: Client, app: Any, monkeypatch: pytest.MonkeyPatch, body: dict[str, Any]
) -> None:
    """Bo renames himself while the table he creates is under way: the rename reads his
    games before the creation files the table among them, and the table was made
    under his old name. It kept that name for good (the view's labels, the summary,
    the lobby, his own games), where a claim's filing names the seat anew."""
    bo = player(client, "Bo")
    games = app.state.games

    async def rename_first() -> None:
        await rename_player(games, await games.players.authenticate(bo["token"]), "Bobby")

    _before_filing(games.players, monkeypatch, rename_first)
    created = client.post("/games", json=body, headers=auth(bo["token"]))
    assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    held = [0, 1] if body.get("hot_seat") else [0]
    seats = client.get(f"/games/{game_id}").json()["seats"]
    assert [seats[seat]["name"] for seat in held] == ["Bobby"] * len(held)
    labels = client.get(f"/games/{game_id}/view", headers=auth(bo["token"])).json()["seat_labels"]
    assert [labels[seat]["name"] for seat in held] == ["Bobby"] * len(held)
    mine = client.get("/players/me/games", headers=auth(bo["token"])).json()["games"]
    assert [game["names"][held[0]] for game in mine if game["game_id"] == game_id] == ["Bobby"]
