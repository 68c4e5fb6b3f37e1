"""Two players at one table from the lobby to the rematch, over HTTP with an rq worker:
find the table, wait, start (a bot takes the open seat), play a hand, one resigns (a
bot plays on to the end), rematch, and both follow into the new game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from workers_table import auth, work, worker_app

from service.store.embedded_redis import EmbeddedRedis

MAX_STEPS = 3000


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json() if response.content else None


def _play_until(client: Any, queue: Any, game_id: str, humans: dict[int, str], done: Any) -> None:
    """Bots through the worker, humans by their simplest legal command, until `done(view)`."""
    for _ in range(MAX_STEPS):
        work(queue)
        summary = _ok(client.get(f"/games/{game_id}"))
        view = summary["view"]
        if done(view):
            return
        token = humans.get(view["turn"])
        if token is None:
            if not queue.count:
                pytest.fail(f"no bot job for seat {view['turn']}: {summary['seats']}")
            continue
        legal = _ok(client.get(f"/games/{game_id}/view", headers=auth(token)))["legal_commands"]
        command = legal[0] if view["phase"] == "draw" else legal[-1]
        _ok(client.post(f"/games/{game_id}/commands", json=command, headers=auth(token)))
    pytest.fail("the game did not get there")


def test_two_players_from_the_lobby_to_the_rematch(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        ada = _ok(client.post("/players", json={"name": "Ada"}), 201)
        bob = _ok(client.post("/players", json={"name": "Bob", "guest": True}), 201)
        seats = [
            {"kind": "human"},
            {"kind": "human", "open": True},
            {"kind": "human", "open": True},
        ]
        body = {"seats": seats, "rules": {"game_end": "hands:2"}}
        created = _ok(client.post("/games", json=body, headers=auth(ada["token"])), 201)
        assert created["status"] == "waiting"

        # Bob finds the table in the lobby and sits down; it waits for its third seat.
        lobby = _ok(client.get("/games", params={"status": "waiting", "open_seats": "true"}))
        (entry,) = lobby["games"]
        assert (entry["names"], entry["open_seats"]) == (["Ada", None, None], [1, 2])
        game_id = entry["game_id"]
        _ok(client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])), 201)
        for who in (ada, bob):
            mine = _ok(client.get("/players/me/games?status=waiting", headers=auth(who["token"])))
            assert [g["game_id"] for g in mine["games"]] == [game_id]

        # Ada starts: a level-1 bot takes seat 2, the first hand is dealt.
        started = _ok(
            client.post(f"/games/{game_id}/start", json={"level": 1}, headers=auth(ada["token"]))
        )
        assert started["status"] == "active"
        assert [(s["kind"], s["name"]) for s in started["seats"]] == [
            ("human", "Ada"),
            ("human", "Bob"),
            ("bot", None),
        ]
        humans = {0: ada["token"], 1: bob["token"]}
        _play_until(client, queue, game_id, humans, lambda view: view["hand_number"] >= 2)

        # Bob resigns in the second hand: a bot plays his seat to the end.
        resigned = _ok(client.post(f"/games/{game_id}/resign", headers=auth(bob["token"])))
        assert resigned["events"][0]["event"] == {"type": "seat_resigned", "seat": 1, "level": 2}
        _play_until(client, queue, game_id, {0: ada["token"]}, lambda view: view["phase"] == "over")
        over = _ok(client.get(f"/games/{game_id}"))
        assert over["status"] == "finished"
        assert [s["resigned"] for s in over["seats"]] == [False, True, False]
        assert over["view"]["resigned"] == [1]
        log = _ok(client.get(f"/games/{game_id}/events"))["events"]
        assert any(
            e["seat"] == 1 and e["command_id"].startswith("bot:") for e in log if e["command_id"]
        )

        # Ada asks for a rematch; Bob follows the old game's log into it.
        rematch = _ok(client.post(f"/games/{game_id}/rematch", headers=auth(ada["token"])), 201)
        after = _ok(client.get(f"/games/{game_id}/events", params={"after": over["version"]}))
        (offered,) = [e["event"] for e in after["events"]]
        assert offered == {"type": "rematch_offered", "seat": 0, "game_id": rematch["game_id"]}
        new_id = offered["game_id"]
        waiting = _ok(client.get(f"/games/{new_id}"))
        assert waiting["status"] == "waiting"
        assert [(s["kind"], s["name"], s["open"]) for s in waiting["seats"]] == [
            ("human", "Ada", False),
            ("human", None, True),
            ("bot", None, False),
        ]
        _ok(client.post(f"/games/{new_id}/seats/1", headers=auth(bob["token"])), 201)
        dealt = _ok(client.get(f"/games/{new_id}"))
        assert dealt["status"] == "active"
        assert dealt["view"]["dealer"] == (over["view"]["dealer"] + 1) % 3
        for who, seat in ((ada, 0), (bob, 1)):
            mine = _ok(client.get("/players/me/games?status=active", headers=auth(who["token"])))
            (game,) = mine["games"]
            assert (game["game_id"], game["seats"]) == (new_id, [seat])
            assert (
                _ok(client.get(f"/games/{new_id}/view", headers=auth(who["token"])))["seat"] == seat
            )

        # The finished game's log imports: the seat a bot filled at the start is a
        # bot's in its header, the resigned seat's bot moves and the rematch link
        # (to this server's rematch of that game) are what replay derives.
        exported = client.get(f"/games/{game_id}/log")
        header = json.loads(exported.text.splitlines()[0])
        assert [(k["kind"], k["level"]) for k in header["seat_kinds"]] == [
            ("human", None),
            ("human", None),
            ("bot", 1),
        ]
        imported = client.post(
            "/games/import",
            content=exported.content,
            headers={"content-type": "application/x-ndjson"},
        )
        assert imported.status_code == 201, imported.text
        copy = _ok(client.get(f"/games/{imported.json()['game_id']}"))
        # The source's rematch is not the copy's (its seats hold nothing there).
        assert copy["rematch"] is None and copy["stacked"] is True
