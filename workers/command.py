"""`rummy worker`: an rq worker (with a scheduler thread, workers/scheduler_loop.py) for
bot turns, turn timers and league results; the league's seeding games it queues are
played by a low-priority process it starts (`rummy worker --seeding`,
workers/seeding_process.py)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from typing import TYPE_CHECKING

import msgspec
from redis.asyncio import Redis
from rq import Queue
from rq.serializers import JSONSerializer

from service.app.archiving import Archiver
from service.app.games import GameService
from service.app.step_failures import StepFailures
from service.app.worker_metrics import WorkerMetrics
from service.runtime.long_lived import tune_collector_for_a_long_run
from service.runtime.settings import Settings, seed_games_flag, settings_from_env
from service.store import RedisEventStore
from service.store.archived_store import ArchivedEventStore, with_archive
from service.store.redis_cluster import is_cluster_url, open_redis_cluster
from service.store.shared_counters import RedisSharedCounters

if TYPE_CHECKING:
    from service.app.league.store import LeagueStore

__all__ = ["add_arguments", "reconcile_now", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--redis-url", help="the event store's Redis (env REDIS_URL)")
    parser.add_argument(
        "--rq-redis-url", help="the queues' Redis (env RQ_REDIS_URL; default: the store's)"
    )
    parser.add_argument(
        "--burst", action="store_true", help="work until the queue is empty, then exit"
    )
    parser.add_argument("--name", help="the worker's name in rq")
    parser.add_argument(
        "--data-dir", help="where finished games are archived, under archive/ (env DATA_DIR)"
    )
    parser.add_argument(
        "--league-seed-games",
        type=seed_games_flag,
        metavar="N",
        help="seeding games (bot against bot) each preset's ladder should hold; the missing "
        "ones are queued at start on a low-priority queue (env LEAGUE_SEED_GAMES, default "
        f"{Settings().league_seed_games}; 0: none)",
    )
    parser.add_argument(
        "--seeding",
        action="store_true",
        help="play the queued seeding games (bot against bot) at the lowest CPU priority "
        "until their queue is empty, then exit (a worker starts one such process by itself)",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="rq's INFO lines too (a few per bot turn; off by default)",
    )


def _settings(args: argparse.Namespace) -> Settings:
    overrides = {
        name: value
        for name in ("redis_url", "rq_redis_url", "data_dir", "league_seed_games")
        if (value := getattr(args, name, None)) is not None
    }
    return msgspec.structs.replace(settings_from_env(), **overrides)


async def reconcile_now(settings: Settings, failures: StepFailures | None = None) -> str:
    """Re-create the jobs the event logs call for; a one-line summary. A game that
    cannot be reconciled or archived fails alone: `failures` (the worker's, kept
    from one call to the next) spaces out its next tries."""
    from service.app.league.records_store import open_league_store
    from workers.queue import open_queue
    from workers.reconcile import reconcile
    from workers.schedule import TurnScheduler

    url = settings.redis_url
    assert url is not None
    client = open_redis_cluster(url) if is_cluster_url(url) else Redis.from_url(url)
    queue = open_queue(settings.rq_redis_url or url)
    league = open_league_store(url)
    failures = failures or StepFailures()
    metrics = WorkerMetrics(RedisSharedCounters(client))
    try:
        store = with_archive(RedisEventStore(client), settings.data_dir)
        scheduler = TurnScheduler(store, queue, knock_window_s=settings.knock_window_s)
        counts = await reconcile(
            GameService(store), store, scheduler, league, failures=failures, metrics=metrics
        )
        archived = await archive_due(
            store, settings.finished_retention_s, failures=failures, metrics=metrics, league=league
        )
    finally:
        await client.aclose()
        queue.connection.close()
        league.close()
    return (
        f"reconciled {counts.games} games: {counts.bot_jobs} bot jobs, {counts.timer_jobs} timers, "
        f"{counts.refiled} lobby entries re-filed, {counts.league_jobs} league results due, "
        f"{counts.half_imports} half imports removed{archived}"
    )


async def archive_due(
    store: ArchivedEventStore,
    retention_s: float | None,
    *,
    failures: StepFailures | None = None,
    metrics: WorkerMetrics | None = None,
    league: LeagueStore | None = None,
) -> str:
    """Archive the finished games past their retention (given the league, those whose
    result it applied); the summary's tail ('' if none)."""
    if retention_s is None:
        return ""
    archiver = Archiver(store, retention_s, league=league)
    swept = await archiver.sweep(failures=failures, metrics=metrics)
    return f", {swept.archived} finished games archived" if swept.archived else ""


def queue_seeding(settings: Settings, seeding: Queue) -> tuple[str, int]:
    """Queue on `seeding` the seeding games the league lacks; a one-line summary and
    how many games wait on it."""
    from service.app.league.records_store import open_league_store
    from workers.seeding import queue_missing_seeding_games

    games = settings.league_seed_games
    if games == 0:
        return "league seeding: off (LEAGUE_SEED_GAMES=0)", 0
    assert settings.redis_url is not None
    league = open_league_store(settings.redis_url)
    try:
        queued = queue_missing_seeding_games(seeding, league, games)
    finally:
        league.close()
    waiting = seeding.count
    summary = f"league seeding: {queued} games queued, {waiting} waiting ({games} a preset wanted)"
    return summary, waiting


def _warnings_and_up(record: logging.LogRecord) -> bool:
    return record.levelno >= logging.WARNING


def run(args: argparse.Namespace) -> int:
    from workers.jobs import configure
    from workers.liveness import Heartbeat
    from workers.queue import open_queue, release_stranded_jobs, seeding_queue
    from workers.rq_worker import PromptWorker
    from workers.scheduler_loop import SchedulerLoop
    from workers.seeding_process import (
        SeedingProcess,
        play_queued_seeding_games,
        seeding_command,
    )

    settings = _settings(args)
    if settings.redis_url is None:
        print("rummy worker: needs --redis-url or REDIS_URL", file=sys.stderr)
        return 2
    try:
        queue = open_queue(settings.rq_redis_url or settings.redis_url)
    except ValueError as refused:
        print(f"rummy worker: {refused}", file=sys.stderr)
        return 2
    configure(settings)
    verbose = getattr(args, "verbose", False)
    if getattr(args, "seeding", False):
        queue.connection.close()
        return play_queued_seeding_games(settings, verbose)
    seeding = seeding_queue(queue.connection)
    released = release_stranded_jobs(queue) + release_stranded_jobs(seeding)
    print(f"released {released} jobs a stopped worker had taken", file=sys.stderr)
    # The start-up reconcile too: a game it cannot read never stops a worker's start.
    failures = StepFailures()
    print(asyncio.run(reconcile_now(settings, failures)), file=sys.stderr)
    summary, seeding_games = queue_seeding(settings, seeding)
    print(summary, file=sys.stderr)
    # Jobs run in this process: a bot turn is about 13 ms of work, and a fork
    # per job (rq's default Worker) doubled the time between a human's turns.
    # An exception or a timeout (SIGALRM, main thread) still fails only its job.
    # Seeding games are not among them: a game's job would wait behind one.
    worker = PromptWorker(
        [queue], connection=queue.connection, serializer=JSONSerializer, name=args.name
    )
    tune_collector_for_a_long_run()
    if not verbose:
        # rq's worker logs four INFO lines a job: a worker's log shows its problems only.
        logging.getLogger("rq.worker").addFilter(_warnings_and_up)
    beats = open_queue(settings.rq_redis_url or settings.redis_url)
    heartbeat = Heartbeat(
        beats,
        worker.name,
        reconcile=lambda: asyncio.run(reconcile_now(settings, failures)),
        # A seeding process killed mid-game: its job goes back on the seeding queue.
        also_sweep=[seeding_queue(beats.connection)],
    )
    heartbeat.start()
    # Not rq's own scheduler (`with_scheduler=True`): a forked child that a Redis
    # error ends for ten minutes (see workers/scheduler_loop.py).
    scheduler = SchedulerLoop(settings.rq_redis_url or settings.redis_url, worker.name)
    if args.burst:
        scheduler.tick()  # what is due now runs in this burst
    else:
        scheduler.start()
    seeder = None
    if seeding_games:
        seeder = SeedingProcess(seeding_command(settings))
    try:
        worker.work(burst=args.burst)
    finally:
        if seeder is not None:
            seeder.stop()
        scheduler.stop()
        heartbeat.stop()
    return 0
