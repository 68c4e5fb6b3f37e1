"""Service routes: rule presets, health, Prometheus metrics."""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get

from domain.rules import RuleSet, preset_catalog
from service.app.errors import ServiceError
from service.http.problems import problem_responses
from service.http.routes_games import Games
from service.http.schemas import Health, Rulesets

# Listing the lobby's active games is one range read; past this many, the gauge says the cap.
ACTIVE_GAMES_CAP = 10_000


@get("/rulesets", tags=["service"], summary="Presets and knobs, with their defaults")
async def rulesets() -> Rulesets:
    return Rulesets(presets=preset_catalog(), defaults=RuleSet())


@get(
    "/health",
    tags=["service"],
    summary="Ready when the event store answers",
    responses=problem_responses(503),
)
async def health(games: Games) -> Health:
    try:
        # Any cheap read proves the store answers.
        await games.store.version("health")
    except Exception as exc:
        raise ServiceError("store_unavailable", f"the event store is unreachable: {exc}") from exc
    return Health(status="ok", store=type(games.store).__name__)


@get(
    "/metrics",
    tags=["service"],
    summary="Prometheus metrics (text exposition format)",
    media_type="text/plain; version=0.0.4",
)
async def metrics(games: Games, request: Request[Any, Any, Any]) -> Response[str]:
    active = await games.store.list_games("active", ACTIVE_GAMES_CAP, 0)
    games.metrics.set_gauge(
        "rummy_active_games", f"Games in play (counted up to {ACTIVE_GAMES_CAP}).", len(active)
    )
    queue_depth = getattr(request.app.state, "queue_depth", None)
    if queue_depth is not None:
        games.metrics.set_gauge(
            "rummy_queue_depth", "Jobs waiting in the bot and timer queue.", await queue_depth()
        )
    return Response(games.metrics.render(), media_type="text/plain; version=0.0.4")


META_ROUTES = [rulesets, health, metrics]
