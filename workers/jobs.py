"""The rq job functions: thin and synchronous; they build their services like the API does."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial

from redis.asyncio import Redis

from service.app.games import GameService
from service.app.league.apply import apply_result
from service.app.league.game_end import directory_of, game_result
from service.app.league.records_store import open_league_store
from service.app.league.results import GameResult
from service.app.league.seeding import play_seeding_game
from service.app.worker_metrics import WorkerMetrics
from service.runtime.settings import Settings, settings_from_env
from service.store import RedisEventStore
from service.store.archived_store import with_archive
from service.store.durability import durability
from service.store.redis_cluster import is_cluster_url, open_redis_cluster
from service.store.shared_counters import RedisSharedCounters
from workers.abandon import run_abandon_check
from workers.job_game import unless_unreadable
from workers.queue import open_queue
from workers.schedule import TurnScheduler
from workers.timeouts import run_timer
from workers.turns import BotTurn, play_bot_turn

__all__ = [
    "abandon_check",
    "bot_turn",
    "configure",
    "current_settings",
    "league_result",
    "league_seeding_game",
    "services",
    "turn_timer",
]

_settings: Settings | None = None
_log = logging.getLogger(__name__)


def configure(settings: Settings) -> None:
    """Settings for the jobs of this process (a worker's flags); else the environment's."""
    global _settings
    _settings = settings


def current_settings() -> Settings:
    return _settings if _settings is not None else settings_from_env()


@asynccontextmanager
async def services(settings: Settings | None = None) -> AsyncIterator[GameService]:
    """A GameService over the event store whose appends schedule further jobs."""
    async with _services(settings) as (games, _):
        yield games


@asynccontextmanager
async def _services(
    settings: Settings | None = None,
) -> AsyncIterator[tuple[GameService, WorkerMetrics]]:
    """`services`, and the metrics every API node's /metrics reads (on the store's Redis)."""
    settings = settings or current_settings()
    if settings.redis_url is None:
        raise RuntimeError("jobs need the event store's REDIS_URL (rummy worker --redis-url)")
    url = settings.redis_url
    client = open_redis_cluster(url) if is_cluster_url(url) else Redis.from_url(url)
    queue = open_queue(settings.rq_redis_url or settings.redis_url)
    acknowledged = durability(settings.durability, settings.durability_timeout_ms)
    store = with_archive(RedisEventStore(client, durability=acknowledged), settings.data_dir)
    try:
        metrics = WorkerMetrics(RedisSharedCounters(client))
        scheduler = TurnScheduler(store, queue, knock_window_s=settings.knock_window_s)
        yield GameService(store, on_appended=scheduler), metrics
    finally:
        await client.aclose()
        queue.connection.close()


def bot_turn(game_id: str, version: int) -> int:
    """Play the bot actions pending at `version`; the number of commands appended."""

    async def run() -> int:
        async with _services() as (games, metrics):
            started = time.perf_counter()
            played = await unless_unreadable(
                game_id,
                play_bot_turn(games, games.commands, game_id, version),
                BotTurn(0, None),
            )
            if played.level is not None:
                elapsed = time.perf_counter() - started
                await _counted(partial(metrics.bot_turn, played.level, elapsed))
            return played.appended

    return asyncio.run(run())


async def _counted(record: Callable[[], Awaitable[None]]) -> None:
    # A metric lost is better than a job failed (and rerun) after its game moved on.
    try:
        await record()
    except Exception:
        _log.warning("a worker metric was not recorded", exc_info=True)


def abandon_check(game_id: str) -> str:
    """Abandon the game if every human seat spent the last hands on autopilot."""
    settings = current_settings()

    async def run() -> str:
        async with services(settings) as games:
            return await run_abandon_check(games, game_id, settings.abandon_after_hands)

    return asyncio.run(run())


def turn_timer(game_id: str, version: int) -> str:
    """Fire the timer of the TurnDeadlineSet at `version`."""
    settings = current_settings()

    async def run() -> str:
        async with _services(settings) as (games, metrics):
            timer = run_timer(
                games,
                games.commands,
                game_id,
                version,
                timeouts_before_bot=settings.timeouts_before_bot,
                on_timed_out=lambda: _counted(metrics.turn_timed_out),
            )
            return await unless_unreadable(game_id, timer, "stale")

    return asyncio.run(run())


def league_result(game_id: str) -> str:
    """Apply a finished or abandoned game's result to the league; why it counted or not.

    Exactly once: the league's commit writes the game's marker with its figures,
    so a second run (or a run after a worker died mid-way) returns the reason
    recorded the first time and changes nothing."""
    settings = current_settings()

    async def run() -> GameResult | None:
        async with services(settings) as games:
            return await game_result(games, game_id, directory_of(games.players))

    result = asyncio.run(run())
    if result is None:
        return "not_over"
    assert settings.redis_url is not None
    league = open_league_store(settings.redis_url)
    try:
        return apply_result(league, result).reason
    finally:
        league.close()


def league_seeding_game(preset: str, seed: int, number: int) -> str:
    """Play one seeding game (bots only, level 4 at its fast cap) and apply it;
    `applied_before` when the league has it already (nothing is played)."""
    settings = current_settings()
    assert settings.redis_url is not None
    league = open_league_store(settings.redis_url)
    try:
        change = play_seeding_game(league, preset, seed, number, fast=True)
    finally:
        league.close()
    return "applied_before" if change is None else "seeded"
