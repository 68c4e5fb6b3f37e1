"""A `rummy worker` SIGKILLed during a bot's turn: a replacement plays the turn, once, and on."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from litestar.testing import TestClient
from redis import Redis
from redis.asyncio import Redis as AsyncRedis
from rq.job import Job
from rq.serializers import JSONSerializer
from worker_process import kill_group, start_worker, wait_for
from workers_table import worker_app

from service.http.app import create_app
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from workers.liveness import BEAT_S, RECONCILE_EVERY_BEATS, live_workers, recover_abandoned
from workers.queue import ensure_job
from workers.schedule import BOT_JOB


def _command_runs(events: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Each command id's versions: one command is one append, so they are contiguous."""
    runs: dict[str, list[int]] = {}
    for envelope in events:
        if envelope["command_id"] is not None:
            runs.setdefault(envelope["command_id"], []).append(envelope["version"])
    return runs


def test_a_worker_killed_mid_turn_is_replaced_and_each_turn_is_played_once(
    embedded_redis: EmbeddedRedis, tmp_path: Path
) -> None:
    url = embedded_redis.url
    log = tmp_path / "workers.log"
    with worker_app(url) as (client, queue):
        created = client.post(
            "/games",
            json={
                "seats": [{"kind": "bot", "level": 4}, {"kind": "bot", "level": 4}],
                "preset": "duel",
                "rules": {"game_end": "hands:1"},
                "seed": 5,
            },
        )
        assert created.status_code == 201, created.text
        game_id = created.json()["game_id"]
        connection: Redis = queue.connection
        registry = queue.started_job_registry

        def started() -> bool:
            # In the registry is not yet started: rq files a job there a moment before
            # it marks it started, and a kill in between left it "queued" (seen once).
            jobs = Job.fetch_many(
                registry.get_job_ids(cleanup=False), connection, serializer=JSONSerializer
            )
            return any(job is not None and job.get_status() == "started" for job in jobs)

        first = start_worker(url, log)
        try:
            # A level-4 decision takes 0.15 s a move: the kill lands mid-job.
            wait_for(started, 60, "a started job")
        finally:
            kill_group(first)
        [stuck] = registry.get_job_ids(cleanup=False)
        job = Job.fetch(stuck, connection=connection, serializer=JSONSerializer)
        assert job.get_status() == "started"  # rq alone would leave it so
        frozen_at = client.get(f"/games/{game_id}").json()["version"]

        second = start_worker(url, log)
        try:
            wait_for(
                lambda: client.get(f"/games/{game_id}").json()["status"] == "finished",
                180,
                "the game to finish",
            )
        finally:
            kill_group(second)

        events = client.get(f"/games/{game_id}/events", params={"after": 0}).json()["events"]
        assert events[-1]["version"] > frozen_at
        runs = _command_runs(events)
        bot_commands = [command_id for command_id in runs if command_id.startswith("bot:")]
        assert bot_commands, runs
        for command_id, versions in runs.items():
            assert versions == list(range(versions[0], versions[0] + len(versions))), command_id
        # A turn is one draw and one discard: a turn played twice would show two.
        turns = [e for e in events if e["event"]["type"] in ("cards_drawn", "card_discarded")]
        kinds = [e["event"]["type"] for e in turns]
        assert all(a != b for a, b in zip(kinds, kinds[1:], strict=False)), kinds
        text = log.read_text()
        if frozen_at == int(stuck.rpartition("-")[2]):
            # Killed before its first append: only putting the job back recovers it.
            assert "put back job" in text, text
        else:
            # Killed after an append, before the next job was enqueued: the
            # reconciler makes that one, or the dead job is put back.
            assert "put back job" in text or "1 bot jobs" in text, text


def test_a_job_is_put_back_only_once_its_worker_stops_beating(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        connection: Redis = queue.connection
        job = queue.enqueue("workers.jobs.bot_turn", "g", 1, job_id="bot-g-1")
        # As a worker that starts it: the started registry, and its name on the job.
        worker = "w-alive"
        job.worker_name = worker
        job.set_status("started")
        job.save()
        queue.remove(job)
        with connection.pipeline() as pipeline:
            pipeline.zadd(registry_key := queue.started_job_registry.key, {"bot-g-1:e1": "+inf"})
            pipeline.zadd("rummy:workers:beats", {worker: time.time()})
            pipeline.execute()
        assert live_workers(connection) == 1
        assert recover_abandoned(queue) == []  # its worker beats

        connection.zadd("rummy:workers:beats", {worker: time.time() - 60})
        assert live_workers(connection) == 0
        assert recover_abandoned(queue) == ["bot-g-1"]
        assert queue.job_ids == ["bot-g-1"]
        assert connection.zrange(registry_key, 0, -1) == []
        assert recover_abandoned(queue) == []


def test_the_reconciler_makes_again_a_job_whose_worker_died(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        connection: Redis = queue.connection
        job = queue.enqueue("workers.jobs.bot_turn", "g", 2, job_id="bot-g-2")
        job.worker_name = "w-gone"
        job.set_status("started")
        job.save()
        queue.remove(job)
        connection.zadd("rummy:workers:beats", {"w-gone": time.time()})
        assert not ensure_job(queue, "bot-g-2", BOT_JOB, ("g", 2), replace_done=True)

        connection.zadd("rummy:workers:beats", {"w-gone": time.time() - 60})
        assert ensure_job(queue, "bot-g-2", BOT_JOB, ("g", 2), replace_done=True)
        assert queue.job_ids == ["bot-g-2"]


def test_a_bot_turn_whose_job_was_never_enqueued_is_played_without_a_restart(
    embedded_redis: EmbeddedRedis, tmp_path: Path
) -> None:
    url = embedded_redis.url
    log = tmp_path / "workers.log"
    with worker_app(url) as (client, queue):
        created = client.post(
            "/games",
            json={
                "seats": [{"kind": "human"}, {"kind": "bot", "level": 1}],
                "preset": "duel",
                "seed": 4,
            },
        ).json()
        game_id, token = created["game_id"], created["tokens"]["0"]
        worker = start_worker(url, log)
        try:
            headers = {"Authorization": f"Bearer {token}"}

            def my_turn() -> bool:
                view = client.get(f"/games/{game_id}/view", headers=headers).json()
                return bool(view["turn"] == 0 and view["legal_commands"])

            wait_for(my_turn, 120, "the human's turn")
            wait_for(lambda: "reconciled" in log.read_text(), 120, "the worker's start")
            # The human's turn through an API that enqueues nothing: as if it died
            # between the append and the enqueue of the bot's turn.
            redis = AsyncRedis.from_url(url)
            unhooked = create_app(RedisEventStore(redis), on_shutdown=[redis.aclose])
            with TestClient(unhooked) as bare:
                for pick in (0, -1):
                    view = bare.get(f"/games/{game_id}/view", headers=headers).json()
                    answer = bare.post(
                        f"/games/{game_id}/commands",
                        json=view["legal_commands"][pick],
                        headers=headers,
                    )
                    assert answer.status_code == 200, answer.text
            played = client.get(f"/games/{game_id}").json()["version"]
            wait_for(
                lambda: client.get(f"/games/{game_id}").json()["version"] > played,
                3 * RECONCILE_EVERY_BEATS * BEAT_S,
                "the bot's turn",
            )
            # Said once the reconcile returns: the job it enqueued may be played before.
            wait_for(
                lambda: "periodic: reconciled" in log.read_text(), 60, "the reconcile's report"
            )
        finally:
            kill_group(worker)


def test_a_job_its_worker_took_but_never_marked_started_is_put_back(
    embedded_redis: EmbeddedRedis,
) -> None:
    """rq records the execution, then (in a second step) the job's status: a kill
    between the two leaves a `queued` job that is in no list, only in the registry."""
    with worker_app(embedded_redis.url) as (client, queue):
        connection: Redis = queue.connection
        job = queue.enqueue("workers.jobs.bot_turn", "g", 3, job_id="bot-g-3")
        queue.remove(job)
        with connection.pipeline() as pipeline:
            pipeline.zadd(queue.started_job_registry.key, {"bot-g-3:e3": "+inf"})
            pipeline.hset("rq:execution:bot-g-3:e3", "worker_name", "w-killed")
            pipeline.zadd("rummy:workers:beats", {"w-killed": time.time()})
            pipeline.execute()
        assert job.get_status() == "queued" and queue.job_ids == []
        assert recover_abandoned(queue) == []  # its worker still beats

        connection.zadd("rummy:workers:beats", {"w-killed": time.time() - 60})
        assert recover_abandoned(queue) == ["bot-g-3"]
        assert "bot-g-3" in queue.job_ids
        assert connection.zrange(queue.started_job_registry.key, 0, -1) == []


def test_a_job_taken_into_the_intermediate_list_by_a_worker_that_died_is_put_back(
    embedded_redis: EmbeddedRedis,
) -> None:
    """rq moves a job it dequeues into the queue's intermediate list, records the
    execution, and only then marks it started and takes it off that list: a kill
    between those steps leaves it `queued`, in the intermediate list and in the
    registry. It waits in no line (nobody takes it from there): it is put back."""
    with worker_app(embedded_redis.url) as (client, queue):
        connection: Redis = queue.connection
        job = queue.enqueue("workers.jobs.bot_turn", "g", 4, job_id="bot-g-4")
        queue.remove(job)
        with connection.pipeline() as pipeline:
            pipeline.rpush(queue.intermediate_queue_key, "bot-g-4")
            pipeline.zadd(queue.started_job_registry.key, {"bot-g-4:e4": "+inf"})
            pipeline.hset("rq:execution:bot-g-4:e4", "worker_name", "w-killed")
            pipeline.zadd("rummy:workers:beats", {"w-killed": time.time()})
            pipeline.execute()
        assert job.get_status() == "queued" and queue.job_ids == []
        assert recover_abandoned(queue) == []  # its worker still beats

        connection.zadd("rummy:workers:beats", {"w-killed": time.time() - 60})
        assert recover_abandoned(queue) == ["bot-g-4"]
        assert queue.job_ids == ["bot-g-4"]
        assert connection.lrange(queue.intermediate_queue_key, 0, -1) == []
