"""Players over HTTP: names, a token that acts for every seat held, a player's games."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
from http_players import open_table, player
from http_players import problem as _problem
from http_table import auth, create
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]


def test_a_player_has_a_name_and_a_token_shown_once(client: Client) -> None:
    ada = player(client, "  Ada Lovelace  ")
    assert ada["name"] == "Ada Lovelace" and ada["guest"] is False
    me = client.get("/players/me", headers=auth(ada["token"])).json()
    assert me == {k: ada[k] for k in ("player_id", "name", "guest", "created_at")}
    assert "token" not in me
    renamed = client.patch("/players/me", json={"name": "Countess"}, headers=auth(ada["token"]))
    assert renamed.json()["name"] == "Countess"
    assert client.get("/players/me", headers=auth(ada["token"])).json()["name"] == "Countess"


def test_a_guest_needs_no_name(client: Client) -> None:
    guest = player(client, None, guest=True)
    assert guest["guest"] is True and guest["name"].startswith("Guest ")
    _problem(client.post("/players", json={}), 422, "invalid_name")


@pytest.mark.parametrize(
    "name",
    [
        "",
        "   ",
        "x" * 33,
        "Ada\x00",
        "tab\there",
        "line\nbreak",
        "zero\u200bwidth",
        # Combining marks with nothing to combine with: no visible character.
        "\u0301\u0301\u0301",
        " \u0308 ",
    ],
)
def test_a_bad_name_is_refused(client: Client, name: str) -> None:
    _problem(client.post("/players", json={"name": name}), 422, "invalid_name")
    ada = player(client)
    response = client.patch("/players/me", json={"name": name}, headers=auth(ada["token"]))
    _problem(response, 422, "invalid_name")
    assert client.get("/players/me", headers=auth(ada["token"])).json()["name"] == "Ada"


def test_a_name_of_32_characters_is_kept(client: Client) -> None:
    assert player(client, " " + "é" * 32 + " ")["name"] == "é" * 32


def test_player_routes_refuse_a_missing_or_wrong_token(client: Client) -> None:
    ada = player(client)
    game = create(client)
    for method, path, body in [
        ("GET", "/players/me", None),
        ("PATCH", "/players/me", {"name": "Eve"}),
        ("GET", "/players/me/games", None),
    ]:
        _problem(client.request(method, path, json=body), 401, "missing_token")
        for garbage in ("garbage", "abc.def", ada["token"][:-2] + "xx", game["tokens"]["0"]):
            response = client.request(method, path, json=body, headers=auth(garbage))
            _problem(response, 401, "invalid_token")
    assert client.get("/players/me", headers=auth(ada["token"])).json()["name"] == "Ada"


def test_the_creator_sits_at_the_first_human_seat_and_names_show(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    body = {
        "seats": [{"kind": "bot", "level": 2}, {"kind": "human"}, {"kind": "human", "open": True}]
    }
    game = client.post("/games", json=body, headers=auth(ada["token"])).json()
    game_id = game["game_id"]
    view = client.get(f"/games/{game_id}/view", headers=auth(ada["token"])).json()
    assert view["seat"] == 1
    claimed = client.post(f"/games/{game_id}/seats/2", headers=auth(bob["token"]))
    assert claimed.status_code == 201
    assert client.get(f"/games/{game_id}/view", headers=auth(bob["token"])).json()["seat"] == 2
    labels = [
        (label["kind"], label["name"], label["level"])
        for label in client.get(f"/games/{game_id}/view", headers=auth(bob["token"])).json()[
            "seat_labels"
        ]
    ]
    assert labels == [("bot", None, 2), ("human", "Ada", None), ("human", "Bob", None)]
    summary = client.get(f"/games/{game_id}").json()
    assert [seat["name"] for seat in summary["seats"]] == [None, "Ada", "Bob"]
    assert [label["name"] for label in summary["view"]["seat_labels"]] == [None, "Ada", "Bob"]
    lobby = client.get("/games?status=active").json()["games"]
    assert [entry["names"] for entry in lobby] == [[None, "Ada", "Bob"]]
    assert ada["token"] not in str(summary) and ada["player_id"] not in str(summary)
    # A rename shows at the table from then on.
    client.patch("/players/me", json={"name": "Bobby"}, headers=auth(bob["token"]))
    summary = client.get(f"/games/{game_id}").json()
    assert [seat["name"] for seat in summary["seats"]] == [None, "Ada", "Bobby"]


def test_a_lost_seat_token_is_replaced_by_the_player_token(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game = open_table(client, ada)
    game_id = game["game_id"]
    client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"]))
    # Both seat tokens are forgotten: the player tokens play the hand.
    played = 0
    for _ in range(6):
        turn = client.get(f"/games/{game_id}").json()["view"]["turn"]
        token = (ada, bob)[turn]["token"]
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        assert view["seat"] == turn
        command = next(c for c in view["legal_commands"] if c["type"] in ("draw", "discard"))
        response = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        assert response.status_code == 200, response.text
        played += 1
    assert client.get(f"/games/{game_id}").json()["version"] >= played
    # The seat token still works too (the lower-level option).
    seat_view = client.get(f"/games/{game_id}/view", headers=auth(game["tokens"]["0"]))
    assert seat_view.json()["seat"] == 0


def test_a_player_takes_one_seat_of_a_table(client: Client) -> None:
    ada = player(client, "Ada")
    game = open_table(client, ada, count=3)
    response = client.post(f"/games/{game['game_id']}/seats/1", headers=auth(ada["token"]))
    assert _problem(response, 409, "already_seated")["facts"]["seat"] == 0
    # A seat token on a route that takes a player token is not a player.
    response = client.post(f"/games/{game['game_id']}/seats/1", headers=auth(game["tokens"]["0"]))
    _problem(response, 401, "invalid_token")
    assert client.get(f"/games/{game['game_id']}").json()["seats"][1]["claimed"] is False


def test_the_summary_says_which_seat_the_callers_token_opens(client: Client) -> None:
    ada, eve = player(client, "Ada"), player(client, "Eve")
    game = open_table(client, ada)
    path = f"/games/{game['game_id']}"
    assert client.get(path, headers=auth(ada["token"])).json()["your_seat"] == 0
    # Seated nowhere here, an unknown token, no token: a spectator, told so without a 403.
    for headers in (auth(eve["token"]), auth(ada["player_id"] + ".nope"), {}):
        answer = client.get(path, headers=headers)
        assert answer.status_code == 200 and answer.json()["your_seat"] is None


def test_game_routes_with_player_tokens_check_the_seat(client: Client) -> None:
    ada, bob, eve = player(client, "Ada"), player(client, "Bob"), player(client, "Eve")
    game = open_table(client, ada)
    other = open_table(client, eve)
    game_id = game["game_id"]
    client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"]))
    path = f"/games/{game_id}/view"
    assert client.get(path, headers=auth(ada["token"])).json()["seat"] == 0
    assert client.get(path, headers=auth(bob["token"])).json()["seat"] == 1
    _problem(client.get(path, headers=auth(eve["token"])), 403, "not_seated")
    _problem(client.get(path, headers=auth(other["tokens"]["0"])), 403, "wrong_game")
    _problem(client.get(path), 401, "missing_token")
    _problem(client.get(path, headers=auth(ada["player_id"] + ".nope")), 401, "invalid_token")
    turn = client.get(f"/games/{game_id}").json()["view"]["turn"]
    waiting = (ada, bob)[1 - turn]
    response = client.post(
        f"/games/{game_id}/commands", json={"type": "draw"}, headers=auth(waiting["token"])
    )
    _problem(response, 409, "not_your_turn")


def test_my_games_by_status_with_whose_turn_it_is(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    waiting = open_table(client, ada, count=3)
    active = open_table(client, ada)
    client.post(f"/games/{active['game_id']}/seats/1", headers=auth(bob["token"]))

    def mine(who: dict[str, Any], query: str = "") -> list[dict[str, Any]]:
        response = client.get(f"/players/me/games{query}", headers=auth(who["token"]))
        assert response.status_code == 200, response.text
        games: list[dict[str, Any]] = response.json()["games"]
        return games

    assert [g["game_id"] for g in mine(ada)] == [active["game_id"], waiting["game_id"]]
    assert [g["game_id"] for g in mine(ada, "?status=waiting")] == [waiting["game_id"]]
    (entry,) = mine(bob, "?status=active")
    assert entry["game_id"] == active["game_id"] and entry["seats"] == [1]
    assert entry["names"] == ["Ada", "Bob"]
    turn = client.get(f"/games/{active['game_id']}").json()["view"]["turn"]
    assert entry["turn"] == turn and entry["your_turn"] is (turn == 1)
    assert mine(bob, "?status=finished") == []
    assert [g["game_id"] for g in mine(ada, "?limit=1&offset=1")] == [waiting["game_id"]]
    _problem(
        client.get("/players/me/games?status=playing", headers=auth(ada["token"])),
        400,
        "invalid_parameter",
    )


def test_my_games_take_open_for_waiting_as_the_lobby_does(client: Client) -> None:
    # `open` is the former name of `waiting`: the lobby still takes it, so a player's
    # own games do too (it answered 400 invalid_parameter here).
    ada, bob = player(client, "Ada"), player(client, "Bob")
    waiting = open_table(client, ada, count=3)
    active = open_table(client, ada)
    client.post(f"/games/{active['game_id']}/seats/1", headers=auth(bob["token"]))
    response = client.get("/players/me/games?status=open", headers=auth(ada["token"]))
    assert response.status_code == 200, response.text
    assert [g["game_id"] for g in response.json()["games"]] == [waiting["game_id"]]
    assert all(g["status"] == "waiting" for g in response.json()["games"])
    lobby = client.get("/games?status=open").json()["games"]
    assert waiting["game_id"] in [g["game_id"] for g in lobby]
    document = client.get("/schema/openapi.json").json()
    for path in ("/games", "/players/me/games"):
        operation = document["paths"][path]["get"]
        assert "`status=open` is the former name of `waiting`" in operation["description"]
        (status,) = [p for p in operation["parameters"] if p["name"] == "status"]
        assert "open" in json.dumps(status["schema"])


@pytest.mark.parametrize("name", [b"\xff\xfe", None])
def test_a_player_whose_record_cannot_be_read_is_refused_not_failed(
    client: Client, name: bytes | None
) -> None:
    # A record written wrong (by hand, by an older release): its name not UTF-8, or
    # gone. Every route the player's token opens answered 500 internal_error.
    ada = player(client, "Ada")
    game = open_table(client, player(client, "Bob"))
    records = cast(Any, client.app).state.games.players.store._players[ada["player_id"]]
    if name is None:
        del records["name"]
    else:
        records["name"] = name
    for method, path, body in [
        ("GET", "/players/me", None),
        ("PATCH", "/players/me", {"name": "Eve"}),
        ("GET", "/players/me/games", None),
        ("POST", "/games", {"seats": [{"kind": "human"}, {"kind": "bot", "level": 1}]}),
        ("POST", f"/games/{game['game_id']}/seats/1", None),
    ]:
        answer = client.request(method, path, json=body, headers=auth(ada["token"]))
        assert _problem(answer, 401, "invalid_token")["detail"] == "unreadable player record"
    assert client.get(f"/games/{game['game_id']}").json()["seats"][1]["claimed"] is False
