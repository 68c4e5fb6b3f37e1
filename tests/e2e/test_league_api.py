"""The league's routes over the in-memory app: leaderboards, profiles, a game's rating changes,
and their problems."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from league_results import result_builder

from service.app.league.apply import apply_result

PROBLEM = "application/problem+json"


@pytest.fixture
def game():
    return result_builder()


def _player(client: Any, name: str) -> str:
    created = client.post("/players", json={"name": name})
    assert created.status_code == 201, created.text
    player_id: str = created.json()["player_id"]
    return player_id


def _problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body: dict[str, Any] = response.json()
    assert body["code"] == code
    return body


def test_a_rated_game_puts_both_players_on_the_board_with_their_changes(app, client, game):
    league = app.state.league
    ann_id, bob_id = _player(client, "Ann"), _player(client, "Bob")
    apply_result(league, game((40, 10), players=[ann_id, bob_id], game_id="g-1"))
    board = client.get("/leaderboards/basic").json()
    assert board["total"] == 2
    assert [(e["rank"], e["player"], e["name"]) for e in board["entries"]] == [
        (1, ann_id, "Ann"),
        (2, bob_id, "Bob"),
    ]
    ann = board["entries"][0]
    assert ann["games"] == 1 and ann["experience"] == 55 and ann["kind"] == "human"
    assert ann["rating"] == pytest.approx(ann["mu"] - 3 * ann["sigma"], abs=0.02)

    changes = client.get("/games/g-1/ratings").json()
    assert changes["counted"] and changes["reason"] == "counted"
    by_name = {seat["name"]: seat for seat in changes["seats"]}
    assert by_name["Ann"]["place"] == 1 and by_name["Bob"]["place"] == 2
    assert by_name["Ann"]["rating_change"] > by_name["Bob"]["rating_change"]
    assert by_name["Ann"]["rating_after"] == ann["rating"]

    profile = client.get(f"/players/{ann_id}/profile").json()
    assert (profile["name"], profile["experience"]) == ("Ann", 55)
    assert [(r["ladder"], r["games"]) for r in profile["ratings"]] == [("basic", 1)]
    assert [(g["game_id"], g["place"], g["counted"]) for g in profile["recent"]] == [
        ("g-1", 1, True)
    ]


def test_an_unrated_game_gives_experience_only(app, client, game):
    league = app.state.league
    apply_result(league, game((40, 10), players=["ann", "bob"], game_id="g-1"))
    before = client.get("/leaderboards/basic").json()
    apply_result(league, game((0, 40), players=["ann", "bob"], game_id="g-2", rated=False))
    after = client.get("/leaderboards/basic").json()
    assert [(e["player"], e["rating"], e["games"]) for e in after["entries"]] == [
        (e["player"], e["rating"], e["games"]) for e in before["entries"]
    ]
    assert {e["player"]: e["experience"] for e in after["entries"]} == {"ann": 105, "bob": 105}
    changes = client.get("/games/g-2/ratings").json()
    assert (changes["counted"], changes["reason"]) == (False, "unrated")
    assert all(seat["rating_change"] == 0 for seat in changes["seats"])
    assert [seat["experience"] for seat in changes["seats"]] == [50, 55]


def test_applying_a_game_again_changes_nothing_the_api_shows(app, client, game):
    ann_id = _player(client, "Ann")
    result = game((40, 10), players=[ann_id, "bob"], game_id="g-1")
    paths = ("/leaderboards/basic", f"/players/{ann_id}/profile", "/games/g-1/ratings")
    apply_result(app.state.league, result)
    shown = [client.get(path).json() for path in paths]
    apply_result(app.state.league, result)
    again = [client.get(path).json() for path in paths]
    assert again == shown


def test_the_board_pages_and_bots_stand_on_it(app, client, game):
    league = app.state.league
    for number in range(7):
        apply_result(
            league,
            game(
                (40, 10, 0),
                players=[f"p{number}", f"p{number + 1}", "bot:3"],
                game_id=f"g{number}",
                ended_at=game().ended_at + timedelta(days=number),
            ),
        )
    whole = client.get("/leaderboards/basic", params={"limit": 100}).json()
    assert whole["total"] == 9
    pages = [
        entry
        for offset in range(0, 9, 4)
        for entry in client.get(
            "/leaderboards/basic", params={"offset": offset, "limit": 4}
        ).json()["entries"]
    ]
    assert pages == whole["entries"]
    bot = next(e for e in whole["entries"] if e["player"] == "bot:3")
    assert bot["kind"] == "bot" and bot["name"] == "Level 3 bot" and bot["experience"] == 0
    assert client.get("/players/bot:3/profile").json()["ratings"][0]["games"] == 7


def test_every_preset_has_a_board_even_empty(client):
    for preset in ("basic", "palace", "duel", "classic"):
        body = client.get(f"/leaderboards/{preset}").json()
        assert (body["ladder"], body["total"], body["entries"]) == (preset, 0, [])


@pytest.mark.parametrize(
    ("path", "params", "status", "code"),
    [
        ("/leaderboards/poker", {}, 404, "ladder_not_found"),
        ("/leaderboards/palace+short_deck", {}, 404, "ladder_not_found"),
        ("/leaderboards/basic", {"limit": 0}, 400, "invalid_parameter"),
        ("/leaderboards/basic", {"limit": 101}, 400, "invalid_parameter"),
        ("/leaderboards/basic", {"offset": -1}, 400, "invalid_parameter"),
        ("/leaderboards/basic", {"offset": "x"}, 400, "invalid_parameter"),
        ("/leaderboards/basic", [("limit", "2"), ("limit", "3")], 400, "invalid_parameter"),
        ("/players/nobody/profile", {}, 404, "player_not_found"),
        ("/players/bot:9/profile", {}, 404, "player_not_found"),
        ("/players/ann/profile", {"recent": 0}, 400, "invalid_parameter"),
        ("/games/0123456789abcdef0123456789abcdef/ratings", {}, 404, "game_not_found"),
    ],
)
def test_refusals_are_problems_with_stable_codes(client, path, params, status, code):
    _problem(client.get(path, params=params), status, code)


def test_an_unfinished_games_ratings_are_a_conflict(client):
    created = client.post("/games", json={"seats": [{"kind": "human"}, {"kind": "human"}]})
    game_id = created.json()["game_id"]
    body = _problem(client.get(f"/games/{game_id}/ratings"), 409, "game_in_progress")
    assert body["facts"] == {"game_id": game_id}


def test_a_bot_levels_profile_exists_before_any_game(client):
    body = client.get("/players/bot:2/profile").json()
    assert (body["name"], body["experience"], body["ratings"]) == ("Level 2 bot", 0, [])


@pytest.mark.parametrize("player_id", ["´", "a b", "bot:", "bot:0", "p{1}"])
def test_an_id_no_player_could_have_is_not_found(client, player_id):
    _problem(client.get(f"/players/{player_id}/profile"), 404, "player_not_found")


def test_an_id_longer_than_any_is_refused(client):
    _problem(client.get(f"/players/{'x' * 65}/profile"), 400, "invalid_parameter")
