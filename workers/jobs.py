"""The rq job functions: thin and synchronous; they build their services like the API does."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from redis.asyncio import Redis

from service.app.games import GameService
from service.app.league.apply import apply_result
from service.app.league.game_end import directory_of, game_result
from service.app.league.records_store import open_league_store
from service.app.league.results import GameResult
from service.runtime.settings import Settings, settings_from_env
from service.store import RedisEventStore
from service.store.archived_store import with_archive
from service.store.durability import durability
from service.store.redis_cluster import is_cluster_url, open_redis_cluster
from workers.abandon import run_abandon_check
from workers.queue import open_queue
from workers.schedule import TurnScheduler
from workers.timeouts import run_timer
from workers.turns import play_bots

__all__ = [
    "abandon_check",
    "bot_turn",
    "configure",
    "current_settings",
    "league_result",
    "services",
    "turn_timer",
]

_settings: Settings | None = None


def configure(settings: Settings) -> None:
    """Settings for the jobs of this process (a worker's flags); else the environment's."""
    global _settings
    _settings = settings


def current_settings() -> Settings:
    return _settings if _settings is not None else settings_from_env()


@asynccontextmanager
async def services(settings: Settings | None = None) -> AsyncIterator[GameService]:
    """A GameService over the event store whose appends schedule further jobs."""
    settings = settings or current_settings()
    if settings.redis_url is None:
        raise RuntimeError("jobs need the event store's REDIS_URL (rummy worker --redis-url)")
    url = settings.redis_url
    client = open_redis_cluster(url) if is_cluster_url(url) else Redis.from_url(url)
    queue = open_queue(settings.rq_redis_url or settings.redis_url)
    acknowledged = durability(settings.durability, settings.durability_timeout_ms)
    store = with_archive(RedisEventStore(client, durability=acknowledged), settings.data_dir)
    try:
        yield GameService(store, on_appended=TurnScheduler(store, queue))
    finally:
        await client.aclose()
        queue.connection.close()


def bot_turn(game_id: str, version: int) -> int:
    """Play the bot actions pending at `version`; the number of commands appended."""

    async def run() -> int:
        async with services() as games:
            return await play_bots(games, game_id, version)

    return asyncio.run(run())


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
        async with services(settings) as games:
            return await run_timer(
                games, game_id, version, timeouts_before_bot=settings.timeouts_before_bot
            )

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
