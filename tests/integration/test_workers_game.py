"""Bots through the API with an rq worker: a human against bots, bot-only games, seat hand-over."""

from __future__ import annotations

from typing import Any

import pytest
from workers_table import auth, work, worker_app

from service.store.embedded_redis import EmbeddedRedis


def _create(client: Any, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    response = client.post("/games", json={"seats": seats, **extra})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_one_human_against_three_bots_plays_to_the_end(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": level} for level in (1, 2, 3)]
        created = _create(client, seats, preset="palace", rules={"game_end": "hands:1"}, seed=7)
        game_id, token = created["game_id"], created["tokens"]["0"]
        human_moves = bot_moves = 0
        for _ in range(400):
            work(queue)
            view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
            if view["phase"] == "over":
                break
            if view["turn"] != 0 and not view["legal_commands"]:
                pytest.fail(f"bots stalled at {view['turn']}: the queue is {queue.count} long")
            # The human plays the simplest legal command: draw, then the last discard.
            legal = view["legal_commands"]
            command = legal[0] if view["phase"] == "draw" else legal[-1]
            if view["turn"] != 0:
                command = None  # only a knock is on offer: let it pass
            if command is not None:
                result = client.post(
                    f"/games/{game_id}/commands", json=command, headers=auth(token)
                )
                assert result.status_code == 200, result.text
                human_moves += 1
        else:
            pytest.fail("the game did not finish")
        log = client.get(f"/games/{game_id}/events", params={"after": 0}).json()["events"]
        bot_moves = sum(1 for envelope in log if envelope["seat"] in (1, 2, 3))
        assert view["phase"] == "over" and human_moves > 0 and bot_moves > 0
        assert queue.count == 0


@pytest.mark.parametrize(
    ("preset", "seats"), [("basic", 4), ("palace", 4), ("duel", 2), ("classic", 3)]
)
def test_bot_only_games_finish_for_every_preset(
    embedded_redis: EmbeddedRedis, preset: str, seats: int
) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        bots = [{"kind": "bot", "level": 1 + seat % 3} for seat in range(seats)]
        game_id = _create(client, bots, preset=preset, rules={"game_end": "hands:1"}, seed=3)[
            "game_id"
        ]
        for _ in range(50):
            if not work(queue):
                break
        summary = client.get(f"/games/{game_id}").json()
        assert summary["status"] == "finished", summary["view"]


def test_a_seat_handed_to_a_bot_is_played_until_taken_back(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        created = _create(client, [{"kind": "human"}, {"kind": "human"}], preset="duel", seed=5)
        game_id, tokens = created["game_id"], created["tokens"]
        mover = client.get(f"/games/{game_id}/view", headers=auth(tokens["0"])).json()["turn"]
        url = f"/games/{game_id}/seats/{mover}/bot"
        assert (
            client.post(url, json={"level": 2}, headers=auth(tokens[str(1 - mover)])).status_code
            == 403
        )
        assert client.post(url, json={"level": 2}).status_code == 401
        handed = client.post(url, json={"level": 2}, headers=auth(tokens[str(mover)]))
        assert handed.json() == {"game_id": game_id, "seat": mover, "bot_level": 2}
        work(queue)
        view = client.get(f"/games/{game_id}/view", headers=auth(tokens[str(mover)])).json()
        assert view["turn"] == 1 - mover  # the bot played the seat's turn
        taken = client.delete(url, headers=auth(tokens[str(mover)]))
        assert taken.json()["bot_level"] is None
        changes = [
            e["event"]
            for e in client.get(f"/games/{game_id}/events").json()["events"]
            if e["event"]["type"] == "seat_control_changed"
        ]
        assert [(e["controller"], e["level"], e["reason"]) for e in changes] == [
            ("autopilot", 2, "handed_over"),
            ("owner", None, "taken_back"),
        ]
        other = client.get(f"/games/{game_id}/view", headers=auth(tokens[str(1 - mover)])).json()
        for command in (other["legal_commands"][0], None):
            if command is None:
                view = client.get(
                    f"/games/{game_id}/view", headers=auth(tokens[str(1 - mover)])
                ).json()
                command = view["legal_commands"][-1]
            client.post(
                f"/games/{game_id}/commands", json=command, headers=auth(tokens[str(1 - mover)])
            )
        work(queue)
        view = client.get(f"/games/{game_id}/view", headers=auth(tokens[str(mover)])).json()
        assert view["turn"] == mover and view["phase"] == "draw"  # nobody played for the owner
