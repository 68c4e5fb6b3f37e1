"""Problem pages: every problem's `type` (`/problems/<code>`, resolved against the
server that answered) is a short page saying what the code means, which operations
may answer it, and what a client should do next."""

from __future__ import annotations

import html
from typing import Any

from litestar import MediaType, Request, get
from litestar.params import FromPath
from litestar.response import Response

from domain.errors import ERROR_CODES
from service.app.errors import PROBLEM_TYPE_BASE, STATUS_BY_CODE, ServiceError, status_of
from service.http.openapi_problem_codes import operation_codes

__all__ = ["PROBLEM_ROUTES"]

# What a client does next, by the status a code is answered with.
_NEXT_STEP = {
    400: "Fix the request (the problem's `facts` name the field or parameter); "
    "sent again unchanged it is refused again.",
    401: "Send a valid token (`Authorization: Bearer …`) or ask for a new ticket.",
    403: "This credential may not do that here: use the seat's own token or the host's.",
    404: "Check the id; a private table is found only with its invite code or a seat's token.",
    405: "Use a method the route takes (the OpenAPI document lists them).",
    409: "The game is not where the request thought: read it again "
    "(`GET /games/{game_id}`, or its view) and decide anew; `facts.current_version`, "
    "when the problem has it, says where it is.",
    413: "Send less: `facts.limit_bytes` says how much is taken.",
    415: "Send the body as `Content-Type: application/json`.",
    422: "The rules or the contract refuse the content: show `detail` to the person; "
    "sent again unchanged it is refused again.",
    429: "Wait `Retry-After` seconds, then send it again.",
    500: "A bug of the server's: report it with the problem's `request_id`.",
    503: "Try again after `Retry-After` seconds. A command answered 503 may have been "
    "applied: send it again with the same `command_id`, which returns the first answer.",
    507: "Nothing was written; try again later (an operator must make room).",
}

# Meanings of the service's own codes (the rules' are in domain.errors.ERROR_CODES).
_MEANINGS = {
    "malformed_json": "The body is not JSON.",
    "json_too_deep": "The body is nested deeper than the server reads.",
    "duplicate_key": "An object of the body gives the same key twice.",
    "invalid_body": "The body does not fit the operation's schema.",
    "invalid_parameter": "A path or query parameter is out of its range or given twice.",
    "ambiguous_credentials": "A live channel was given a ticket and a token together: "
    "send one of them.",
    "unsupported_media_type": "The body is declared as another type than JSON, or sent "
    "in a content coding (gzip, …).",
    "missing_token": "The operation needs a token and none was sent.",
    "invalid_token": "The token is unknown.",
    "invalid_ticket": "The ticket is unknown, used, or expired.",
    "wrong_game": "The token or ticket is of another game, or of a seat given back since.",
    "wrong_seat": "The token is of another seat.",
    "not_seated": "The player holds no seat at this table.",
    "not_host": "Only the table's host may do that.",
    "hot_seat_table": "A hot-seat table's seats are its host's alone (friends on one screen).",
    "game_not_found": "No such game (or a private one, to a caller without its code).",
    "game_unreadable": "The game's stored record cannot be read (written by hand, or "
    "damaged): its operator must mend it; another try does not help.",
    "version_conflict": "`expected_version` is not the game's version.",
    "after_beyond_log": "`after` (or Last-Event-ID) is past the log of a game still played: "
    "resume from `facts.version`.",
    "command_id_reused": "That `command_id` was used for a different command.",
    "rate_limited": "Past the client's budget for this kind of request.",
    "store_unavailable": "The event store did not answer in time.",
    "contention": "The game kept changing under a command without `expected_version`.",
    "worker_unavailable": "No worker is alive: bots do not play and timers do not fire.",
    "storage_full": "The store is past its memory limit: nothing was written.",
    "bots_busy": "Every bot process is busy.",
    "import_unavailable": "The log could not be checked now (its checking process died).",
    "league_busy": "The league's commit kept losing its race; its job retries.",
    "internal_error": "The server failed: a bug.",
}


def _meaning(code: str) -> str:
    return ERROR_CODES.get(code) or _MEANINGS.get(code) or code.replace("_", " ").capitalize()


def _operations(request: Request[Any, Any, Any], code: str) -> list[str]:
    """The operations whose documented codes include `code`."""
    document = request.app.openapi_schema
    found = []
    for path, item in (document.paths or {}).items():
        for method in ("get", "post", "put", "patch", "delete"):
            operation = getattr(item, method, None)
            if operation is None or operation.operation_id is None:
                continue
            if code in operation_codes(operation.operation_id, operation):
                found.append(f"{method.upper()} {path}")
    return found


def _page(title: str, body: str) -> Response[str]:
    text = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;"
        "padding:0 1rem;color:#1b1b1b}code{background:#f2f2f2;padding:0 .2em}</style>"
        f"</head><body>{body}</body></html>"
    )
    return Response(text, media_type=MediaType.HTML)  # Litestar adds the charset


@get("/problems/{code:str}", include_in_schema=False)
async def problem_page(code: FromPath[str], request: Request[Any, Any, Any]) -> Response[str]:
    if code not in STATUS_BY_CODE:
        raise ServiceError("not_found", f"no problem is named {code!r}")
    status = status_of(code)
    operations = "".join(
        f"<li><code>{html.escape(operation)}</code></li>"
        for operation in _operations(request, code)
    )
    return _page(
        code,
        f"<h1><code>{html.escape(code)}</code></h1>"
        f"<p>HTTP {status}. {html.escape(_meaning(code))}</p>"
        f"<h2>What to do</h2><p>{html.escape(_NEXT_STEP.get(status, ''))}</p>"
        f"<h2>Operations that may answer it</h2><ul>{operations or '<li>none</li>'}</ul>"
        '<p><a href="/problems">Every problem</a> · <a href="/schema">the API</a></p>',
    )


@get("/problems", include_in_schema=False)
async def problem_index() -> Response[str]:
    rows = "".join(
        f'<li><a href="{PROBLEM_TYPE_BASE}{code}"><code>{code}</code></a> '
        f"({status_of(code)}): {html.escape(_meaning(code))}</li>"
        for code in sorted(STATUS_BY_CODE)
    )
    return _page("Problems", f"<h1>Problems</h1><ul>{rows}</ul>")


PROBLEM_ROUTES = [problem_page, problem_index]
