"""The league end to end over the in-memory app: players sit at a table, play it out, and the
league job (run by a fake queue as each game ends) rates them; the API shows the figures."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any, cast

import pytest
from http_players import player, problem
from http_table import auth, pick
from league_results import regular_player
from litestar import Litestar
from litestar.testing import TestClient

from service.app.games import Executed
from service.app.league.apply import apply_result
from service.app.league.game_end import directory_of, ends_game, game_result
from service.app.league.store import InMemoryLeagueStore
from service.http.app import create_app
from service.store import InMemoryEventStore

Client = TestClient[Any]


class FakeQueue:
    """The scheduler's league hook with the job run at once, in process: one job id per game."""

    def __init__(self) -> None:
        self.league = InMemoryLeagueStore()
        self.app: Litestar | None = None
        self.jobs: list[str] = []

    async def __call__(self, appended: Executed) -> None:
        if ends_game(appended.envelopes) and appended.game_id not in self.jobs:
            self.jobs.append(appended.game_id)
            await self.run(appended.game_id)

    async def run(self, game_id: str) -> str:
        assert self.app is not None
        games = self.app.state.games
        result = await game_result(games, game_id, directory_of(games.players))
        assert result is not None
        return (await asyncio.to_thread(apply_result, self.league, result)).reason


@pytest.fixture
def queue() -> FakeQueue:
    return FakeQueue()


@pytest.fixture
def client(queue: FakeQueue) -> Iterator[Client]:
    app = create_app(InMemoryEventStore(), on_appended=queue, league=queue.league)
    queue.app = app
    with TestClient(app) as test_client:
        yield test_client


def table_of_two(client: Client, host: dict[str, Any], guest: dict[str, Any], **body: Any) -> str:
    seats = [{"kind": "human"}, {"kind": "human", "open": True}]
    created = client.post(
        "/games",
        json={"seats": seats, "preset": "duel", "rules": {"game_end": "hands:1"}, **body},
        headers=auth(host["token"]),
    )
    assert created.status_code == 201, created.text
    game_id: str = created.json()["game_id"]
    code = created.json().get("invite_code")  # a private table's
    claimed = client.post(
        f"/games/{game_id}/seats/1",
        params={"invite": code} if code else {},
        headers=auth(guest["token"]),
    )
    assert claimed.status_code == 201, claimed.text
    return game_id


def play_out(client: Client, game_id: str, tokens: dict[int, str], seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(3000):
        turn = client.get(f"/games/{game_id}/view", headers=auth(tokens[0])).json()["turn"]
        view = client.get(f"/games/{game_id}/view", headers=auth(tokens[turn])).json()
        answer = client.post(
            f"/games/{game_id}/commands",
            json=pick(view["legal_commands"], rng),
            headers=auth(tokens[turn]),
        )
        assert answer.status_code == 200, answer.text
        if answer.json()["view"]["phase"] == "over":
            return
    raise AssertionError("the game did not end")


def test_a_rated_game_between_two_players_rates_both(client: Client, queue: FakeQueue) -> None:
    ann, bob = regular_player(client, "Ann"), regular_player(client, "Bob")
    game_id = table_of_two(client, ann, bob)
    assert problem(client.get(f"/games/{game_id}/ratings"), 409, "game_in_progress")
    play_out(client, game_id, {0: ann["token"], 1: bob["token"]}, seed=1)
    assert queue.jobs == [game_id]

    changes = client.get(f"/games/{game_id}/ratings").json()
    assert (changes["counted"], changes["reason"], changes["ladder"]) == (True, "counted", "duel")
    ids = [ann["player_id"], bob["player_id"]]
    assert [(s["seat"], s["player"], s["name"]) for s in changes["seats"]] == [
        (0, ids[0], "Ann"),
        (1, ids[1], "Bob"),
    ]
    winner, loser = sorted(changes["seats"], key=lambda seat: seat["place"])
    board = client.get("/leaderboards/duel").json()
    entries = [(e["name"], e["games"], e["rating"]) for e in board["entries"]]
    rows = [(seat["name"], 1, seat["rating_after"]) for seat in (winner, loser)]
    # The deal is random: a hand that ends with nobody out (the stock gone a third
    # time) is a draw, which moves both equal players alike.
    if winner["place"] == loser["place"]:
        assert winner["rating_change"] == loser["rating_change"]
        assert sorted(entries) == sorted(rows)
    else:
        assert winner["rating_change"] > loser["rating_change"]
        assert entries == rows
    profile = client.get(f"/players/{winner['player']}/profile").json()
    assert profile["name"] == winner["name"]
    assert profile["experience"] == winner["experience"] > 0
    assert [(r["ladder"], r["games"]) for r in profile["ratings"]] == [("duel", 1)]
    assert [g["game_id"] for g in profile["recent"]] == [game_id]

    # The job again (a second enqueue, a worker that died after its commit): nothing moves.
    figures = queue.league.figures()
    assert asyncio.run(queue.run(game_id)) == "counted"
    assert queue.league.figures() == figures


def test_a_training_table_gives_experience_only(client: Client, queue: FakeQueue) -> None:
    ann, bob = regular_player(client, "Ann"), regular_player(client, "Bob")
    game_id = table_of_two(client, ann, bob, rules={"game_end": "hands:1", "rated": False})
    play_out(client, game_id, {0: ann["token"], 1: bob["token"]}, seed=2)
    changes = client.get(f"/games/{game_id}/ratings").json()
    assert (changes["counted"], changes["reason"]) == (False, "unrated")
    assert client.get("/leaderboards/duel").json()["total"] == 0
    for seat in changes["seats"]:
        profile = client.get(f"/players/{seat['player']}/profile").json()
        assert profile["ratings"] == [] and profile["experience"] == seat["experience"] >= 30


def test_a_stacked_game_does_not_count(client: Client) -> None:
    ann, bob = regular_player(client, "Ann"), regular_player(client, "Bob")
    game_id = table_of_two(client, ann, bob, seed=5, private=True)
    play_out(client, game_id, {0: ann["token"], 1: bob["token"]}, seed=3)
    # A private table's ratings are for its seats (or whoever has its code) only.
    problem(client.get(f"/games/{game_id}/ratings"), 404, "game_not_found")
    changes = client.get(f"/games/{game_id}/ratings", headers=auth(ann["token"])).json()
    assert changes["reason"] == "stacked"


@pytest.mark.parametrize("fresh", ["guest", "named"])
def test_a_player_against_a_fresh_account_is_not_rated(client: Client, fresh: str) -> None:
    # A named account is as free as a guest (no password, no address): both are fresh.
    ann = regular_player(client, "Ann")
    other = player(client, None, guest=True) if fresh == "guest" else player(client, "Zed")
    game_id = table_of_two(client, ann, other)
    play_out(client, game_id, {0: ann["token"], 1: other["token"]}, seed=4)
    assert client.get(f"/games/{game_id}/ratings").json()["reason"] == "fresh_accounts"


def test_an_unknown_player_has_no_profile(client: Client) -> None:
    problem(client.get("/players/0123456789abcdef/profile"), 404, "player_not_found")
    ann = player(client, "Ann")
    body = client.get(f"/players/{ann['player_id']}/profile").json()
    assert (body["name"], body["experience"], body["recent"]) == ("Ann", 0, [])


def test_a_public_profile_leaves_out_private_tables_games(client: Client) -> None:
    ann, bob = regular_player(client, "Ann"), regular_player(client, "Bob")
    private = table_of_two(client, ann, bob, private=True)
    play_out(client, private, {0: ann["token"], 1: bob["token"]}, seed=6)
    public = table_of_two(client, ann, bob)
    play_out(client, public, {0: ann["token"], 1: bob["token"]}, seed=7)
    # To outsiders the private table does not exist (404): its id must not show here.
    problem(client.get(f"/games/{private}/ratings"), 404, "game_not_found")
    for who in (ann, bob):
        profile = client.get(f"/players/{who['player_id']}/profile").json()
        assert [game["game_id"] for game in profile["recent"]] == [public]
        assert profile["experience"] > 0


def test_a_public_profile_fills_recent_past_the_private_games_it_leaves_out(
    client: Client,
) -> None:
    ann, bob = regular_player(client, "Ann"), regular_player(client, "Bob")
    public = table_of_two(client, ann, bob)
    play_out(client, public, {0: ann["token"], 1: bob["token"]}, seed=8)
    private = table_of_two(client, ann, bob, private=True)
    play_out(client, private, {0: ann["token"], 1: bob["token"]}, seed=9)
    # The newest game is private: the one game asked for is the public one before it.
    profile = client.get(f"/players/{ann['player_id']}/profile", params={"recent": 1}).json()
    assert [game["game_id"] for game in profile["recent"]] == [public]


def test_a_profile_answers_when_one_of_its_games_is_unreadable(
    client: Client,
) -> None:
    ann, bob = regular_player(client, "Ann"), regular_player(client, "Bob")
    played = [table_of_two(client, ann, bob) for _ in range(2)]
    for seed, game_id in enumerate(played):
        play_out(client, game_id, {0: ann["token"], 1: bob["token"]}, seed=10 + seed)
    readable, broken = played
    # A meta record written wrong (an old bad import, a field set by hand: a secret,
    # which no log says again), read from the store (as another API process would,
    # remembering no game's facts).
    state = cast(Any, client.app).state
    asyncio.run(state.store.put_meta(broken, {"seed": b"not a number"}))
    state.games.reader.forget(broken)
    answer = client.get(f"/players/{ann['player_id']}/profile")
    assert answer.status_code == 200, answer.text
    # Whether its table is private cannot be read: its id is left out.
    assert [game["game_id"] for game in answer.json()["recent"]] == [readable]


def test_the_leaderboard_answers_when_a_players_record_is_unreadable(client: Client) -> None:
    ann, bob = regular_player(client, "Ann"), regular_player(client, "Bob")
    game_id = table_of_two(client, ann, bob)
    play_out(client, game_id, {0: ann["token"], 1: bob["token"]}, seed=12)
    # A player record written wrong (by hand, by an older release): not UTF-8.
    players = cast(Any, client.app).state.games.players.store
    asyncio.run(players.update_player(ann["player_id"], {"name": b"\xff\xfe"}))
    for path in ("/leaderboards/duel", f"/games/{game_id}/ratings"):
        answer = client.get(path)
        assert answer.status_code == 200, answer.text
    board = client.get("/leaderboards/duel").json()["entries"]
    # Bob's name from his record; Ann's the league's own (her id).
    assert {entry["name"] for entry in board} == {ann["player_id"], "Bob"}


def test_a_profile_answers_when_the_players_record_is_unreadable(client: Client) -> None:
    # The leaderboard keeps the league's name for such a player; the profile, open to
    # anyone, answered 500 internal_error.
    ann, bob = regular_player(client, "Ann"), regular_player(client, "Bob")
    game_id = table_of_two(client, ann, bob)
    play_out(client, game_id, {0: ann["token"], 1: bob["token"]}, seed=12)
    players = cast(Any, client.app).state.games.players.store
    asyncio.run(players.update_player(ann["player_id"], {"name": b"\xff\xfe"}))
    answer = client.get(f"/players/{ann['player_id']}/profile")
    assert answer.status_code == 200, answer.text
    assert answer.json()["name"] == ann["player_id"]  # the league's own, as on the board
    assert [game["game_id"] for game in answer.json()["recent"]] == [game_id]


@pytest.mark.parametrize(
    ("field", "value"), [("name", b"\xff\xfe"), ("created_at", b"\xff"), ("created_at", b"May")]
)
def test_a_game_is_rated_when_a_players_record_is_unreadable(
    client: Client, queue: FakeQueue, field: str, value: bytes
) -> None:
    # The league's job reads each seated player's record (a guest? a fresh account?):
    # one that could not be decoded failed the job at every retry, and the game's
    # ratings stayed pending for good.
    ann, bob = regular_player(client, "Ann"), regular_player(client, "Bob")
    seats = [{"kind": "human"}, {"kind": "human", "open": True}]
    body = {"seats": seats, "preset": "duel", "rules": {"game_end": "hands:1"}}
    created = client.post("/games", json=body, headers=auth(ann["token"])).json()
    game_id = created["game_id"]
    claimed = client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).json()
    players = cast(Any, client.app).state.games.players.store
    asyncio.run(players.update_player(ann["player_id"], {field: value}))
    play_out(client, game_id, {0: created["tokens"]["0"], 1: claimed["token"]}, seed=12)
    assert queue.jobs == [game_id]
    ratings = client.get(f"/games/{game_id}/ratings")
    assert ratings.status_code == 200, ratings.text
    assert {seat["player"] for seat in ratings.json()["seats"]} == {
        ann["player_id"],
        bob["player_id"],
    }
