"""`rummy serve`: the API with its Redis and worker, started and stopped in order."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from functools import partial
from pathlib import Path
from types import FrameType
from typing import NoReturn

import msgspec

from service.runtime.long_lived import tune_collector_for_a_long_run
from service.runtime.settings import Settings, seed_games_flag, settings_from_env
from workers.supervisor import WorkerSupervisor, rummy_worker_command

__all__ = ["KEEP_ALIVE_S", "add_serve_arguments", "runs_worker", "serve"]


# Idle keep-alive connections stay open longer than a load balancer's usual
# 60 s, so the balancer, not the server, closes them (no reset mid-request).
KEEP_ALIVE_S = 65
# What shutdown waits for requests in flight. Long polls (up to 30 s), event
# streams and WebSockets do not hold it up: they end as it begins (`Draining`).
GRACEFUL_SHUTDOWN_S = 10
# Games whose long polls and event streams block at once on one API process
# (the waiters of a game share one read); further games poll instead.
LONG_POLL_CONNECTIONS = 512


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", help="address to bind (env HOST, default 127.0.0.1)")
    parser.add_argument("--port", type=_port_number, help="port (env PORT, default 8000)")
    parser.add_argument("--data-dir", help="embedded Redis data folder parent (env DATA_DIR)")
    parser.add_argument("--redis-url", help="use this Redis instead of the embedded one")
    beside = parser.add_mutually_exclusive_group()
    beside.add_argument(
        "--no-worker",
        action="store_true",
        help="start no `rummy worker` beside the API, and expect none on /health",
    )
    beside.add_argument(
        "--worker",
        action="store_true",
        help="with --redis-url, start a `rummy worker` beside the API too "
        "(with the embedded Redis one is started unless --no-worker)",
    )
    parser.add_argument(
        "--league-seed-games",
        type=seed_games_flag,
        metavar="N",
        help="seeding games (bot against bot) each preset's ladder should hold: the worker "
        "started here queues the missing ones at low priority (env LEAGUE_SEED_GAMES, "
        f"default {Settings().league_seed_games}; 0: none)",
    )
    parser.add_argument(
        "--access-log",
        action="store_true",
        help="log every request (off by default: it costs throughput; /metrics counts them)",
    )
    parser.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="log lines as text or as JSON objects (each with its request id)",
    )
    parser.add_argument(
        "--keep-alive",
        type=_keep_alive,
        default=KEEP_ALIVE_S,
        metavar="SECONDS",
        help=f"how long an idle connection stays open (default {KEEP_ALIVE_S})",
    )


def _port_number(text: str) -> int:
    """A TCP port, 1 to 65535 (a larger one would be bound modulo 65536)."""
    if not text.strip().isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535, not {text!r}")
    return int(text)


def _keep_alive(text: str) -> int:
    """Seconds an idle connection stays open: a negative one closed every connection
    after its first answer."""
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"a keep-alive is 0 or more seconds, not {text!r}")
    return int(text)


def _settings(args: argparse.Namespace) -> Settings:
    overrides = {
        name: value
        for name in ("host", "port", "data_dir", "redis_url", "league_seed_games")
        if (value := getattr(args, name, None)) is not None
    }
    return msgspec.structs.replace(settings_from_env(), **overrides)


def runs_worker(*, embedded: bool, args: argparse.Namespace) -> bool:
    """Whether `serve` starts a worker: by default with its embedded Redis only
    (an external Redis has workers of its own), always with --worker."""
    if getattr(args, "worker", False):
        return True
    return embedded and not getattr(args, "no_worker", False)


def _maxmemory(text: str) -> str | None:
    return None if text.strip().lower() in ("", "0", "off", "none") else text


def _exit_on_signal(signum: int, frame: FrameType | None) -> NoReturn:
    raise SystemExit(0)


def _ignore_stop_signals() -> None:
    # The children's own bounded stops must not be cut short by a second signal.
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, signal.SIG_IGN)


def serve(args: argparse.Namespace) -> int:
    from service.app.league.records_store import open_league_store
    from service.cli.upgrade_command import describe, upgrade_store
    from service.http.app import create_app
    from service.http.draining_server import DrainingServer
    from service.http.rate_limits import rate_limit_storage
    from service.http.server_config import uvicorn_config
    from service.runtime import running
    from service.runtime.draining import Draining
    from service.store import RedisEventStore
    from service.store.archived_store import with_archive
    from service.store.durability import durability
    from service.store.embedded_redis import EmbeddedRedis
    from service.store.redis_client import open_redis
    from service.store.redis_cluster import open_store_client
    from service.store.redis_supervisor import RedisSupervisor
    from service.store.shared_counters import RedisSharedCounters
    from service.store.tickets import RedisTicketStore
    from workers.liveness import count_live_workers
    from workers.queue import open_queue
    from workers.schedule import TurnScheduler
    from workers.scheduler_loop import count_live_schedulers

    # uvicorn shuts down gracefully on SIGTERM or SIGINT, then raises the signal
    # again under the handler it found: the default one would end the process
    # right there, before the cleanup below, leaving the embedded Redis and the
    # worker running. This one unwinds instead, at any moment of the process.
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, _exit_on_signal)
    settings = _settings(args)
    from service.runtime.log_setup import configure_logging

    configure_logging(getattr(args, "log_format", "text"))
    with contextlib.ExitStack() as cleanup:
        url = settings.redis_url
        embedded = None
        if url is None:
            embedded = EmbeddedRedis(
                Path(settings.data_dir) / "redis", maxmemory=_maxmemory(settings.redis_maxmemory)
            )
            # Started again on the same port and data if it dies (its AOF fsyncs each write).
            cleanup.callback(RedisSupervisor(embedded).start().stop)
            url = embedded.url
            print(f"embedded Redis on {url}, data in {embedded.data_dir}", file=sys.stderr)
            # `rummy export` and `rummy replay` find it here; withdrawn before it stops.
            running.announce(settings.data_dir, url)
            cleanup.callback(running.withdraw, settings.data_dir)
        try:
            queue = open_queue(settings.rq_redis_url or url)
        except ValueError as refused:
            print(f"rummy serve: {refused}", file=sys.stderr)
            return 2
        cleanup.callback(queue.connection.close)
        # The games an earlier release stored, in today's form before anything reads them.
        upgraded = asyncio.run(upgrade_store(url, settings.data_dir, again=False))
        print(f"upgrade: {describe(upgraded)}", file=sys.stderr)
        # A redis+cluster:// URL gets a cluster client (per node: the same limits).
        client = open_store_client(url)
        # Long polls get their own connections, so they never starve commands;
        # each watched game's shared read holds one while it waits.
        blocking = open_store_client(url, socket_timeout=10, max_connections=LONG_POLL_CONNECTIONS)

        async def close_clients() -> None:
            await client.aclose()
            await blocking.aclose()

        # Finished games past their retention are read from the data folder's archive.
        store = with_archive(
            RedisEventStore(
                client,
                blocking_client=blocking,
                durability=durability(settings.durability, settings.durability_timeout_ms),
            ),
            settings.data_dir,
        )
        print(f"durability: {settings.durability}", file=sys.stderr)
        # The queue's Redis, where the workers beat (the store's own when no RQ_REDIS_URL).
        queue_client = open_redis(settings.rq_redis_url or url)
        no_worker = bool(getattr(args, "no_worker", False))
        league = open_league_store(url)
        cleanup.callback(league.close)
        draining = Draining()
        app = create_app(
            store,
            settings=settings,
            on_shutdown=[close_clients, queue_client.aclose],
            on_appended=TurnScheduler(store, queue, knock_window_s=settings.knock_window_s),
            # Bots and timers need a worker: /health says so, unless told none will run.
            live_workers=None if no_worker else partial(count_live_workers, queue_client),
            live_schedulers=None if no_worker else partial(count_live_schedulers, queue_client),
            league=league,
            tickets=RedisTicketStore(client),
            shared_counters=RedisSharedCounters(client),
            draining=draining,
            # Every API process on this store spends one budget.
            rate_counts=rate_limit_storage(url),
        )

        async def queue_depth() -> int:
            # rq's client is synchronous: off the event loop.
            return await asyncio.to_thread(lambda: queue.count)

        app.state.queue_depth = queue_depth
        if runs_worker(embedded=embedded is not None, args=args):
            # Stopped first (the stack unwinds in reverse), while its Redis still runs.
            spawn = rummy_worker_command(
                url, settings.rq_redis_url, settings.data_dir, settings.league_seed_games
            )
            worker = WorkerSupervisor(spawn).start()
            cleanup.callback(worker.stop)
            print("worker: one `rummy worker` runs beside the API", file=sys.stderr)
        else:
            print(
                "worker: none started here; bot turns and turn timers wait for a "
                "`rummy worker` on the same Redis (or pass --worker)",
                file=sys.stderr,
            )
        config = uvicorn_config(
            app,
            settings,
            log_level="info",
            # Our root handler (text or JSON, with request ids) writes uvicorn's lines too.
            log_config=None,
            access_log=bool(getattr(args, "access_log", False)),
            timeout_keep_alive=getattr(args, "keep_alive", KEEP_ALIVE_S),
            timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
        )
        cleanup.callback(_ignore_stop_signals)
        tune_collector_for_a_long_run()
        DrainingServer(config, draining).run()
    return 0
