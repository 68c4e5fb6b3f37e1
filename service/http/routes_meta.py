"""Service routes: rule presets, health, Prometheus metrics."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from litestar import Request, Response, get

from domain.rules import RuleSet, preset_catalog
from service.app.errors import ServiceError
from service.app.games import GameService
from service.app.reading import PRIVATE_ACTIVE
from service.app.worker_metrics import WorkerMetrics
from service.http.problems import problem_responses
from service.http.routes_games import Games, MetricsDep, Store
from service.http.schemas import Health, Rulesets

# Listing the lobby's active games is one range read; past this many, the gauge says the cap.
ACTIVE_GAMES_CAP = 10_000
# How many workers (or schedulers) are alive (bots and timers run on them).
LiveWorkers = Callable[[], Awaitable[int]]


@get("/rulesets", tags=["service"], summary="Presets and knobs, with their defaults")
async def rulesets() -> Rulesets:
    return Rulesets(presets=preset_catalog(), defaults=RuleSet())


@get(
    "/health",
    tags=["service"],
    summary="Ready when the event store answers and a worker is alive",
    responses=problem_responses(503),
)
async def health(games: Games, store: Store, request: Request[Any, Any, Any]) -> Health:
    down: list[str] = []
    reasons: list[str] = []
    try:
        # Any cheap read proves the store answers.
        await store.version("health")
    except Exception as exc:
        down.append("store")
        reasons.append(f"the event store is unreachable: {exc}")
    live_workers: LiveWorkers | None = getattr(request.app.state, "live_workers", None)
    workers = None
    if live_workers is not None:
        try:
            workers = await live_workers()
        except Exception as exc:
            reasons.append(f"the queue is unreachable: {exc}")
        # Without a worker, bots do not play and turn timers do not fire.
        if not workers:
            down.append("worker")
            reasons.append("no worker is alive")
    schedulers = await _live_schedulers(request) if workers else None
    if schedulers == 0:
        down.append("scheduler")
        reasons.append("no worker's scheduler runs: turn timers do not fire")
    if down:
        code = "store_unavailable" if "store" in down else "worker_unavailable"
        raise ServiceError(code, "; ".join(reasons), down=down)
    worker_metrics: WorkerMetrics = request.app.state.worker_metrics
    try:
        set_aside = tuple(await worker_metrics.set_aside_games())
    except Exception:  # the counts' store answers no more than the store did
        set_aside = ()
    hidden = await asyncio.gather(*(_at_private_table(games, entry) for entry in set_aside))
    set_aside = tuple(entry for entry, hide in zip(set_aside, hidden, strict=True) if not hide)
    return Health(
        status="ok",
        store=type(store).__name__,
        workers=workers,
        schedulers=schedulers,
        set_aside=set_aside,
    )


async def _at_private_table(games: GameService, entry: str) -> bool:
    """Whether a step set aside ("<step>:<game id>") is a private table's: its id is for
    its seats and code holders, not the public health page (`/metrics` still counts it).
    A game that cannot be read stays named: it is the operator's to look at."""
    try:
        facts, _ = await games.known_facts(entry.partition(":")[2])
    except Exception:  # gone, unreadable, or the store down: nothing known private
        return False
    return facts.info.table.private


async def _live_schedulers(request: Request[Any, Any, Any]) -> int | None:
    """How many schedulers ticked lately (None where none is counted); 0 if unknown."""
    live_schedulers: LiveWorkers | None = getattr(request.app.state, "live_schedulers", None)
    if live_schedulers is None:
        return None
    try:
        return await live_schedulers()
    except Exception:  # the queue's Redis: as good as no scheduler
        return 0


@get(
    "/metrics",
    tags=["service"],
    summary="Prometheus metrics (text exposition format)",
    media_type="text/plain; version=0.0.4",
)
async def prometheus_metrics(
    metrics: MetricsDep, store: Store, request: Request[Any, Any, Any]
) -> Response[str]:
    active = len(await store.list_games("active", ACTIVE_GAMES_CAP, 0))
    # Private tables are filed apart from the lobby's (never listed), and play all the same.
    active += len(await store.list_games(PRIVATE_ACTIVE, ACTIVE_GAMES_CAP - active, 0))
    metrics.set_gauge(
        "rummy_active_games", f"Games in play (counted up to {ACTIVE_GAMES_CAP}).", active
    )
    queue_depth = getattr(request.app.state, "queue_depth", None)
    if queue_depth is not None:
        metrics.set_gauge(
            "rummy_queue_depth", "Jobs waiting in the bot and timer queue.", await queue_depth()
        )
    worker_metrics: WorkerMetrics = request.app.state.worker_metrics
    text = metrics.render() + await worker_metrics.render()
    return Response(text, media_type="text/plain; version=0.0.4")


META_ROUTES = [rulesets, health, prometheus_metrics]
