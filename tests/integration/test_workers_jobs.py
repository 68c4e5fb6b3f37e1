"""Jobs run twice, crash mid-turn, or are enqueued twice: each decision is appended once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from rq.job import Job
from rq.serializers import JSONSerializer
from workers_table import work, worker_app

from service.runtime.settings import Settings
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis
from workers import jobs, turns
from workers.command import reconcile_now
from workers.queue import bot_job_id, ensure_job, release_stranded_jobs
from workers.schedule import BOT_JOB


def _log(client: Any, game_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = client.get(
        f"/games/{game_id}/events", params={"after": 0}
    ).json()["events"]
    return events


def _bot_game(client: Any) -> tuple[str, int]:
    # Seat 0 plays first unless the rules pick at random; the bot sits there.
    created = client.post(
        "/games",
        json={
            "seats": [{"kind": "bot", "level": 2}, {"kind": "human"}],
            "preset": "duel",
            "seed": 11,
        },
    ).json()
    return created["game_id"], created["version"]


def test_a_job_run_twice_plays_the_turn_once(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        game_id, version = _bot_game(client)
        assert Job.exists(bot_job_id(game_id, version), connection=queue.connection)
        assert jobs.bot_turn(game_id, version) >= 2  # a draw and a discard at least
        after_first = _log(client, game_id)
        assert jobs.bot_turn(game_id, version) == 0
        assert _log(client, game_id) == after_first


def test_a_job_killed_mid_turn_is_finished_by_its_rerun(
    embedded_redis: EmbeddedRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        game_id, version = _bot_game(client)
        monkeypatch.setattr(turns, "MAX_STEPS", 1)  # the worker dies after one command
        assert jobs.bot_turn(game_id, version) == 1
        monkeypatch.undo()
        assert jobs.bot_turn(game_id, version) >= 1  # the rerun carries on
        assert jobs.bot_turn(game_id, version) == 0
        seat_events = [e["event"]["type"] for e in _log(client, game_id) if e["seat"] == 0]
        assert seat_events.count("cards_drawn") == 1
        assert seat_events.count("card_discarded") == 1


def test_duplicate_jobs_for_one_turn_append_one_command(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        game_id, version = _bot_game(client)
        job_id = bot_job_id(game_id, version)
        assert not ensure_job(queue, job_id, BOT_JOB, (game_id, version))  # already there
        # Even a second job under another id only finds the turn played.
        queue.enqueue(BOT_JOB, game_id, version, job_id=f"{job_id}-again")
        first = jobs.bot_turn(game_id, version)
        again = Job.fetch(f"{job_id}-again", connection=queue.connection, serializer=JSONSerializer)
        assert first >= 2 and again.perform() == 0
        seat_events = [e["event"]["type"] for e in _log(client, game_id) if e["seat"] == 0]
        assert seat_events.count("card_discarded") == 1


def test_a_job_a_dead_worker_took_is_put_back_and_played(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        game_id, version = _bot_game(client)
        job_id = bot_job_id(game_id, version)
        # A worker takes the job (rq moves it to the intermediate list) and dies
        # before starting it: it is neither queued nor running.
        queue.connection.lmove(queue.key, queue.intermediate_queue_key)
        assert queue.job_ids == [] and queue.intermediate_queue.get_job_ids() == [job_id]
        work(queue)
        assert len(_log(client, game_id)) == version  # nobody played the bot's turn

        assert release_stranded_jobs(queue) == 1
        assert release_stranded_jobs(queue) == 0
        assert queue.job_ids == [job_id]
        work(queue)
        bot_events = [e["event"]["type"] for e in _log(client, game_id) if e["seat"] == 0]
        assert bot_events.count("card_discarded") == 1


def test_the_reconciler_refiles_a_game_the_lobby_left_under_a_stale_status(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url) as (client, _):
        seats = [{"kind": "human"}, {"kind": "human", "open": True}]
        game_id = client.post("/games", json={"seats": seats, "seed": 3}).json()["game_id"]
        assert client.post(f"/games/{game_id}/seats/1").status_code == 201
        # A crash after the claim, before its lobby filing: the index still says open.
        asyncio.run(_file(embedded_redis.url, game_id, "open"))
        assert [e["game_id"] for e in client.get("/games?status=open").json()["games"]] == [game_id]

        summary = asyncio.run(reconcile_now(Settings(redis_url=embedded_redis.url)))

        assert "1 lobby entries re-filed" in summary
        assert client.get("/games?status=open").json()["games"] == []
        active = client.get("/games?status=active").json()["games"]
        assert [(e["game_id"], e["status"]) for e in active] == [(game_id, "active")]
        assert "0 lobby entries re-filed" in asyncio.run(
            reconcile_now(Settings(redis_url=embedded_redis.url))
        )


async def _file(url: str, game_id: str, status: str) -> None:
    client = open_redis(url)
    try:
        await RedisEventStore(client).index_game(game_id, status, 0.0)
    finally:
        await client.aclose()
