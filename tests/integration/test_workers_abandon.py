"""A game whose every human seat is on autopilot for N hands in a row is abandoned."""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import pytest
from workers_table import auth, work, worker_app

from service.app.league.records_store import open_league_store
from service.store.embedded_redis import EmbeddedRedis
from workers import abandon
from workers.jobs import league_result

# Long (bot games played until abandoned): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow


def _events(client: Any, game_id: str) -> list[dict[str, Any]]:
    """The whole log, page by page."""
    events: list[dict[str, Any]] = []
    while page := client.get(f"/games/{game_id}/events", params={"after": len(events)}).json()[
        "events"
    ]:
        events += page
    return events


def _human_plays_one_turn_then_hands_over(
    client: Any, queue: Any, game_id: str, token: str
) -> None:
    for _ in range(20):
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        if view["turn"] == 0:
            break
        work(queue)
    for pick in (0, -1):  # a draw, then a discard
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        command = view["legal_commands"][pick]
        answer = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        assert answer.status_code == 200, answer.text
    handed = client.post(f"/games/{game_id}/seats/0/bot", json={"level": 3}, headers=auth(token))
    assert handed.status_code == 200, handed.text


def _play_out(client: Any, queue: Any, game_id: str) -> dict[str, Any]:
    for _ in range(400):
        if not work(queue):
            break
    summary: dict[str, Any] = client.get(f"/games/{game_id}").json()
    return summary


def _duel_against_a_bot(client: Any) -> dict[str, Any]:
    """A four-hand duel, a human against a level-3 bot (short hands), from a fixed seed."""
    created: dict[str, Any] = client.post(
        "/games",
        json={
            "seats": [{"kind": "human"}, {"kind": "bot", "level": 3}],
            "preset": "duel",
            "rules": {"game_end": "hands:4"},
            "seed": 3,
        },
    ).json()
    return created


@pytest.mark.parametrize(("abandon_after", "ends_with"), [(2, "game_abandoned"), (0, "game_ended")])
def test_a_game_on_autopilot_is_abandoned_after_the_set_hands(
    embedded_redis: EmbeddedRedis, abandon_after: int, ends_with: str
) -> None:
    with worker_app(embedded_redis.url, abandon_after_hands=abandon_after) as (client, queue):
        created = _duel_against_a_bot(client)
        game_id = created["game_id"]
        _human_plays_one_turn_then_hands_over(client, queue, game_id, created["tokens"]["0"])

        summary = _play_out(client, queue, game_id)

        events = _events(client, game_id)
        assert summary["status"] == "finished"
        types = [e["event"]["type"] for e in events]
        assert ends_with in types and "game_abandoned" not in types[: types.index(ends_with)]
        hands = [e for e in events if e["event"]["type"] == "hand_ended"]
        if ends_with == "game_abandoned":
            # The owner's hand, then two on autopilot; the fourth is never played out.
            assert types[-1] == "game_abandoned" and "game_ended" not in types
            assert len(hands) == 3 and events[-1]["event"]["hands"] == 2
            assert events[-1]["command_id"] is None and events[-1]["seat"] is None
            # The league's job saw it end abnormally: never rated.
            ratings = client.get(f"/games/{game_id}/ratings")
            assert ratings.status_code == 200, ratings.text
            assert (ratings.json()["counted"], ratings.json()["reason"]) == (False, "abandoned")
        else:
            assert len(hands) == 4 and "game_abandoned" not in types
        # The log is still a valid log: it imports as a game.
        log = client.get(f"/games/{game_id}/log")
        assert log.status_code == 200, log.text
        imported = client.post(
            "/games/import", content=log.content, headers={"content-type": "application/x-ndjson"}
        )
        assert imported.status_code == 201, imported.text


def test_an_abandoned_game_stays_unrated_when_a_rematch_is_offered_before_its_league_job(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url, abandon_after_hands=2) as (client, queue):
        created = _duel_against_a_bot(client)
        game_id, token = created["game_id"], created["tokens"]["0"]
        _human_plays_one_turn_then_hands_over(client, queue, game_id, token)
        _play_out(client, queue, game_id)
        league = open_league_store(embedded_redis.url)
        try:
            league.clear()  # as if the league's job had not run yet
            offered = client.post(f"/games/{game_id}/rematch", headers=auth(token))
            assert offered.status_code == 201, offered.text
            types = [e["event"]["type"] for e in _events(client, game_id)]
            assert types[-2:] == ["game_abandoned", "rematch_offered"]
            # The job reads the event that ended the game, not the log's last one.
            assert league_result(game_id) == "abandoned"
            abandoned_at = datetime.fromisoformat(_events(client, game_id)[-2]["at"])
            change = league.change(game_id)
            assert change is not None and change.ended_at == abandoned_at
        finally:
            league.close()


def test_a_hand_its_owner_ended_queues_no_abandon_check(embedded_redis: EmbeddedRedis) -> None:
    # Two humans, every command their own: the hand was played, nothing to check
    # (before, each hand's end queued a check that could only answer `played`).
    with worker_app(embedded_redis.url, abandon_after_hands=2) as (client, queue):
        created = client.post(
            "/games",
            json={"seats": [{"kind": "human"}] * 2, "rules": {"game_end": "hands:2"}, "seed": 4},
        ).json()
        game_id, tokens = created["game_id"], created["tokens"]
        rng = random.Random(4)
        for _ in range(3000):
            summary = client.get(f"/games/{game_id}").json()
            if summary["view"]["hand_number"] == 2:
                break
            seat = str(summary["view"]["turn"])
            view = client.get(f"/games/{game_id}/view", headers=auth(tokens[seat])).json()
            command = rng.choice(view["legal_commands"])
            answer = client.post(
                f"/games/{game_id}/commands", json=command, headers=auth(tokens[seat])
            )
            assert answer.status_code == 200, answer.text
        else:
            pytest.fail("the first hand did not end")
        assert not [job for job in queue.get_job_ids() if job.startswith("abandon-")]


def test_a_table_of_bots_alone_that_never_reaches_its_target_is_abandoned(
    embedded_redis: EmbeddedRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Palace under a 1,000-point opening: nobody goes out, zero-sum totals only fall,
    and a target of 1 is never reached, so the table played for good (the workers with
    it). Past the hands a table of bots may play it is abandoned, abandonment off or
    not. Here the limit (100 hands) is cut to 1, and a far target stands for one never
    reached (a basic hand is played out faster than a palace one)."""
    monkeypatch.setattr(abandon, "BOTS_ONLY_MAX_HANDS", 1)
    with worker_app(embedded_redis.url, abandon_after_hands=0) as (client, queue):
        rules = {"game_end": "target:10000"}
        seats = [{"kind": "bot", "level": 1}] * 2
        body = {"preset": "basic", "rules": rules, "seats": seats, "seed": 5}
        created = client.post("/games", json=body)
        assert created.status_code == 201, created.text
        game_id = created.json()["game_id"]

        summary = _play_out(client, queue, game_id)

        assert summary["status"] == "finished"
        events = _events(client, game_id)
        assert events[-1]["event"] == {"type": "game_abandoned", "hand_number": 2, "hands": 1}
        assert len([e for e in events if e["event"]["type"] == "hand_ended"]) == 1
