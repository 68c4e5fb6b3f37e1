"""Exception handlers: every error leaves the API as an RFC 9457 problem with a stable code."""

from __future__ import annotations

import json
import logging
import re
import typing
from pathlib import Path
from typing import Any

import msgspec
import redis.exceptions
from litestar import Request, Response
from litestar.exceptions import (
    ClientException,
    HTTPException,
    MethodNotAllowedException,
    NotFoundException,
    SerializationException,
    ValidationException,
)
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import Example
from litestar.types import ExceptionHandlersMap
from litestar.utils import normalize_path

from domain.commands import PlayerCommand
from domain.errors import DomainError
from service.app.errors import (
    PROBLEM_MEDIA_TYPE,
    STATUS_BY_CODE,
    GameUnreadable,
    Problem,
    ServiceError,
    problem_for,
    problem_of,
)
from service.http.head_requests import allowing_head
from service.http.query import misfit_path_integer
from service.http.request_id import current_request_id
from service.store.base import CorruptStream
from service.store.durability import NotReplicated

__all__ = ["EXCEPTION_HANDLERS", "body_refusal", "problem_responses"]

COMMAND_TAGS = tuple(str(kind.__struct_config__.tag) for kind in typing.get_args(PlayerCommand))

log = logging.getLogger(__name__)

_DESCRIPTIONS = {
    400: "Malformed JSON (`malformed_json`), JSON nested deeper than 32 levels "
    "(`json_too_deep`, `facts.limit`) or with a key given twice in one object "
    "(`duplicate_key`, `facts.key`, `facts.path`), a body or parameter outside the schema "
    "(`invalid_body`, `invalid_parameter`; `facts.path` names the place).",
    401: "No token (`missing_token`), an unknown one (`invalid_token`), or a ticket "
    "unknown, used or expired (`invalid_ticket`).",
    403: "The token or ticket belongs to another game (`wrong_game`), the seat is "
    "not the caller's (`wrong_seat`), the player holds no seat in it (`not_seated`), "
    "only the host may do this (`not_host`), or a hot-seat table's seats are its "
    "host's alone (`hot_seat_table`).",
    404: "No such game (`game_not_found`; also a private table to a caller not at it) "
    "or seat (`seat_not_found`); on the league's "
    "routes, no such ladder (`ladder_not_found`) or player (`player_not_found`).",
    409: "The game's state refuses the command now: `version_conflict` "
    "(`facts.current_version`), `command_id_reused`, `seat_taken`, `seat_reserved`, "
    "`already_seated`, `table_started`, `table_expired`, `seat_resigned`, `not_your_turn`, "
    "`wrong_phase`, `game_over`, …; on a game's ratings, the game has not ended "
    "(`game_in_progress`) or its result is not applied yet (`league_result_pending`). "
    "On any route of a game, its stored record cannot be read (`game_unreadable`): the "
    "game refuses every request until its operator mends the record; another try does "
    "not help.",
    413: "The body is larger than the limit (`body_too_large`).",
    415: "The body is declared as another type than JSON (`unsupported_media_type`, "
    "`facts.content_type`): send it as `application/json` (or with no `Content-Type`), "
    "and as it is: a `Content-Encoding` (gzip, …) is refused too.",
    422: "The rules refuse the content: `invalid_card`, `invalid_meld`, `card_not_in_hand`, "
    "`invalid_ruleset` (`facts.knob`; a number out of range adds `facts.minimum` and "
    "`facts.maximum`), `integer_out_of_range` (beyond 64 bits, `facts.path`), …",
    429: "Too many requests of this kind from this client (`rate_limited`); "
    "`Retry-After` gives the seconds to wait.",
    503: "The event store is unreachable (`store_unavailable`), a command sent without "
    "`expected_version` lost the race for the game too many times in a row (`contention`), "
    "on /bots/suggest, every bot process is busy (`bots_busy`), or, on /health, no worker "
    "is alive (`worker_unavailable`; `facts.down` names what is down). `Retry-After` says "
    "when to try again. A command answered 503 may have been applied (the store wrote it "
    "and the reply was lost): resend the same body with the same `command_id`, which "
    "returns the original answer and never plays it twice.",
    507: "The event store is full (`storage_full`): nothing was written.",
}


def problem_responses(*statuses: int) -> dict[int, ResponseSpec]:
    """The documented problem responses of a route."""
    return {
        status: ResponseSpec(
            data_container=Problem,
            description=_DESCRIPTIONS[status],
            media_type=PROBLEM_MEDIA_TYPE,
            generate_examples=False,
            examples=[Example(value=_example(status))],
        )
        for status in statuses
    }


def _example(status: int) -> dict[str, Any]:
    code = next(code for code, known in STATUS_BY_CODE.items() if known == status)
    example: dict[str, Any] = msgspec.to_builtins(problem_for(code, "…"))
    return example


def _respond(problem: Problem, headers: dict[str, str] | None = None) -> Response[Any]:
    if problem.request_id is None:
        problem = msgspec.structs.replace(problem, request_id=current_request_id())
    if problem.status == 401:
        headers = {**(headers or {}), "WWW-Authenticate": _challenge(problem.code)}
    return Response(
        content=msgspec.json.encode(problem),
        status_code=problem.status,
        media_type=PROBLEM_MEDIA_TYPE,
        headers=headers,
    )


def _challenge(code: str) -> str:
    """A 401's `WWW-Authenticate`, which it must carry (RFC 9110, 15.5.2): a bearer token,
    with RFC 6750's error when the one sent was refused (none when none was sent, nor
    for a ticket, which a new one replaces)."""
    return 'Bearer error="invalid_token"' if code == "invalid_token" else "Bearer"


# A 503 is worth retrying soon: the store comes back, the contention passes.
_RETRY_SOON = {"Retry-After": "1"}


def _known(_: Request[Any, Any, Any], exc: DomainError | ServiceError) -> Response[Any]:
    problem = problem_of(exc)
    headers = getattr(exc, "headers", None)
    if headers is None and problem.status == 503:
        headers = dict(_RETRY_SOON)
    return _respond(problem, headers)


_UNKNOWN_FIELD = re.compile(r"Object contains unknown field `(.*)`", re.S)
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _field_place(message: str, path: str) -> str:
    """The place of a field outside the schema is the field's, not its object's."""
    unknown = _UNKNOWN_FIELD.fullmatch(message)
    if unknown is None:
        return path
    key = unknown[1]
    return f"{path}.{key}" if _PLAIN_KEY.fullmatch(key) else f"{path}[{json.dumps(key)}]"


def body_refusal(cause: str) -> tuple[str, str]:
    """msgspec's refusal of a body read by a route itself: its message, and the place
    it names (`$` when it names none; a field outside the schema, the field's own)."""
    message, at, place = cause.partition(" - at `")
    path = place.rstrip("`") if at else "$"
    return message, _field_place(message, path)


def _validation(request: Request[Any, Any, Any], exc: ValidationException) -> Response[Any]:
    details = exc.extra if isinstance(exc.extra, list) else []
    source = details[0].get("source") if details and isinstance(details[0], dict) else None
    cause = str(exc.__cause__) if exc.__cause__ is not None else str(exc.detail)
    # msgspec names the place as `$.data.<field>`; the client sent `$.<field>`.
    message, at, place = cause.partition(" - at `")
    path = place.rstrip("`").replace("$.data", "$", 1) if at else "$"
    if not at and "`data`" in message:
        # No body at all: Litestar names its handler's parameter, not the client's body.
        message = "a JSON body is required"
    if source == "body" or source is None:
        if path == "$.type" and "/commands" in request.url.path:
            message += f"; a command's type is one of {', '.join(COMMAND_TAGS)}"
        return _respond(problem_for("invalid_body", message, {"path": _field_place(message, path)}))
    # A body refused beside a parameter is Litestar's handler argument (`data`), which
    # is no parameter of the client's: the parameters are named alone.
    keys = [
        str(item.get("key"))
        for item in details
        if isinstance(item, dict) and item.get("source") != "body"
    ]
    message = str(details[0].get("message"))
    return _respond(problem_for("invalid_parameter", message, {"parameters": keys}))


def _client(request: Request[Any, Any, Any], exc: ClientException) -> Response[Any]:
    if isinstance(exc, ValidationException):
        return _validation(request, exc)
    if isinstance(exc, RequestEntityTooLarge):
        limit = _body_limit(request)
        return _respond(
            problem_for(
                "body_too_large",
                f"the body is larger than the limit of {limit} bytes",
                {"limit_bytes": limit},
            )
        )
    if isinstance(exc.__cause__, SerializationException) or "JSON" in str(exc.detail):
        return _respond(problem_for("malformed_json", str(exc.detail)))
    return _http(request, exc)


def _body_limit(request: Request[Any, Any, Any]) -> int | None:
    # A route may raise the app's limit (log imports): the route's own wins.
    route_limit = getattr(request.route_handler, "request_max_body_size", None)
    app_limit = request.app.request_max_body_size
    if isinstance(route_limit, int):
        return route_limit
    return app_limit if isinstance(app_limit, int) else None


def _http(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    if exc.status_code == 405 and (exc.headers or {}).get("allow") == "websocket":
        return _not_a_handshake(request.method)
    codes = {
        400: "invalid_body",
        401: "missing_token",
        404: "not_found",
        405: "method_not_allowed",
        413: "body_too_large",
        415: "unsupported_media_type",
    }
    code = codes.get(exc.status_code)
    if code is None:
        problem = _http_error(exc.status_code, str(exc.detail), str(exc.detail))
    else:
        problem = problem_for(code, str(exc.detail))
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        # Litestar's router names the methods of the route's handlers, in no order:
        # GET, but not the HEAD answered as GET (head_requests.py).
        headers = {
            name: allowing_head(value) if name.lower() == "allow" else value
            for name, value in headers.items()
        }
    return _respond(problem, headers)


def _http_error(status: int, title: str, detail: str) -> Problem:
    """A refusal of HTTP itself, with no code of the API's own."""
    return Problem(type="about:blank", title=title, status=status, code="http_error", detail=detail)


def _not_a_handshake(method: str) -> Response[Any]:
    """A plain HTTP request to the live channel's path: Litestar refuses it as a method
    the route lacks and names its WebSocket as the one allowed, `Allow: websocket`,
    which is no HTTP method. A GET (the handshake's method) lacks the handshake's
    headers, as a handshake without its key does (400); any other method is a 405
    whose `Allow` names the method a handshake takes."""
    if method in ("GET", "HEAD"):
        detail = "this path serves a WebSocket: open it with a WebSocket handshake"
        return _respond(_http_error(400, "Bad Request", detail))
    detail = f"{method} is not GET: this path serves a WebSocket, opened by a GET handshake"
    return _respond(problem_for("method_not_allowed", detail), {"Allow": "GET"})


def _not_found(request: Request[Any, Any, Any], exc: NotFoundException) -> Response[Any]:
    # As the router read it (slashes collapsed): found there, a route's path is refused.
    misfit = misfit_path_integer(request.app.routes, normalize_path(request.scope["path"]))
    if misfit is None:
        return _http(request, exc)
    route, refused = misfit
    # The method is checked before the path's values, as for a path that parses: an
    # OPTIONS gets the route's usual answer, a method it does not take a 405.
    allow = allowing_head(", ".join(route.methods))
    if request.method == "OPTIONS":
        return Response(content=None, status_code=204, headers={"Allow": allow})
    if request.method not in route.methods and not (
        request.method == "HEAD" and "GET" in route.methods
    ):
        detail = f"{request.method} is not one of {allow}"
        return _respond(problem_for("method_not_allowed", detail), {"Allow": allow})
    return _known(request, refused)


def _store_down(_: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    log.warning("event store unreachable: %s", exc)
    detail = "the event store is unreachable"
    if isinstance(exc, NotReplicated):
        detail = "no replica acknowledged the write in time; retry with the same command_id"
    return _respond(problem_for("store_unavailable", detail), dict(_RETRY_SOON))


def _storage_full(_: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    # A refused write is refused whole: appends are single Lua calls, and Redis
    # refuses only a script's first write (a later one would break its atomicity).
    log.warning("event store full: %s", exc)
    problem = problem_for("storage_full", "the event store is full; nothing was written")
    return _respond(problem)


def _refused_by_redis(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    # A script's OOM comes back wrapped: "Error running script ... -OOM command not allowed".
    if "OOM command not allowed" in str(exc):
        return _storage_full(request, exc)
    return _unexpected(request, exc)


def _corrupt_stream(_: Request[Any, Any, Any], exc: CorruptStream) -> Response[Any]:
    # A key of the game's holding another kind of record, or a counter that is no
    # number (written by hand): that game is unreadable, not the service broken
    # (the Redis store's `wrong_kind_refused` names the game).
    log.error("game %s: its stored record cannot be read: %s", exc.game_id, exc)
    return _respond(problem_of(GameUnreadable(exc.game_id)))


def _unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    if _lost_connection(exc):
        return _store_down(request, exc)
    log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return _respond(problem_for("internal_error", "an unexpected error; it has been logged"))


_REDIS_CLIENT = Path(redis.__file__).parent


def _lost_connection(exc: Exception) -> bool:
    """Whether `exc` is the Redis client tripping over a connection another task closed.

    The cluster client closes every connection it holds when it loses a node
    (a failover). A request writing on one of them at that moment gets no
    ConnectionError but whatever the closed object raises: uvloop's
    RuntimeError "handler is closed", or, on asyncio's own loop, an
    AttributeError from inside redis-py (`_writer` is None). Either way the
    store was unreachable for that call, and a retry finds the new master."""
    if isinstance(exc, RuntimeError) and "handler is closed" in str(exc):
        return True
    innermost = exc.__traceback__
    while innermost is not None and innermost.tb_next is not None:
        innermost = innermost.tb_next
    if innermost is None or not isinstance(exc, AttributeError | TypeError):
        return False
    return Path(innermost.tb_frame.f_code.co_filename).is_relative_to(_REDIS_CLIENT)


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    DomainError: _known,
    ServiceError: _known,
    ClientException: _client,
    NotFoundException: _not_found,
    MethodNotAllowedException: _http,
    HTTPException: _http,
    CorruptStream: _corrupt_stream,
    redis.exceptions.OutOfMemoryError: _storage_full,
    redis.exceptions.ResponseError: _refused_by_redis,
    redis.exceptions.ConnectionError: _store_down,
    redis.exceptions.TimeoutError: _store_down,
    # A cluster in a failover: a master down, a slot without one, a node that
    # became a replica, a replica that did not acknowledge an append in time.
    redis.exceptions.ClusterError: _store_down,
    redis.exceptions.RedisClusterException: _store_down,
    redis.exceptions.TryAgainError: _store_down,
    redis.exceptions.AskError: _store_down,
    redis.exceptions.ReadOnlyError: _store_down,
    NotReplicated: _store_down,
    Exception: _unexpected,
}
