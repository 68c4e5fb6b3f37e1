"""The knock window: a bot next to play after a discard a human seat may knock for
waits before it draws (rq's scheduler), a knock in the window wins, and tables
where no human may knock do not wait at all."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from redis import Redis as SyncRedis
from rq.job import Job
from rq.serializers import JSONSerializer
from workers_table import auth, work, worker_app

from service.runtime.settings import Settings
from service.store.embedded_redis import EmbeddedRedis
from workers.command import reconcile_now
from workers.queue import bot_job_id
from workers.schedule import SCHEDULER_SLACK_S

WINDOW_S = 1.0
KNOCKING = {"knocking": True, "game_end": "hands:1"}


def _log(client: Any, game_id: str, after: int = 0) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = client.get(
        f"/games/{game_id}/events", params={"after": after}
    ).json()["events"]
    return events


def _version(client: Any, game_id: str) -> int:
    version: int = client.get(f"/games/{game_id}").json()["version"]
    return version


def _at(envelope: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(envelope["at"])


def _human_and_two_bots(client: Any) -> tuple[str, str]:
    seats = [{"kind": "human"}, {"kind": "bot", "level": 2}, {"kind": "bot", "level": 2}]
    body = {"seats": seats, "preset": "palace", "rules": KNOCKING, "seed": 7}
    created = client.post("/games", json=body).json()
    return created["game_id"], created["tokens"]["0"]


def _to_a_knock_window(client: Any, queue: Any, game_id: str, token: str) -> dict[str, Any]:
    """Play (the human: draw, then the last discard offered) until a bot is next to
    play a discard the human may knock for; the human's view then."""
    for _ in range(200):
        work(queue)
        view: dict[str, Any] = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        assert view["phase"] in ("draw", "play"), view["phase"]
        legal = view["legal_commands"]
        if view["turn"] != 0:
            # The bots play at once unless the human may knock: then the next one waits.
            assert legal == [{"type": "knock"}], f"bots stalled at {view['turn']}"
            return view
        command = legal[0] if view["phase"] == "draw" else legal[-1]
        answer = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        assert answer.status_code == 200, answer.text
    raise AssertionError("no knock window came")


def _at_a_knock_window(client: Any, queue: Any) -> tuple[str, str, dict[str, Any], int]:
    """A human and two bots, played to a knock window: the game, the human's token,
    the human's view and the game's version then."""
    game_id, token = _human_and_two_bots(client)
    view = _to_a_knock_window(client, queue, game_id, token)
    return game_id, token, view, _version(client, game_id)


def _job(queue: Any, game_id: str, version: int) -> Job:
    job_id = bot_job_id(game_id, version)
    return Job.fetch(job_id, connection=queue.connection, serializer=JSONSerializer)


def _work_until_moved(client: Any, queue: Any, game_id: str, version: int) -> None:
    # Generous: on a loaded machine one burst of rq's takes seconds; it returns once moved.
    deadline = time.monotonic() + WINDOW_S + 120
    while _version(client, game_id) == version and time.monotonic() < deadline:
        time.sleep(0.1)
        work(queue)


def test_the_bot_next_to_play_waits_the_window_before_it_draws(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url, knock_window_s=WINDOW_S) as (client, queue):
        game_id, token, view, version = _at_a_knock_window(client, queue)
        [discard] = _log(client, game_id, after=version - 1)
        assert discard["event"]["type"] == "card_discarded"
        assert _job(queue, game_id, version).get_status() == "scheduled"
        # Due at the window's end, counted from the discard (rq keeps whole seconds).
        due = queue.scheduled_job_registry.get_scheduled_time(bot_job_id(game_id, version))
        window_end = _at(discard) + timedelta(seconds=WINDOW_S)
        assert abs(due - window_end) < timedelta(seconds=1)
        work(queue)  # nothing is due yet
        assert _version(client, game_id) == version

        _work_until_moved(client, queue, game_id, version)
        drawn = _log(client, game_id, after=version)[0]
        assert (drawn["seat"], drawn["event"]["type"]) == (view["turn"], "cards_drawn")
        # However late a loaded machine ran it, never before the window was over.
        assert _at(drawn) >= window_end


def test_a_human_knock_in_the_window_wins_and_the_bot_then_plays_at_once(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url, knock_window_s=WINDOW_S) as (client, queue):
        game_id, token, view, version = _at_a_knock_window(client, queue)
        waiting = _job(queue, game_id, version)
        due = queue.scheduled_job_registry.get_scheduled_time(waiting.id)

        answer = client.post(
            f"/games/{game_id}/commands", json={"type": "knock"}, headers=auth(token)
        )
        assert answer.status_code == 200, answer.text
        [knocked] = _log(client, game_id, after=version)
        assert (knocked["seat"], knocked["event"]["type"]) == (0, "knocked")
        work(queue)  # nobody may knock any more: the bot's job for the knock's version runs now
        drawn = _log(client, game_id, after=version + 1)[0]
        assert (drawn["seat"], drawn["event"]["type"]) == (view["turn"], "cards_drawn")

        # The job of the window, when it comes due, finds the game moved on: a no-op.
        time.sleep(max(0.0, (due - datetime.now(UTC)).total_seconds()) + SCHEDULER_SLACK_S)
        work(queue)
        assert waiting.get_status(refresh=True) == "finished"
        assert waiting.return_value() == 0  # commands appended


def test_a_lost_window_job_is_made_again_for_what_is_left_of_the_window(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    # Longer than the others': the queue's loss and the reconciler's round must fall
    # inside the window (on a loaded machine they took more than a second).
    window_s = 8.0
    with worker_app(url, knock_window_s=window_s) as (client, queue):
        game_id, _, _, version = _at_a_knock_window(client, queue)
        [discard] = _log(client, game_id, after=version - 1)
        # The queue is lost (a flushed Redis): only the log remains.
        sync = SyncRedis.from_url(url)
        for key in sync.scan_iter("rq:*"):
            sync.delete(key)
        sync.close()
        settings = Settings(redis_url=url, knock_window_s=window_s)
        assert "1 bot jobs" in asyncio.run(reconcile_now(settings))
        job_id = bot_job_id(game_id, version)
        due = queue.scheduled_job_registry.get_scheduled_time(job_id)
        assert due >= _at(discard)  # still the window's: counted from the discard
        assert (due - _at(discard)).total_seconds() <= window_s + 1
        assert "0 bot jobs" in asyncio.run(reconcile_now(settings))  # idempotent
        _work_until_moved(client, queue, game_id, version)
        assert _version(client, game_id) > version


@pytest.mark.parametrize(
    ("seats", "rules"),
    [
        ([{"kind": "bot", "level": 1 + seat % 3} for seat in range(4)], KNOCKING),
        ([{"kind": "bot", "level": 2}] * 3, KNOCKING),
    ],
    ids=["four-bots", "three-bots"],
)
def test_bot_only_tables_with_knocking_never_wait(
    embedded_redis: EmbeddedRedis, seats: list[dict[str, Any]], rules: dict[str, Any]
) -> None:
    # A long window: any wait would leave the game unfinished after the bursts.
    with worker_app(embedded_redis.url, knock_window_s=30) as (client, queue):
        body = {"seats": seats, "preset": "palace", "rules": rules, "seed": 3}
        game_id = client.post("/games", json=body).json()["game_id"]
        for _ in range(50):
            if not work(queue):
                break
        assert client.get(f"/games/{game_id}").json()["status"] == "finished"
        assert queue.scheduled_job_registry.get_job_ids() == []


def test_a_bot_that_chose_not_to_knock_is_not_asked_again(embedded_redis: EmbeddedRedis) -> None:
    # The human is to draw; a bot that could knock for the last discard has had its
    # job and passed. The periodic reconcile made that job again every 10 s before.
    url = embedded_redis.url
    with worker_app(url, knock_window_s=0) as (client, queue):
        game_id, token = _human_and_two_bots(client)
        for _ in range(200):
            while work(queue):
                pass
            view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
            if view["turn"] == 0 and view["phase"] == "draw" and view["discard_pile"]:
                break
            command = view["legal_commands"][-1]
            client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        else:
            raise AssertionError("the human's draw never came")
        version = _version(client, game_id)
        assert _job(queue, game_id, version).get_status() == "finished"
        settings = Settings(redis_url=url, knock_window_s=0)
        assert "0 bot jobs" in asyncio.run(reconcile_now(settings))
        assert _version(client, game_id) == version
