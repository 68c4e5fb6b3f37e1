"""create_app: the Litestar application over one EventStore."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from litestar import Litestar
from litestar.config.cors import CORSConfig
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import ScalarRenderPlugin

from service.app.games import AppendHook, GameService
from service.app.league.store import InMemoryLeagueStore, LeagueStore
from service.app.metrics import Metrics, metrics_middleware
from service.app.seating import TablePolicy
from service.app.suggestions import SuggestionPool
from service.http.json_body import CheckedRequest
from service.http.openapi import finish_document, security_components
from service.http.problems import EXCEPTION_HANDLERS
from service.http.query import reject_repeated_parameters
from service.http.routes_bots import BOT_ROUTES
from service.http.routes_events import EVENT_ROUTES
from service.http.routes_games import GAME_ROUTES
from service.http.routes_league import LEAGUE_ROUTES
from service.http.routes_meta import META_ROUTES
from service.http.routes_players import PLAYER_ROUTES
from service.http.routes_replay import REPLAY_ROUTES
from service.http.routes_tables import TABLE_ROUTES
from service.http.web import WEB_ROUTES
from service.logs.transfers import GameTransfers
from service.runtime.settings import Settings
from service.store import EventStore

__all__ = ["API_VERSION", "create_app"]

API_VERSION = "0.1.0"


def create_app(
    store: EventStore,
    *,
    settings: Settings | None = None,
    metrics: Metrics | None = None,
    on_shutdown: Sequence[Callable[[], Any]] = (),
    on_appended: AppendHook | None = None,
    league: LeagueStore | None = None,
) -> Litestar:
    settings = settings or Settings()
    metrics = metrics or Metrics()
    # on_appended schedules bot turns and turn timers (rq); without it nothing is scheduled.
    tables = TablePolicy(
        waiting_expires_after_s=settings.waiting_table_ttl_s or None,
        refuse_stacked_public=settings.refuse_stacked_public,
    )
    games = (
        GameService(store, metrics, tables=tables)
        if on_appended is None
        else GameService(store, metrics, on_appended=on_appended, tables=tables)
    )
    # Its worker processes start at the first level-4 suggestion: an app that serves none has none.
    suggestions = SuggestionPool(settings.suggest_processes)
    transfers = GameTransfers(games)
    # The league's figures (Redis under `rummy serve`); in memory when not given.
    league_store: LeagueStore = league if league is not None else InMemoryLeagueStore()
    app = Litestar(
        route_handlers=[
            # First: an explicit OPTIONS handler must precede the others of its path.
            *TABLE_ROUTES,
            *GAME_ROUTES,
            *PLAYER_ROUTES,
            *EVENT_ROUTES,
            *META_ROUTES,
            *REPLAY_ROUTES,
            *BOT_ROUTES,
            *LEAGUE_ROUTES,
            *WEB_ROUTES,
        ],
        dependencies={
            "games": Provide(lambda: games, use_cache=True, sync_to_thread=False),
            "suggestions": Provide(lambda: suggestions, use_cache=True, sync_to_thread=False),
            "transfers": Provide(lambda: transfers, use_cache=True, sync_to_thread=False),
            "league": Provide(lambda: league_store, use_cache=True, sync_to_thread=False),
        },
        exception_handlers=EXCEPTION_HANDLERS,
        before_request=reject_repeated_parameters,
        request_class=CheckedRequest,
        middleware=[metrics_middleware(metrics)],
        cors_config=CORSConfig(allow_origins=list(settings.cors_origins)),
        request_max_body_size=settings.max_body_bytes,
        on_shutdown=[*on_shutdown, suggestions.close],
        openapi_config=OpenAPIConfig(
            title="Rummy API",
            version=API_VERSION,
            description="An event-sourced Rummy backend: games, seats, commands and their logs.",
            path="/schema",
            render_plugins=[ScalarRenderPlugin()],
            components=security_components(),
        ),
        debug=False,
    )
    app.state.games = games
    app.state.league = league_store
    # Generated once and finished in place, so /schema serves the finished document.
    finish_document(app.openapi_schema)
    return app
