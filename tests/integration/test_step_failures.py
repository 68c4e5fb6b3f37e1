"""A worker's per-game steps fail alone: a game whose records a step cannot read is
set aside with a growing back-off, named by /health and counted on /metrics, while
every other game is reconciled and archived as before (issue 28)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from redis import Redis as SyncRedis
from redis.asyncio import Redis
from workers_table import auth, fail_for_good, work, worker_app

from service.app.archiving import Archiver
from service.app.games import GameService
from service.app.step_failures import SET_ASIDE_AFTER, StepFailures
from service.app.worker_metrics import WorkerMetrics
from service.store import RedisEventStore
from service.store.archived_store import with_archive
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_keys import game_key
from service.store.shared_counters import RedisSharedCounters
from workers.queue import open_queue
from workers.reconcile import reconcile
from workers.schedule import TurnScheduler

# Long (failing steps retried to their end): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow


# A duel's deck, top card first: a ten-card run dealt to each seat (the clubs to the
# first dealt, the diamonds to the other), the rest of the pack after it.
RUNS = [rank + suit for rank in "A23456789T" for suit in "CD"]
OUT_AT_ONCE = RUNS + [r + s for s in "CDHS" for r in "A23456789TJQK" if r + s not in RUNS]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _game(client: Any, seats: list[dict[str, Any]], **deck: Any) -> str:
    body = {"seats": seats, "preset": "duel", "rules": {"game_end": "hands:1"}, **deck}
    created = client.post("/games", json=body)
    assert created.status_code == 201, created.text
    game_id: str = created.json()["game_id"]
    return game_id


def _break(url: str, game_id: str) -> None:
    """What an old bad import or a record written by hand leaves: an unreadable record
    (a secret of it: its info, a copy of the log's opening, is read there instead)."""
    SyncRedis.from_url(url).hset(game_key(game_id, "meta"), "seed", b"not a number")


def _reconcile_rounds(
    url: str, failing: str, before_each: Callable[[], None] = lambda: None
) -> list[int]:
    """Bot jobs the reconciler made in each of SET_ASIDE_AFTER rounds an hour apart
    (`before_each` runs first), each leaving the `failing` game's step backed off."""
    clock = Clock()
    failures = StepFailures(clock)

    async def run() -> list[int]:
        redis = Redis.from_url(url)
        jobs = open_queue(url)
        metrics = WorkerMetrics(RedisSharedCounters(redis))
        try:
            store = RedisEventStore(redis)
            scheduler = TurnScheduler(store, jobs)
            made = []
            for _ in range(SET_ASIDE_AFTER):
                before_each()
                counts = await reconcile(
                    GameService(store), store, scheduler, failures=failures, metrics=metrics
                )
                made.append(counts.bot_jobs)
                assert not failures.due("reconcile", failing)  # backs off: no hot loop
                clock.now += 3600
            return made
        finally:
            await redis.aclose()
            jobs.connection.close()

    return asyncio.run(run())


def test_a_game_the_reconciler_cannot_read_is_set_aside_and_the_others_reconciled(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        good = _game(client, [{"kind": "bot", "level": 1}, {"kind": "human"}])
        bad = _game(client, [{"kind": "bot", "level": 1}, {"kind": "human"}])
        queue.empty()  # as after a crash: the bots' jobs are lost
        _break(url, bad)
        # The good game's bot job, despite the bad game.
        assert _reconcile_rounds(url, bad)[0] == 1
        assert any(good in job_id for job_id in queue.get_job_ids())
        health = client.get("/health").json()
        assert health["set_aside"] == [f"reconcile:{bad}"]
        metrics = client.get("/metrics").text
        assert 'rummy_game_step_failures_total{step="reconcile"} 3' in metrics
        assert "rummy_games_set_aside 1" in metrics


def test_a_bot_job_that_fails_every_time_is_backed_off_and_set_aside(
    embedded_redis: EmbeddedRedis,
) -> None:
    # Before, the reconciler deleted and queued such a job again every round (each run
    # retried five times more), for good, and /health never named the game.
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        game_id = _game(client, [{"kind": "bot", "level": 1}, {"kind": "human"}])

        def fail_its_job() -> None:
            # Each round finds it made again, and fails it once more.
            [job_id] = [job for job in queue.get_job_ids() if game_id in job]
            fail_for_good(queue, job_id)

        # Made again each round, but counted as a failure, not as a job made.
        assert _reconcile_rounds(url, game_id, fail_its_job) == [0] * SET_ASIDE_AFTER
        assert client.get("/health").json()["set_aside"] == [f"reconcile:{game_id}"]


def test_a_game_the_archiver_cannot_read_fails_alone(
    embedded_redis: EmbeddedRedis, tmp_path: Any
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        bots = [{"kind": "bot", "level": 1}, {"kind": "bot", "level": 1}]
        # Dealt so that the first to play goes out at once: two finished games in a few
        # moves, not two shuffled duels of random length (a minute or two on a busy machine).
        good, bad = _game(client, bots, deck=OUT_AT_ONCE), _game(client, bots, deck=OUT_AT_ONCE)

        def finished() -> bool:
            games = [client.get(f"/games/{game_id}").json() for game_id in (good, bad)]
            return all(game["status"] == "finished" for game in games)

        # Until both games are over: the earlier tests' jobs on this Redis (a bot job that
        # fails for good, retried with its back-off) would keep a burst worker busy.
        for _ in range(200):
            if finished() or not work(queue):
                break
        assert finished()
        # The bad game's last event is unreadable.
        SyncRedis.from_url(url).xadd(game_key(bad, "events"), {"e": b"not json"})
        failures = StepFailures()

        async def sweep() -> int:
            redis = Redis.from_url(url)
            try:
                store = with_archive(RedisEventStore(redis), str(tmp_path))
                swept = await Archiver(store, 0).sweep(failures=failures)
                return swept.archived
            finally:
                await redis.aclose()

        assert asyncio.run(sweep()) == 1  # the good game, despite the bad one
        assert not failures.due("archive", bad)
        redis = SyncRedis.from_url(url)
        assert not redis.exists(game_key(good, "events"))  # archived: out of Redis
        assert redis.exists(game_key(bad, "events"))


def test_a_game_whose_meta_is_unreadable_costs_the_lobby_and_its_players_only_its_line(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, _):
        host = client.post("/players", json={"name": "Ada"}).json()
        seats = [{"kind": "human"}, {"kind": "human", "open": True}]

        def table() -> str:
            body = {"seats": seats, "preset": "duel"}
            created = client.post("/games", json=body, headers=auth(host["token"]))
            assert created.status_code == 201, created.text
            game_id: str = created.json()["game_id"]
            return game_id

        good, bad = table(), table()
        _break(url, bad)
        for path in ("/games", "/games?open_seats=true", "/players/me/games"):
            listed = client.get(path, headers=auth(host["token"]))
            assert listed.status_code == 200, listed.text
            assert [game["game_id"] for game in listed.json()["games"]] == [good]
        # A version counter written by hand: the lobby lists the others.
        anonymous = client.post("/games", json={"seats": seats, "preset": "duel"})
        worse = anonymous.json()["game_id"]
        SyncRedis.from_url(url).set(game_key(worse, "version"), b"not a number")
        for path in ("/games", "/games?open_seats=true"):
            listed = client.get(path)
            assert listed.status_code == 200, listed.text
            assert [game["game_id"] for game in listed.json()["games"]] == [good]
        renamed = client.patch("/players/me", json={"name": "Bea"}, headers=auth(host["token"]))
        assert renamed.status_code == 200, renamed.text
        mine = client.get("/players/me/games", headers=auth(host["token"])).json()["games"]
        assert mine[0]["names"][0] == "Bea"
