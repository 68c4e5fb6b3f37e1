"""The one table from error codes to HTTP statuses, and RFC 9457 problem responses.

Statuses follow one rule: 400 for a request that cannot be read (syntax,
schema), 401/403 for who is asking, 404 for what does not exist, 409 for a
command that is well-formed but conflicts with the game's current state (it
could be right at another moment: another turn, another phase, a newer
version), 413 for size, 429 for a client past its rate limit, 422 for a
command whose content the rules reject in this game (cards, melds, knobs)
whatever the moment, 409 too for a game whose stored record cannot be read
(`game_unreadable`: that game refuses every request until an operator mends its
record, the others play on; not a 5xx, which clients and live followers retry
for ever, nor the 500 of a bug), 503 when the store is unreachable, no worker is alive
(on /health) or the bot processes are all busy, 507 when the store is full
(Redis refuses writes past its maxmemory). Domain codes not listed fall
back to 422.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import msgspec

from domain.errors import ERROR_CODES, DomainError
from service.store.base import CorruptStream

__all__ = [
    "PROBLEM_MEDIA_TYPE",
    "STATUS_BY_CODE",
    "UNREADABLE_RECORD",
    "GameUnreadable",
    "Problem",
    "ServiceError",
    "problem_for",
    "problem_of",
    "server_refusal",
    "status_of",
    "stored_secret_used",
]

_log = logging.getLogger(__name__)

PROBLEM_MEDIA_TYPE = "application/problem+json"
# A relative reference (RFC 9457 3.1.1): resolved against the answering server's URL,
# it is that server's page for the code (service/http/routes_problems.py).
PROBLEM_TYPE_BASE = "/problems/"

# State conflicts: the same command may be valid at another point of the game.
_DOMAIN_CONFLICTS = {
    "game_over",
    "hand_not_started",
    "hand_in_progress",
    "not_your_turn",
    "wrong_phase",
    "stock_empty",
    "discard_pile_empty",
    "knock_not_allowed",
    "seat_resigned",
    "game_not_over",
}

STATUS_BY_CODE: dict[str, int] = {
    # The request itself.
    "malformed_json": 400,
    "json_too_deep": 400,
    "duplicate_key": 400,
    "invalid_body": 400,
    "invalid_parameter": 400,
    "ambiguous_credentials": 400,
    "missing_token": 401,
    "invalid_token": 401,
    "invalid_ticket": 401,
    "wrong_game": 403,
    "wrong_seat": 403,
    "not_seated": 403,
    "not_host": 403,
    "hot_seat_table": 403,
    "not_found": 404,
    "game_not_found": 404,
    "seat_not_found": 404,
    # The league: a ladder no game counted on, a player it does not know.
    "ladder_not_found": 404,
    "player_not_found": 404,
    "method_not_allowed": 405,
    "body_too_large": 413,
    # A JSON body sent under another media type (text/plain, a form).
    "unsupported_media_type": 415,
    # The service's own conflicts.
    "version_conflict": 409,
    "command_id_reused": 409,
    "seat_taken": 409,
    "seat_not_open": 409,
    "already_seated": 409,
    "seat_reserved": 409,
    "table_started": 409,
    "table_expired": 409,
    # The game's stored record cannot be read (its seed, its info: written by hand).
    "game_unreadable": 409,
    # A live channel resumed past the log of a game still played.
    "after_beyond_log": 409,
    "invalid_name": 422,
    "stacked_public_table": 422,
    # A finished game whose league job has not run yet.
    "league_result_pending": 409,
    "invalid_seats": 422,
    # Readable JSON, but a number no store can hold (beyond 64 bits).
    "integer_out_of_range": 422,
    # Logs: replay, import, fork (the log codes name the first bad event in facts.version).
    "version_not_found": 404,
    "game_in_progress": 409,
    "game_exists": 409,
    "malformed_log": 422,
    "unsupported_format": 422,
    "header_mismatch": 422,
    "version_gap": 422,
    "illegal_event": 422,
    "bad_commitment": 422,
    # A field beside the events no service would write (a time, a level, an actor).
    "invalid_log_field": 422,
    "redacted_log": 422,
    "invalid_game_id": 422,
    "invalid_fork_version": 422,
    # POST /bots/suggest: a view no game could show.
    "invalid_view": 422,
    # The domain's own guards (a log not starting with game_started, an unknown command).
    "invalid_log": 422,
    "invalid_command": 422,
    "rate_limited": 429,
    "internal_error": 500,
    "store_unavailable": 503,
    # A command without expected_version lost the race for its game every time.
    "contention": 503,
    "worker_unavailable": 503,
    "storage_full": 507,
    "bots_busy": 503,
    # POST /games/import: the process checking a big log died twice in a row.
    "import_unavailable": 503,
    # The league's commits kept moving on under one game's (the job retries).
    "league_busy": 503,
    # Every domain code, by the rule above.
    **{code: 409 if code in _DOMAIN_CONFLICTS else 422 for code in ERROR_CODES},
}


class Problem(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An RFC 9457 problem; `code` is the stable machine-readable reason."""

    type: str
    title: str
    status: int
    code: str
    detail: str | None = None
    facts: dict[str, Any] | None = None
    # The request's X-Request-ID: quote it when reporting a problem.
    request_id: str | None = None


class ServiceError(Exception):
    """A refusal of the service (not the rules), with a code from STATUS_BY_CODE."""

    # Headers its response carries (a 429's Retry-After).
    headers: dict[str, str] | None = None

    def __init__(self, code: str, message: str, **facts: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.facts = facts


class GameUnreadable(ServiceError):
    """A game whose meta record cannot be read (a seed that is no number, an info that
    is no JSON, and no log to read the info from): its requests are refused with
    `game_unreadable`, and a walk over many games skips it."""

    def __init__(self, game_id: str) -> None:
        super().__init__(
            "game_unreadable", f"game {game_id}: its stored record cannot be read", game_id=game_id
        )


@contextmanager
def stored_secret_used(game_id: str, what: str) -> Iterator[None]:
    """Uses a secret kept beside the log (a stacked deck): one the rules refuse was
    edited by hand, the stored record's fault and not the caller's, so the request
    is refused with `game_unreadable` (nothing written) rather than a 422 that
    blames whoever ended the hand."""
    try:
        yield
    except (DomainError, ServiceError) as error:
        _log.error("game %s: its stored %s is refused: %s", game_id, what, error)
        raise GameUnreadable(game_id) from error


# What reading a game's records raises when they were written wrong (an old bad
# import, a record written by hand): a listing of many games skips that game.
UNREADABLE_RECORD: tuple[type[Exception], ...] = (
    msgspec.MsgspecError,
    ValueError,
    LookupError,
    GameUnreadable,
    CorruptStream,
)


def status_of(code: str) -> int:
    return STATUS_BY_CODE.get(code, 422)


def _title(code: str) -> str:
    return code.replace("_", " ").capitalize()


def problem_for(
    code: str, detail: str | None = None, facts: dict[str, Any] | None = None
) -> Problem:
    return Problem(
        type=PROBLEM_TYPE_BASE + code,
        title=_title(code),
        status=status_of(code),
        code=code,
        detail=detail,
        # Facts go out as JSON; anything exotic in them becomes its repr.
        facts=msgspec.json.decode(msgspec.json.encode(facts, enc_hook=repr)) if facts else None,
    )


def server_refusal(status: int, title: str, detail: str, request_id: str) -> Problem:
    """A refusal the HTTP server answers before the app sees the request (one it cannot
    parse, a WebSocket handshake it cannot accept): `method_not_allowed` for a 405,
    else `http_error`, under the request id the answer carries."""
    if status == 405:
        problem = problem_for("method_not_allowed", detail)
    else:
        problem = Problem(
            type="about:blank", title=title, status=status, code="http_error", detail=detail
        )
    return msgspec.structs.replace(problem, request_id=request_id)


def problem_of(error: DomainError | ServiceError) -> Problem:
    return problem_for(error.code, error.message, error.facts)
