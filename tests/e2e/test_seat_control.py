"""Who plays each seat: in every view, and in the log when it changes."""

from __future__ import annotations

from http_players import open_table, player
from http_table import auth, create, finish
from litestar import Litestar
from litestar.testing import TestClient


def _control_events(client: TestClient[Litestar], game_id: str) -> list[dict[str, object]]:
    events = client.get(f"/games/{game_id}/events").json()["events"]
    return [e["event"] for e in events if e["event"]["type"] == "seat_control_changed"]


def test_views_name_each_seats_controller(client: TestClient[Litestar]) -> None:
    game = create(client, seats=[{"kind": "human"}, {"kind": "bot", "level": 3}], seed=1)
    view = client.get(f"/games/{game['game_id']}/view", headers=auth(game["tokens"]["0"])).json()
    assert view["controllers"] == [{"kind": "human", "level": None}, {"kind": "bot", "level": 3}]


def test_a_hand_over_and_a_take_back_are_events_and_show_in_the_view(
    client: TestClient[Litestar],
) -> None:
    game = create(client, seed=2)
    game_id, owner = game["game_id"], auth(game["tokens"]["1"])
    before = client.get(f"/games/{game_id}").json()["version"]
    assert client.post(f"/games/{game_id}/seats/1/bot", json={"level": 4}, headers=owner).is_success
    assert _control_events(client, game_id) == [
        {
            "type": "seat_control_changed",
            "seat": 1,
            "controller": "autopilot",
            "level": 4,
            "reason": "handed_over",
        }
    ]
    view = client.get(f"/games/{game_id}/view", headers=owner).json()
    assert view["version"] == before + 1
    assert view["controllers"][1] == {"kind": "autopilot", "level": 4}
    assert client.delete(f"/games/{game_id}/seats/1/bot", headers=owner).is_success
    # Taking back a seat no bot plays changes nothing: no second event.
    assert client.delete(f"/games/{game_id}/seats/1/bot", headers=owner).is_success
    assert [e["reason"] for e in _control_events(client, game_id)] == ["handed_over", "taken_back"]
    assert client.get(f"/games/{game_id}").json()["view"]["controllers"][1]["kind"] == "human"


def test_handing_a_seat_again_to_the_bot_that_plays_it_changes_nothing(
    client: TestClient[Litestar],
) -> None:
    # Each repeat appended another seat_control_changed: a seat's owner could grow the
    # log and move the game's version twice a second (every other seat's
    # `expected_version` then refused), changing nothing. As a take-back of a seat no
    # bot plays, it is answered and not written.
    game = create(client, seed=2)
    game_id, owner = game["game_id"], auth(game["tokens"]["1"])
    for _ in range(3):
        handed = client.post(f"/games/{game_id}/seats/1/bot", json={"level": 3}, headers=owner)
        assert handed.status_code == 200, handed.text
        assert handed.json() == {"game_id": game_id, "seat": 1, "bot_level": 3}
    after = client.get(f"/games/{game_id}").json()["version"]
    assert [e["level"] for e in _control_events(client, game_id)] == [3]
    # Another level is a change: recorded.
    assert client.post(f"/games/{game_id}/seats/1/bot", json={"level": 1}, headers=owner).is_success
    assert [e["level"] for e in _control_events(client, game_id)] == [3, 1]
    assert client.get(f"/games/{game_id}").json()["version"] == after + 1


def test_a_finished_games_seat_cannot_be_handed_to_a_bot_or_taken_back(
    client: TestClient[Litestar],
) -> None:
    game = create(client, seed=3, rules={"game_end": "hands:1"})
    game_id, owner = game["game_id"], auth(game["tokens"]["0"])
    last = finish(client, game, seed=3)
    for answer in (
        client.post(f"/games/{game_id}/seats/0/bot", json={"level": 2}, headers=owner),
        client.delete(f"/games/{game_id}/seats/0/bot", headers=owner),
    ):
        assert (answer.status_code, answer.json()["code"]) == (409, "game_over"), answer.text
    assert client.get(f"/games/{game_id}").json()["version"] == last
    assert _control_events(client, game_id) == []


def test_a_hot_seat_player_hands_over_and_takes_back_any_seat_they_hold(
    client: TestClient[Litestar],
) -> None:
    # Their token opens the seat to play (seat 0 here); the path names the other one.
    host = player(client, "Ada")
    table = open_table(client, host, hot_seat=True, seed=4, rules={"rated": False})
    game_id, owner = table["game_id"], auth(host["token"])
    assert client.post(f"/games/{game_id}/seats/1", headers=owner).status_code == 201
    assert client.get(f"/games/{game_id}/view", headers=owner).json()["turn"] == 0
    handed = client.post(f"/games/{game_id}/seats/1/bot", json={"level": 1}, headers=owner)
    assert handed.status_code == 200, handed.text
    assert client.delete(f"/games/{game_id}/seats/1/bot", headers=owner).status_code == 200
    assert [(e["seat"], e["reason"]) for e in _control_events(client, game_id)] == [
        (1, "handed_over"),
        (1, "taken_back"),
    ]
    # A seat they do not hold stays refused.
    other = create(client, seed=5)
    stranger = client.post(
        f"/games/{other['game_id']}/seats/1/bot", json={}, headers=auth(other["tokens"]["0"])
    )
    assert (stranger.status_code, stranger.json()["code"]) == (403, "wrong_seat")
