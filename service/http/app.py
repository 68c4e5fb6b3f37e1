"""create_app: the Litestar application over one EventStore."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from limits.aio.storage import Storage
from litestar import Litestar
from litestar.config.cors import CORSConfig
from litestar.di import Provide
from litestar.middleware._internal.cors import CORSMiddleware
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin
from litestar.types import ASGIApp, Receive, Scope, Send

from service.app.games import AppendHook, GameService
from service.app.league.store import InMemoryLeagueStore, LeagueStore
from service.app.live import LiveChannels, Tickets
from service.app.metrics import Metrics, metrics_middleware
from service.app.open_channels import OpenChannels
from service.app.seating import TablePolicy
from service.app.suggestions import SuggestionPool
from service.app.worker_metrics import WorkerMetrics
from service.http.docs import DOCS_PATH, LocalSwaggerPlugin, docs_assets_router, docs_router
from service.http.head_requests import head_as_get
from service.http.json_body import CheckedRequest
from service.http.open_channel_limit import open_channel_limit
from service.http.openapi import finished_once, security_components
from service.http.parsed_handlers import primed, remember
from service.http.path_spelling import only_canonical_paths
from service.http.problems import EXCEPTION_HANDLERS
from service.http.query import check_query_parameters
from service.http.rate_limits import KINDS, close_storage, parse_limit, rate_limit_middleware
from service.http.request_id import HEADER as REQUEST_ID_HEADER
from service.http.request_id import request_id_middleware
from service.http.routes_bots import BOT_ROUTES
from service.http.routes_events import EVENT_ROUTES
from service.http.routes_games import GAME_ROUTES, SeatPlay
from service.http.routes_league import LEAGUE_ROUTES
from service.http.routes_meta import META_ROUTES, LiveWorkers
from service.http.routes_players import PLAYER_ROUTES
from service.http.routes_problems import PROBLEM_ROUTES
from service.http.routes_replay import REPLAY_ROUTES
from service.http.routes_tables import TABLE_ROUTES
from service.http.scope_headers import has_header
from service.http.web import WEB_ROUTES
from service.http.websocket_refusals import websocket_refusals
from service.logs.transfers import GameTransfers
from service.runtime.draining import Draining
from service.runtime.settings import Settings
from service.store import EventStore
from service.store.ports import SharedCounters
from service.store.shared_counters import InMemorySharedCounters
from service.store.tickets import InMemoryTicketStore, TicketStore

__all__ = ["API_VERSION", "create_app"]

API_VERSION = "0.1.0"


def create_app(
    store: EventStore,
    *,
    settings: Settings | None = None,
    metrics: Metrics | None = None,
    on_shutdown: Sequence[Callable[[], Any]] = (),
    on_appended: AppendHook | None = None,
    live_workers: LiveWorkers | None = None,
    live_schedulers: LiveWorkers | None = None,
    league: LeagueStore | None = None,
    tickets: TicketStore | None = None,
    shared_counters: SharedCounters | None = None,
    draining: Draining | None = None,
    rate_counts: Storage | None = None,
) -> Litestar:
    # An app made without settings (tests, tools that serve in process) is not
    # rate limited; `rummy serve` passes the environment's, limited by default.
    settings = settings or Settings(
        rate_limit_create="off",
        rate_limit_commands="off",
        rate_limit_writes="off",
        rate_limit_reads="off",
        rate_limit_renames="off",
        live_channels_per_client=None,
    )
    metrics = metrics or Metrics()
    # on_appended schedules bot turns and turn timers (rq); without it nothing is scheduled.
    tables = TablePolicy(
        waiting_expires_after_s=settings.waiting_table_ttl_s or None,
        refuse_stacked_public=settings.refuse_stacked_public,
    )
    games = GameService(store, metrics, on_appended=on_appended, tables=tables)
    # Tickets live where the events do: a ticket issued by one process opens a stream on another.
    live_tickets = Tickets(tickets or InMemoryTicketStore(), games)
    # Its worker processes start at the first level-4 suggestion: an app that serves none has none.
    suggestions = SuggestionPool(settings.suggest_processes)
    transfers = GameTransfers(games, store)
    # The league's figures (Redis under `rummy serve`); in memory when not given.
    league_store: LeagueStore = league if league is not None else InMemoryLeagueStore()
    # Whoever runs the server begins it as the server stops (`rummy serve`): the
    # live channels' waits end then instead of holding the shutdown up.
    draining = draining or Draining()
    open_channels = OpenChannels(settings.live_channels_per_client)
    live = LiveChannels(
        games=games,
        tickets=live_tickets,
        draining=draining,
        metrics=metrics,
        open_channels=open_channels,
    )
    handlers = [
        # First: an explicit OPTIONS handler must precede the others of its path.
        *TABLE_ROUTES,
        *GAME_ROUTES,
        *PLAYER_ROUTES,
        *EVENT_ROUTES,
        *META_ROUTES,
        *REPLAY_ROUTES,
        *BOT_ROUTES,
        *LEAGUE_ROUTES,
        *PROBLEM_ROUTES,
        *WEB_ROUTES,
    ]
    app = Litestar(
        route_handlers=[*primed(handlers), docs_assets_router()],
        dependencies={
            "games": Provide(lambda: games, use_cache=True, sync_to_thread=False),
            # Each use case a route uses by itself, not reached through `games`.
            "play": Provide(
                lambda: SeatPlay(games.seats, games.commands), use_cache=True, sync_to_thread=False
            ),
            "players": Provide(lambda: games.players, use_cache=True, sync_to_thread=False),
            "metrics": Provide(lambda: metrics, use_cache=True, sync_to_thread=False),
            "table_policy": Provide(lambda: tables, use_cache=True, sync_to_thread=False),
            "store": Provide(lambda: store, use_cache=True, sync_to_thread=False),
            "suggestions": Provide(lambda: suggestions, use_cache=True, sync_to_thread=False),
            "transfers": Provide(lambda: transfers, use_cache=True, sync_to_thread=False),
            "league": Provide(lambda: league_store, use_cache=True, sync_to_thread=False),
            "tickets": Provide(lambda: live_tickets, use_cache=True, sync_to_thread=False),
            "live": Provide(lambda: live, use_cache=True, sync_to_thread=False),
        },
        exception_handlers=EXCEPTION_HANDLERS,
        before_request=check_query_parameters,
        request_class=CheckedRequest,
        # The process's own logging (service/runtime/log_setup.py) writes every line,
        # uvicorn's and Litestar's too: Litestar's default would replace its handler.
        logging_config=None,
        middleware=[
            metrics_middleware(metrics),
            # Counted where `rate_counts` keeps them (Redis under `rummy serve`), else here.
            rate_limit_middleware(
                {kind: parse_limit(getattr(settings, f"rate_limit_{kind}")) for kind in KINDS},
                rate_counts,
            ),
            open_channel_limit(open_channels),
        ],
        cors_config=CORSConfig(
            allow_origins=list(settings.cors_origins),
            # A browser shows another origin's script only the headers named here: a
            # 429's or 503's Retry-After is the client's to read (not CORS-safelisted),
            # as are a 201's Location (the game made) and a 401's challenge.
            expose_headers=[REQUEST_ID_HEADER, "Retry-After", "Location", "WWW-Authenticate"],
        ),
        request_max_body_size=settings.max_body_bytes,
        on_shutdown=[
            *on_shutdown,
            suggestions.close,
            *([partial(close_storage, rate_counts)] if rate_counts is not None else []),
        ],
        openapi_config=OpenAPIConfig(
            title="Rummy API",
            version=API_VERSION,
            description="An event-sourced Rummy backend: games, seats, commands and their logs.\n\n"
            "Live channels: besides the long poll (`/games/{game_id}/events`) and server-sent "
            "events (`/games/{game_id}/events/stream`), a WebSocket at `/games/{game_id}/live"
            "?after=N[&ticket=T]` pushes the same events as JSON text frames: "
            '`{"type": "event", "envelope": …}`, then `{"type": "end", "version": N}`; a '
            'refusal is `{"type": "error", "problem": …}` and a close with 4000 + its status; '
            "a server that stops closes it with 1012 (reconnect with `after`), ends streams and "
            "answers long polls at once. "
            'Without a ticket the first message is `{"token": …}`, `{"ticket": …}` or `{}` '
            "(a spectator).",
            path=DOCS_PATH,
            openapi_router=docs_router(),
            render_plugins=[LocalSwaggerPlugin(), JsonRenderPlugin()],
            components=security_components(),
        ),
        debug=False,
    )
    # The next apps of this process parse none of these handlers again.
    remember(app, handlers)
    app.state.games = games
    app.state.store = store
    # /health counts them when given: a service whose bots cannot play is not ready.
    app.state.live_workers = live_workers
    # And the scheduler, without which turn timers and delayed bot turns never run.
    app.state.live_schedulers = live_schedulers
    app.state.league = league_store
    # What the workers count (bot turns, timeouts), on the Redis they share; /metrics reads it.
    app.state.worker_metrics = WorkerMetrics(shared_counters or InMemorySharedCounters())
    # Outside the router, not a route middleware: Litestar runs those only once a route
    # is found, and its own refusals (404 for a path no route serves, 405) carry the id too.
    # A WebSocket handshake refused before its accept gets a problem too (not a bare 403).
    # HEAD outside that: answered as GET, headers and id included, without the body.
    # A path spelt with a trailing or doubled slash is refused before the router,
    # within the CORS layer (a browser reads the 404 as any other).
    app.asgi_handler = head_as_get(
        request_id_middleware(
            websocket_refusals(cors_only_from_browsers(within_cors(app.asgi_handler)))
        )
    )
    # Finished before it is served: /schema serves the finished document.
    finished_once(app)
    return app


def within_cors(handler: ASGIApp) -> ASGIApp:
    """Litestar's handler (`handler`) with paths refused unless spelt canonically: inside
    its CORS layer when it has one."""
    if isinstance(handler, CORSMiddleware):
        handler.app = only_canonical_paths(handler.app)
        return handler
    return only_canonical_paths(handler)


def cors_only_from_browsers(handler: ASGIApp) -> ASGIApp:
    """Litestar's CORS layer (`handler`), passed by a request that names no Origin.

    Only a browser sends Origin, and CORS concerns only a browser; Litestar's layer
    builds the map of every header to look for it, on every request (about 8 µs, 1.5%
    of a command's CPU), so a request without one goes straight to what it wraps."""
    wrapped = handler.app if isinstance(handler, CORSMiddleware) else None
    if wrapped is None:
        return handler

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if has_header(scope, b"origin"):
            await handler(scope, receive, send)
        else:
            await wrapped(scope, receive, send)

    return middleware
