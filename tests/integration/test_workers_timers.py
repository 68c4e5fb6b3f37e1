"""Turn time limits: deadlines as events, timers that fire, survive a restart, and go stale."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from typing import Any

from redis import Redis as SyncRedis
from redis.asyncio import Redis
from rq.job import Job
from workers_table import auth, work, worker_app

from service.logs.logfile import export_log
from service.logs.transfers import log_header_facts
from service.runtime.settings import Settings
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from workers import jobs
from workers.command import reconcile_now
from workers.queue import timer_job_id

NDJSON = "application/x-ndjson"


def _log(client: Any, game_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = client.get(
        f"/games/{game_id}/events", params={"after": 0}
    ).json()["events"]
    return events


def _imports_again(client: Any, url: str, game_id: str) -> None:
    """The game's whole log (as `rummy export` writes it) imports: the timer's moves,
    a bot's on a human seat and an owner's return are what replay derives."""

    async def exported() -> bytes:
        redis = Redis.from_url(url)
        try:
            return await export_log(RedisEventStore(redis), game_id, log_header_facts)
        finally:
            await redis.aclose()

    body = asyncio.run(exported())
    imported = client.post("/games/import", content=body, headers={"content-type": NDJSON})
    assert imported.status_code == 201, imported.text


def _deadlines(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in log if e["event"]["type"] == "turn_deadline_set"]


def _timed_game(client: Any, limit_s: float) -> dict[str, Any]:
    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {"seats": seats, "preset": "duel", "seed": 4, "turn_time_limit_s": limit_s}
    created: dict[str, Any] = client.post("/games", json=body).json()
    return created


def _wait_until(deadline: str) -> None:
    time.sleep(max(0.0, (datetime.fromisoformat(deadline) - datetime.now(UTC)).total_seconds()))


def test_a_timer_plays_the_automatic_move_and_a_stale_one_does_nothing(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        game_id, tokens, seat = _first_seat_times_out(client, queue)
        log = _log(client, game_id)
        timed_out = [e for e in log if e["event"]["type"] == "turn_timed_out"]
        assert [e["event"]["seat"] for e in timed_out] == [seat]
        moves = [e["event"]["type"] for e in log if e["seat"] == seat]
        assert moves == ["cards_drawn", "card_discarded"]
        # The next seat's turn has its own deadline; it plays in time.
        second = _deadlines(log)[-1]
        assert second["event"]["seat"] == 1 - seat
        _draw_and_discard(client, game_id, tokens[str(1 - seat)])
        _wait_until(second["event"]["deadline"])
        assert jobs.turn_timer(game_id, second["version"]) == "stale"
        assert not [
            e for e in _log(client, game_id)
            if e["event"]["type"] == "turn_timed_out" and e["event"]["seat"] == 1 - seat
        ]  # fmt: skip


def _first_seat_times_out(client: Any, queue: Any) -> tuple[str, dict[str, str], int]:
    """A 1 s game whose first seat to act times out (its timer job run): the game,
    its tokens and the seat that timed out."""
    created = _timed_game(client, 1)
    game_id, tokens = created["game_id"], created["tokens"]
    first = _deadlines(_log(client, game_id))[0]
    seat: int = first["event"]["seat"]
    _wait_until(first["event"]["deadline"])
    work(queue)
    return game_id, tokens, seat


def _draw_and_discard(client: Any, game_id: str, token: str) -> None:
    for _ in range(2):
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        legal = view["legal_commands"]
        command = legal[0] if view["phase"] == "draw" else legal[-1]
        client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))


def _time_out_then_the_other_plays(client: Any, queue: Any) -> tuple[str, dict[str, str], int]:
    """The first seat times out, then the other seat draws and discards."""
    game_id, tokens, seat = _first_seat_times_out(client, queue)
    _draw_and_discard(client, game_id, tokens[str(1 - seat)])
    return game_id, tokens, seat


def test_a_seat_that_keeps_timing_out_is_played_by_a_bot(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url, timeouts_before_bot=1) as (client, queue):
        # The other seat plays; the timed-out seat's next turn goes to the bot at once.
        game_id, tokens, seat = _time_out_then_the_other_plays(client, queue)
        work(queue)
        log = _log(client, game_id)
        bot_plays = [
            e for e in log if e["seat"] == seat and (e["command_id"] or "").startswith("bot:")
        ]
        assert bot_plays, "no bot played the timed-out seat"
        [handed] = [e["event"] for e in log if e["event"]["type"] == "seat_control_changed"]
        assert handed == {
            "type": "seat_control_changed",
            "seat": seat,
            "controller": "autopilot",
            "level": 2,
            "reason": "timeouts",
        }
        controllers = client.get(f"/games/{game_id}").json()["view"]["controllers"]
        assert controllers[seat] == {"kind": "autopilot", "level": 2}
        # Any command of the owner takes the seat back.
        view = client.get(f"/games/{game_id}/view", headers=auth(tokens[str(seat)])).json()
        assert view["turn"] == 1 - seat
        _imports_again(client, embedded_redis.url, game_id)


def test_the_owner_acting_while_a_bot_plays_gets_the_seat_back_and_the_log_says_so(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url, timeouts_before_bot=1) as (client, queue):
        game_id, tokens, seat = _time_out_then_the_other_plays(client, queue)
        # The owner draws before the bot's job runs.
        owner = auth(tokens[str(seat)])
        view = client.get(f"/games/{game_id}/view", headers=owner).json()
        assert view["controllers"][seat]["kind"] == "autopilot"
        drawn = client.post(
            f"/games/{game_id}/commands", json=view["legal_commands"][0], headers=owner
        )
        assert drawn.status_code == 200, drawn.text
        changes = [
            (e["event"]["controller"], e["event"]["reason"])
            for e in _log(client, game_id)
            if e["event"]["type"] == "seat_control_changed"
        ]
        assert changes == [("autopilot", "timeouts"), ("owner", "owner_returned")]
        view = client.get(f"/games/{game_id}/view", headers=owner).json()
        assert view["controllers"][seat] == {"kind": "human", "level": None}
        after_draw = drawn.json()["version"]
        work(queue)
        # The bot's job finds the seat its owner's again: no bot move follows. (The
        # owner's own 1 s turn may time out by now on a loaded machine: the timer's.)
        later = _log(client, game_id)[after_draw:]
        assert not [e for e in later if e["seat"] == seat and e.get("actor") == "bot"], later
        _imports_again(client, embedded_redis.url, game_id)


def test_a_timer_survives_a_restart_and_fires_from_the_log_alone(
    embedded_redis: EmbeddedRedis, tmp_path: Any
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        game_id = _timed_game(client, 3)["game_id"]
        deadline = _deadlines(_log(client, game_id))[0]
        job_id = timer_job_id(game_id, deadline["version"])
        assert Job.exists(job_id, connection=queue.connection)
        # The queue is lost (a crashed worker, a flushed Redis): only the log remains.
        sync = SyncRedis.from_url(url)
        for key in sync.scan_iter("rq:*"):
            sync.delete(key)
        sync.close()
        assert not Job.exists(job_id, connection=queue.connection)
        summary = asyncio.run(reconcile_now(Settings(redis_url=url)))
        assert "1 timers" in summary
        assert Job.exists(job_id, connection=queue.connection)
        assert "0 timers" in asyncio.run(reconcile_now(Settings(redis_url=url)))  # idempotent
        env = {**os.environ, "PYTHONPATH": os.getcwd()}
        with (tmp_path / "worker.log").open("wb") as worker_log:
            worker = subprocess.Popen(
                [sys.executable, "-m", "service.cli", "worker", "--redis-url", url],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=worker_log,
            )
        try:
            fired = None
            # Generous: a fresh worker takes seconds to start on a loaded machine.
            waiting_until = time.monotonic() + 120
            while fired is None and time.monotonic() < waiting_until:
                log = _log(client, game_id)
                fired = next((e for e in log if e["event"]["type"] == "turn_timed_out"), None)
                time.sleep(0.1)
        finally:
            worker.terminate()
            worker.wait(timeout=15)
        assert fired is not None, (tmp_path / "worker.log").read_text()
        late_s = (
            datetime.fromisoformat(fired["at"])
            - datetime.fromisoformat(deadline["event"]["deadline"])
        ).total_seconds()
        print(f"timer fired {late_s:+.3f} s after its deadline")
        assert late_s >= 0  # never early; how late is the machine's (`rummy chaos` reports it)
