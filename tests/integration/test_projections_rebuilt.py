"""Everything the service reads about a table beside its log and its secrets is a
projection: a running table's cached views, folded state and seating copy deleted,
its info (how it was opened), its copy of a player's new name, the lobby's index
and the players' games deleted and rebuilt (`rummy games rebuild`, `rummy lobby
rebuild`, `rummy players rebuild`), and the API restarted (no process cache left),
every route answers byte for byte as before."""

from __future__ import annotations

import re
from typing import Any

from redis import Redis
from workers_table import auth, work, worker_app

from domain.cards import build_deck
from service.app.game_record import SEATING_FIELD
from service.cli.main import main
from service.store.embedded_redis import EmbeddedRedis
from service.store.players_redis import player_key
from service.store.redis_keys import game_key, lobby_key


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json() if response.content else None


def _answers(client: Any, game_id: str, tokens: dict[str, str]) -> dict[str, bytes]:
    """Every read of the table, as each of its people and as a stranger sees it."""
    paths = [f"/games/{game_id}", f"/games/{game_id}/events", f"/games/{game_id}/view"]
    paths += [f"/games/{game_id}/states/{version}" for version in (1, 3, 6)]
    paths += ["/games?status=waiting", "/games?status=active"]
    answers: dict[str, bytes] = {}
    for who, token in {"nobody": None, **tokens}.items():
        headers = auth(token) if token else {}
        for path in paths + (["/players/me/games"] if token else []):
            response = client.get(path, headers=headers)
            body = response.content
            if response.status_code >= 400:
                # A problem names its request: the one thing two asks never share.
                body = re.sub(rb',"request_id":"[0-9a-f]+"', b"", body)
            answers[f"{who} {path}"] = f"{response.status_code} ".encode() + body
    return answers


def test_a_running_tables_reads_are_rebuilt_from_its_log(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        people = {
            name: _ok(client.post("/players", json={"name": name}), 201)
            for name in ("Ada", "Bob", "Cy", "Dee")
        }
        tokens = {name: person["token"] for name, person in people.items()}
        seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 3
        created = _ok(
            client.post("/games", json={"seats": seats}, headers=auth(tokens["Ada"])), 201
        )
        game_id = created["game_id"]
        # Dee opens a table of open seats: she hosts it from no seat.
        all_open = {"seats": [{"kind": "human", "open": True}] * 2}
        _ok(client.post("/games", json=all_open, headers=auth(tokens["Dee"])), 201)
        # Ada also opens a private table whose decks she stacked, its log private, timed.
        pack = list(build_deck(1, 0))
        stacked = {
            "seats": [{"kind": "human"}, {"kind": "bot", "level": 2}],
            "decks": [pack, pack[::-1]],
            "turn_time_limit_s": 600,
            "private_log": True,
            "private": True,
        }
        stacked_id = _ok(client.post("/games", json=stacked, headers=auth(tokens["Ada"])), 201)[
            "game_id"
        ]
        # Bob sits down, leaves, and comes back at another seat; Cy takes his first one.
        _ok(client.post(f"/games/{game_id}/seats/1", headers=auth(tokens["Bob"])), 201)
        _ok(client.delete(f"/games/{game_id}/seats/1", headers=auth(tokens["Bob"])), 204)
        _ok(client.post(f"/games/{game_id}/seats/1", headers=auth(tokens["Cy"])), 201)
        _ok(client.post(f"/games/{game_id}/seats/2", headers=auth(tokens["Bob"])), 201)
        waiting = _answers(client, game_id, tokens)
        # The host starts: a bot takes seat 3; the first seat draws.
        _ok(client.post(f"/games/{game_id}/start", json={"level": 1}, headers=auth(tokens["Ada"])))
        work(queue)
        view = _ok(client.get(f"/games/{game_id}/view", headers=auth(tokens["Ada"])))
        holder = ["Ada", "Cy", "Bob", None][view["turn"]]
        if holder is not None:
            draw = view["legal_commands"][0]
            _ok(client.post(f"/games/{game_id}/commands", json=draw, headers=auth(tokens[holder])))
        # Cy renames herself: the table shows her new name.
        _ok(client.patch("/players/me", json={"name": "Cyra"}, headers=auth(tokens["Cy"])))
        # Bob resigns: a bot plays his seat from here.
        _ok(client.post(f"/games/{game_id}/resign", headers=auth(tokens["Bob"])))
        playing = _answers(client, game_id, tokens) | _answers(client, stacked_id, tokens)
    assert waiting != playing
    assert b"Cyra" in playing[f"nobody /games/{game_id}"]
    assert game_id.encode() in playing["nobody /games?status=active"]

    redis = Redis.from_url(embedded_redis.url)
    try:
        assert redis.delete(game_key(game_id, "views")) == 1
        assert redis.hdel(game_key(game_id, "meta"), SEATING_FIELD) == 1
        stacked = redis.hdel(game_key(stacked_id, "meta"), "info")
        renamed = [f for f in redis.hkeys(game_key(game_id, "meta")) if f.startswith(b"renamed:")]
        assert renamed and redis.hdel(game_key(game_id, "meta"), *renamed) == 1
        assert redis.hdel(game_key(game_id, "meta"), "info") == 1 and stacked == 1
        lobby = list(redis.scan_iter(match=lobby_key("*")))
        assert lobby and redis.delete(*lobby) == len(lobby)
        their_games = [player_key(person["player_id"], "games") for person in people.values()]
        assert redis.delete(*their_games) == len(people)
    finally:
        redis.close()
    # The indexes come back from the tables by the operator's commands.
    assert main(["games", "rebuild", "--redis-url", embedded_redis.url]) == 0
    assert main(["lobby", "rebuild", "--redis-url", embedded_redis.url]) == 0
    assert main(["players", "rebuild", "--redis-url", embedded_redis.url]) == 0
    with worker_app(embedded_redis.url, flush=False) as (client, _):
        rebuilt = _answers(client, game_id, tokens) | _answers(client, stacked_id, tokens)
    assert rebuilt.keys() == playing.keys()
    for read, answer in playing.items():
        assert rebuilt[read] == answer, read
