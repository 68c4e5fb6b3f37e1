"""Tables over HTTP: waiting, starting, leaving, resigning, rematches, private and stacked
tables, expiry, racing claims, and who may do what."""

from __future__ import annotations

import time
from typing import Any

import anyio
import pytest
from http_players import open_table, play_hand, player, problem
from http_table import auth, create, finish_beside_a_resigned_seat
from litestar import Litestar
from litestar.testing import AsyncTestClient, TestClient

from service.http.app import create_app
from service.runtime.settings import Settings
from service.store import InMemoryEventStore

Client = TestClient[Litestar]
ONE_HAND = {"game_end": "hands:1"}


def _summary(client: Client, game_id: str, **params: str) -> dict[str, Any]:
    response = client.get(f"/games/{game_id}", params=params)
    assert response.status_code == 200, response.text
    summary: dict[str, Any] = response.json()
    return summary


def _events(client: Client, game_id: str, token: str) -> list[str]:
    page = client.get(f"/games/{game_id}/events", headers=auth(token)).json()
    return [envelope["event"]["type"] for envelope in page["events"]]


def test_a_table_with_open_seats_waits_until_the_last_is_taken(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game = open_table(client, ada)
    game_id = game["game_id"]
    assert game["status"] == "waiting"
    summary = _summary(client, game_id)
    assert summary["status"] == "waiting" and summary["view"]["hand_number"] == 0
    assert _events(client, game_id, ada["token"]) == ["game_started"]
    draw = client.post(
        f"/games/{game_id}/commands", json={"type": "draw"}, headers=auth(ada["token"])
    )
    problem(draw, 409, "hand_not_started")
    lobby = client.get("/games?status=waiting").json()["games"]
    assert [(entry["game_id"], entry["status"]) for entry in lobby] == [(game_id, "waiting")]

    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).status_code == 201
    summary = _summary(client, game_id)
    assert summary["status"] == "active" and summary["view"]["hand_number"] == 1
    events = _events(client, game_id, bob["token"])
    assert events[:3] == ["game_started", "seat_claimed", "hand_dealt"]
    assert client.get("/games?status=waiting").json()["games"] == []
    assert [e["game_id"] for e in client.get("/games?status=active").json()["games"]] == [game_id]


def test_the_host_starts_with_bots_at_the_open_seats(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada, count=3)["game_id"]
    client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"]))
    problem(client.post(f"/games/{game_id}/start", headers=auth(bob["token"])), 403, "not_host")
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "bots", "level": 1}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text
    summary = started.json()
    assert summary["status"] == "active" and summary["view"]["hand_number"] == 1
    assert [(s["kind"], s["level"], s["name"]) for s in summary["seats"]] == [
        ("human", None, "Ada"),
        ("human", None, "Bob"),
        ("bot", 1, None),
    ]
    # The seat a bot took at the start: what the caller must learn is that the table
    # started, not that someone else took the seat while it waited.
    problem(client.post(f"/games/{game_id}/seats/2"), 409, "table_started")
    problem(
        client.post(f"/games/{game_id}/start", headers=auth(ada["token"])), 409, "table_started"
    )
    # Nobody gets up from a dealt table, the creator's seat or a claimed one.
    for seat, holder in ((0, ada), (1, bob)):
        left = client.delete(f"/games/{game_id}/seats/{seat}", headers=auth(holder["token"]))
        problem(left, 409, "table_started")


def test_the_host_starts_without_the_open_seats_where_the_rules_allow(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    seats = [{"kind": "human"}, {"kind": "human", "open": True}, {"kind": "human", "open": True}]
    game_id = open_table(client, ada, seats=seats)["game_id"]
    # Bob takes the last seat: removing the middle one moves him up to seat 1.
    client.post(f"/games/{game_id}/seats/2", headers=auth(bob["token"]))
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text
    summary = started.json()
    assert summary["view"]["seats"] == 2 and summary["view"]["hand_number"] == 1
    assert [s["name"] for s in summary["seats"]] == ["Ada", "Bob"]
    assert client.get(f"/games/{game_id}/view", headers=auth(bob["token"])).json()["seat"] == 1
    assert _events(client, game_id, ada["token"])[:4] == [
        "game_started",
        "seat_claimed",
        "seats_removed",
        "hand_dealt",
    ]
    # Duel plays two seats only: nothing to remove below that.
    duel = open_table(client, ada, preset="duel")["game_id"]
    response = client.post(
        f"/games/{duel}/start", json={"fill": "remove"}, headers=auth(ada["token"])
    )
    assert problem(response, 422, "invalid_ruleset")["facts"]["knob"] == "players"


def test_leave_a_waiting_table_or_be_removed_by_the_host(client: Client) -> None:
    ada, bob, eve = player(client, "Ada"), player(client, "Bob"), player(client, "Eve")
    game_id = open_table(client, ada, count=4)["game_id"]
    bob_seat = client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).json()
    client.post(f"/games/{game_id}/seats/2", headers=auth(eve["token"]))
    # Eve may not remove Bob; the host may; Bob leaves on his own another time.
    problem(client.delete(f"/games/{game_id}/seats/1", headers=auth(eve["token"])), 403, "not_host")
    assert client.delete(f"/games/{game_id}/seats/2", headers=auth(eve["token"])).status_code == 204
    assert client.delete(f"/games/{game_id}/seats/1", headers=auth(ada["token"])).status_code == 204
    summary = _summary(client, game_id)
    assert [s["claimed"] for s in summary["seats"][1:]] == [False, False, False]
    assert [s["name"] for s in summary["seats"]] == ["Ada", None, None, None]
    problem(client.get(f"/games/{game_id}/view", headers=auth(bob["token"])), 403, "not_seated")
    problem(
        client.get(f"/games/{game_id}/view", headers=auth(bob_seat["token"])), 403, "wrong_game"
    )
    mine = client.get("/players/me/games", headers=auth(bob["token"])).json()["games"]
    assert mine == []
    # The seat is open again: the next claim takes it.
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(eve["token"])).status_code == 201
    problem(
        client.delete(f"/games/{game_id}/seats/0", headers=auth(ada["token"])), 409, "seat_not_open"
    )


def test_a_resigned_seat_is_marked_and_its_owner_no_longer_plays(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada)["game_id"]
    client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"]))
    resigned = client.post(f"/games/{game_id}/resign", headers=auth(bob["token"]))
    assert resigned.status_code == 200, resigned.text
    assert [e["event"]["type"] for e in resigned.json()["events"]] == ["seat_resigned"]
    summary = _summary(client, game_id)
    assert [s["resigned"] for s in summary["seats"]] == [False, True]
    assert summary["view"]["resigned"] == [1]
    assert [label["resigned"] for label in summary["view"]["seat_labels"]] == [False, True]
    view = client.get(f"/games/{game_id}/view", headers=auth(ada["token"])).json()
    assert view["resigned"] == [1]
    problem(
        client.post(f"/games/{game_id}/resign", headers=auth(bob["token"])), 409, "seat_resigned"
    )
    take_back = client.delete(f"/games/{game_id}/seats/1/bot", headers=auth(bob["token"]))
    problem(take_back, 409, "seat_resigned")
    if summary["view"]["turn"] == 1:
        response = client.post(
            f"/games/{game_id}/commands", json={"type": "draw"}, headers=auth(bob["token"])
        )
        problem(response, 409, "seat_resigned")
    waiting = open_table(client, ada)["game_id"]
    problem(
        client.post(f"/games/{waiting}/resign", headers=auth(ada["token"])), 409, "hand_not_started"
    )


def _finished_game(client: Client, seed: int = 1) -> tuple[dict[str, Any], dict[str, Any], str]:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada, rules=ONE_HAND, seed=seed)["game_id"]
    client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"]))
    play_hand(client, game_id, {0: ada["token"], 1: bob["token"]}, seed)
    assert _summary(client, game_id)["status"] == "finished"
    return ada, bob, game_id


def test_a_rematch_keeps_the_players_and_moves_the_dealer_on(client: Client) -> None:
    ada, bob, game_id = _finished_game(client)
    old = _summary(client, game_id)
    rematch = client.post(f"/games/{game_id}/rematch", headers=auth(bob["token"]))
    assert rematch.status_code == 201, rematch.text
    body = rematch.json()
    assert body["created"] is True and body["seat"] == 1
    new_id = body["game_id"]
    # Asked again by the other seat: the same game, and nothing made (200, not 201).
    asked_again = client.post(f"/games/{game_id}/rematch", headers=auth(ada["token"]))
    assert asked_again.status_code == 200, asked_again.text
    again = asked_again.json()
    assert (again["game_id"], again["created"]) == (new_id, False)
    assert _events(client, game_id, ada["token"])[-1] == "rematch_offered"
    assert _summary(client, game_id)["rematch"] == new_id
    new = _summary(client, new_id)
    assert new["status"] == "waiting" and new["rematch_of"] == game_id
    assert [s["name"] for s in new["seats"]] == [None, "Bob"]
    # Seat 0 is kept for Ada: the lobby offers it to nobody, Eve cannot take it, Ada
    # claims it with her player token.
    assert [s["reserved"] for s in new["seats"]] == [True, False]
    waiting = client.get("/games", params={"status": "waiting"}).json()["games"]
    assert [(g["game_id"], g["open_seats"]) for g in waiting] == [(new_id, [])]
    assert not client.get("/games", params={"status": "waiting", "open_seats": "true"}).json()[
        "games"
    ]
    eve = player(client, "Eve")
    problem(
        client.post(f"/games/{new_id}/seats/0", headers=auth(eve["token"])), 409, "seat_reserved"
    )
    problem(client.post(f"/games/{new_id}/seats/0"), 409, "seat_reserved")
    assert client.post(f"/games/{new_id}/seats/0", headers=auth(ada["token"])).status_code == 201
    dealt = _summary(client, new_id)
    assert dealt["status"] == "active"
    assert [s["reserved"] for s in dealt["seats"]] == [False, False]
    assert dealt["view"]["dealer"] == (old["view"]["dealer"] + 1) % 2
    assert dealt["ruleset"] == old["ruleset"]
    mine = client.get("/players/me/games?status=active", headers=auth(ada["token"])).json()
    assert [g["game_id"] for g in mine["games"]] == [new_id]


def test_a_rematch_needs_a_finished_game_and_a_seat(client: Client) -> None:
    ada = player(client, "Ada")
    game_id = open_table(client, ada)["game_id"]
    problem(
        client.post(f"/games/{game_id}/rematch", headers=auth(ada["token"])), 409, "game_not_over"
    )
    ada2, bob, finished = _finished_game(client, seed=2)
    problem(
        client.post(f"/games/{finished}/rematch", headers=auth(ada["token"])), 403, "not_seated"
    )


def test_a_private_table_is_seen_and_joined_with_its_code(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game = open_table(client, ada, private=True)
    game_id, code = game["game_id"], game["invite_code"]
    assert code
    assert client.get("/games?status=waiting").json()["games"] == []
    problem(client.get(f"/games/{game_id}"), 404, "game_not_found")
    problem(client.get(f"/games/{game_id}", params={"invite": "wrong"}), 404, "game_not_found")
    problem(client.get(f"/games/{game_id}/events"), 404, "game_not_found")
    assert _summary(client, game_id, invite=code)["private"] is True
    # A seat of the table sees it without the code.
    assert client.get(f"/games/{game_id}", headers=auth(ada["token"])).status_code == 200
    problem(
        client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])), 404, "game_not_found"
    )
    joined = client.post(
        f"/games/{game_id}/seats/1", params={"invite": code}, headers=auth(bob["token"])
    )
    assert joined.status_code == 201
    assert _summary(client, game_id, invite=code)["status"] == "active"


def test_lobby_filters_newest_first_and_paging(client: Client) -> None:
    ada = player(client, "Ada")
    training = {"rated": False}  # the ruleset's knob: tables are rated unless told
    made = [
        open_table(client, ada, preset="basic", rules=training)["game_id"],
        open_table(client, ada, preset="palace", count=3, rules=training)["game_id"],
        open_table(client, ada, preset="basic", count=3)["game_id"],
        open_table(client, ada, preset="basic", rules=training)["game_id"],
    ]

    def listed(query: str) -> list[str]:
        response = client.get(f"/games?status=waiting&{query}")
        assert response.status_code == 200, response.text
        return [entry["game_id"] for entry in response.json()["games"]]

    assert listed("") == made[::-1]
    assert listed("preset=basic") == [made[3], made[2], made[0]]
    assert listed("seats=3") == [made[2], made[1]]
    assert listed("rated=true") == [made[2]]
    assert listed("rated=false&preset=basic") == [made[3], made[0]]
    assert listed("open_seats=true&limit=2&offset=1") == [made[2], made[1]]
    assert listed("preset=basic&limit=1&offset=2") == [made[0]]
    assert listed("open_seats=false") == []
    entry = client.get("/games?status=waiting&rated=true").json()["games"][0]
    assert (entry["rated"], entry["stacked"], entry["names"]) == (True, False, ["Ada", None, None])
    assert [e["game_id"] for e in client.get("/games?status=open").json()["games"]] == made[::-1]


def test_a_stacked_table_is_marked_and_refused_in_public_where_configured() -> None:
    with TestClient(create_app(InMemoryEventStore())) as client:
        seeded = create(client, seed=7)["game_id"]
        dealt = create(client)["game_id"]
        assert _summary(client, seeded)["stacked"] is True
        assert _summary(client, dealt)["stacked"] is False
        lobby = client.get("/games?status=active").json()["games"]
        assert {entry["game_id"]: entry["stacked"] for entry in lobby} == {
            seeded: True,
            dealt: False,
        }
    settings = Settings(refuse_stacked_public=True)
    with TestClient(create_app(InMemoryEventStore(), settings=settings)) as client:
        problem(
            client.post("/games", json={"seats": [{"kind": "human"}] * 2, "seed": 7}),
            422,
            "stacked_public_table",
        )
        ada = player(client, "Ada")
        private = open_table(client, ada, private=True, seed=7)
        assert (
            _summary(client, private["game_id"], invite=private["invite_code"])["stacked"] is True
        )
        assert create(client)["game_id"]


def test_a_stacked_waiting_table_deals_the_creators_deck_at_the_start(client: Client) -> None:
    ada = player(client, "Ada")
    first = open_table(client, ada, seed=11)["game_id"]
    second = open_table(client, ada, seed=11)["game_id"]
    for game_id in (first, second):
        client.post(f"/games/{game_id}/start", headers=auth(ada["token"]))
    hands = [
        client.get(f"/games/{game_id}/view", headers=auth(ada["token"])).json()["hand"]
        for game_id in (first, second)
    ]
    assert hands[0] == hands[1] and hands[0]


def test_a_waiting_table_nobody_joins_expires() -> None:
    settings = Settings(waiting_table_ttl_s=0.2)
    with TestClient(create_app(InMemoryEventStore(), settings=settings)) as client:
        ada = player(client, "Ada")
        game_id = open_table(client, ada)["game_id"]
        assert [e["game_id"] for e in client.get("/games").json()["games"]] == [game_id]
        time.sleep(0.3)
        assert client.get("/games").json()["games"] == []
        assert _summary(client, game_id)["expired"] is True
        problem(client.post(f"/games/{game_id}/seats/1"), 409, "table_expired")
        problem(
            client.post(f"/games/{game_id}/start", headers=auth(ada["token"])), 409, "table_expired"
        )


def test_hot_seat_lets_one_player_take_several_seats(client: Client) -> None:
    ada = player(client, "Ada")
    game_id = open_table(client, ada, hot_seat=True)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"])).status_code == 201
    summary = _summary(client, game_id)
    assert summary["hot_seat"] is True and summary["status"] == "active"
    # The player acts for whichever of their seats is to play.
    turn = summary["view"]["turn"]
    assert client.get(f"/games/{game_id}/view", headers=auth(ada["token"])).json()["seat"] == turn
    drawn = client.post(
        f"/games/{game_id}/commands", json={"type": "draw"}, headers=auth(ada["token"])
    )
    assert drawn.status_code == 200, drawn.text


def test_a_hot_seat_host_who_gives_back_one_friends_seat_keeps_the_others(
    client: Client,
) -> None:
    # Only its host takes a hot-seat table's seats (tests/e2e/test_hot_seat_strangers.py).
    ada = player(client, "Ada")
    game_id = open_table(client, ada, 4, hot_seat=True)["game_id"]
    for seat in (1, 2):
        claimed = client.post(f"/games/{game_id}/seats/{seat}", headers=auth(ada["token"]))
        assert claimed.status_code == 201, claimed.text
    assert client.delete(f"/games/{game_id}/seats/1", headers=auth(ada["token"])).status_code == 204
    seats = _summary(client, game_id)["seats"]
    assert [seat["name"] for seat in seats] == ["Ada", None, "Ada", None]
    games = client.get("/players/me/games", headers=auth(ada["token"])).json()["games"]
    assert [game["game_id"] for game in games] == [game_id]
    again = client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"]))
    assert again.status_code == 201, again.text


@pytest.mark.anyio
async def test_of_concurrent_claims_of_one_seat_exactly_one_wins(app: Litestar) -> None:
    async with AsyncTestClient(app) as client:
        created = await client.post(
            "/games", json={"seats": [{"kind": "human"}, {"kind": "human", "open": True}]}
        )
        game_id = created.json()["game_id"]
        statuses: list[tuple[int, str]] = []

        async def claim() -> None:
            response = await client.post(f"/games/{game_id}/seats/1")
            statuses.append((response.status_code, response.json().get("code", "")))

        async with anyio.create_task_group() as group:
            for _ in range(8):
                group.start_soon(claim)
        assert sorted(statuses) == [(201, "")] + [(409, "seat_taken")] * 7
        summary = (await client.get(f"/games/{game_id}")).json()
        assert summary["status"] == "active"
        events = (await client.get(f"/games/{game_id}/events")).json()["events"]
        assert [e["event"]["type"] for e in events].count("hand_dealt") == 1


def test_a_table_started_short_resigned_and_rematched_exports_and_imports(
    client: Client,
) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    seats = [{"kind": "human"}, {"kind": "human", "open": True}, {"kind": "human", "open": True}]
    game_id = open_table(client, ada, rules=ONE_HAND, seed=3, seats=seats)["game_id"]
    client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"]))
    client.post(f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(ada["token"]))
    client.post(f"/games/{game_id}/resign", headers=auth(bob["token"]))
    finish_beside_a_resigned_seat(client, game_id, ada["token"])
    assert _summary(client, game_id)["status"] == "finished"
    assert client.post(f"/games/{game_id}/rematch", headers=auth(ada["token"])).status_code == 201
    log = client.get(f"/games/{game_id}/log")
    assert log.status_code == 200, log.text
    header = log.text.splitlines()[0]
    assert '"seats":3' in header and '"stacked":true' in header
    kinds = {"seats_removed", "seat_resigned", "rematch_offered"}
    assert kinds <= {line.split('"type":"')[-1].split('"')[0] for line in log.text.splitlines()}
    imported = client.post(
        "/games/import", content=log.content, headers={"content-type": "application/x-ndjson"}
    )
    assert imported.status_code == 201, imported.text
