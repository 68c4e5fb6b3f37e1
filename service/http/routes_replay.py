"""Replay routes: the state at any version, the whole log, import of a log, forks."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, Response, get, post
from litestar.datastructures.headers import Accept, MediaTypeHeader
from litestar.di import NamedDependency
from litestar.enums import MediaType
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import OpenAPIMediaType, Operation, Reference, RequestBody, Schema
from litestar.openapi.spec.enums import OpenAPIType
from litestar.params import (
    JSONBody,
    PathParameter,
    QueryParameter,
    RawBody,
    SkipValidation,
)

from service.app.creation import CHOSEN_GAME_ID_PATTERN, drawn_game_id
from service.app.envelope import Envelope
from service.app.errors import ServiceError
from service.app.json_guard import JsonRefused, check_json
from service.app.records import is_game_id
from service.http.created import created_game
from service.http.json_body import declares_json
from service.http.openapi_security import OPTIONAL_BEARER
from service.http.problems import body_refusal, problem_responses
from service.http.routes_games import GameId, InviteQuery, caller_token
from service.http.schemas import CreatedGameOut, ForkGame, StateAt
from service.http.schemas_views import seat_labels, view_out
from service.logs.logfile import FORMAT, LogHeader
from service.logs.transfers import GameTransfers

Transfers = NamedDependency[SkipValidation[GameTransfers]]  # as routes_games' own

NDJSON = "application/x-ndjson"
# The media types a log is read under as JSON lines (a JSON type reads it as one document).
_LINES_TYPES = frozenset({NDJSON, "text/plain"})
Visibility = Literal["full", "seat", "spectator"]
# A long game's log is far larger than any command.
MAX_LOG_BYTES = 8 * 1024 * 1024

_LOG_CODES = (
    "`malformed_log`, `unsupported_format`, `header_mismatch`, `version_gap`, "
    "`illegal_event`, `bad_commitment`, `redacted_log`, `invalid_log_field` (a field "
    "beside the events no service writes: a time that does not parse, lies in the future "
    "or outside the log's own times, a bot level, an actor or a rematch link replay does "
    "not derive; `facts.field` names it)"
)


def _responses(*statuses: int, **descriptions: str) -> dict[int, ResponseSpec]:
    """The shared problem responses, with this route's own wording where given."""
    specs = problem_responses(*statuses)
    for status, text in descriptions.items():
        number = int(status.removeprefix("s"))
        specs[number] = replace(specs[number], description=text)
    return specs


@dataclass
class _LogBodyOperation(Operation):
    """The import route reads its body raw (`body: RawBody`), which Litestar leaves out
    of the document: it is stated here. Only `text/plain` is listed (generic clients
    and schemathesis know how to send it); `application/x-ndjson` is read the same."""

    def __post_init__(self) -> None:
        text = Schema(
            type=OpenAPIType.STRING,
            # A log opens with its header line: an empty body is no log.
            min_length=1,
            description=f"A `{FORMAT}` file (`{NDJSON}` is accepted too).",
        )
        document = Reference(ref="#/components/schemas/LogDocument")
        self.request_body = RequestBody(
            content={
                "application/json": OpenAPIMediaType(schema=document),
                "text/plain": OpenAPIMediaType(schema=text),
            },
            required=True,
        )


class LogDocument(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A log file as one JSON object: its header line and its event lines, in order."""

    header: LogHeader
    events: tuple[Envelope, ...]


class _RawLogDocument(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # The lines as they are: verified by the same reader as a JSON-lines file.
    header: msgspec.Raw
    events: tuple[msgspec.Raw, ...]


def _as_document(lines: bytes) -> bytes:
    header, *events = (line for line in lines.splitlines() if line.strip())
    return msgspec.json.encode(
        _RawLogDocument(header=msgspec.Raw(header), events=tuple(map(msgspec.Raw, events)))
    )


def _as_lines(document: bytes) -> bytes:
    # The route reads its body raw, past the guard every JSON body passes: the
    # document itself (a key given twice, too deep, a huge integer) is checked here.
    try:
        check_json(document)
    except JsonRefused as refused:
        raise refused.problem() from None
    try:
        raw = msgspec.json.decode(document, type=_RawLogDocument)
    except msgspec.ValidationError as exc:
        message, path = body_refusal(str(exc))
        raise ServiceError("invalid_body", f"not a log document: {message}", path=path) from exc
    except msgspec.DecodeError as exc:
        raise ServiceError("malformed_json", str(exc)) from exc
    return b"\n".join(bytes(line) for line in (raw.header, *raw.events)) + b"\n"


@get(
    "/games/{game_id:str}/states/{version:int}",
    tags=["replay"],
    summary="The game at one version of its log, as the caller may see it",
    description="A seat (Bearer token) gets its seat view at that version, anyone else the "
    "spectator view. `state` (every hand, the stock) is added when the caller may see "
    "everything there: anyone once the game is finished (only its seats when it was "
    "created with `private_log`), and, when the ruleset reveals finished hands, anyone "
    "for a version inside a hand that has ended.",
    security=OPTIONAL_BEARER,
    responses=_responses(
        400,
        401,
        403,
        404,
        409,
        503,
        s404="No such game (`game_not_found`) or version (`version_not_found`, "
        "`facts.current_version`).",
    ),
)
async def state_at(
    game_id: GameId,
    version: Annotated[int, PathParameter(ge=1, le=2**31)],
    request: Request[Any, Any, Any],
    transfers: Transfers,
    invite: InviteQuery = None,
) -> StateAt:
    view, state, then, held_hands = await transfers.state_at(
        game_id, version, caller_token(request), invite_code=invite
    )
    visibility: Visibility = (
        "full" if state is not None else "spectator" if view.seat is None else "seat"
    )
    # Who played each seat then, as the summary's and the served view say it now.
    labels = seat_labels(then.info, then.names, then.record.controllers, then.resigned)
    return StateAt(
        game_id=game_id,
        version=version,
        visibility=visibility,
        view=msgspec.structs.replace(view_out(view, then.record), seat_labels=labels),
        state=state,
        held_hands=held_hands,
    )


@get(
    "/games/{game_id:str}/log",
    tags=["replay"],
    summary="A finished game's whole log as JSON lines (import it elsewhere)",
    description=f"A `{FORMAT}` file: a header line, then one event envelope per line, "
    "unredacted; never a seat token or the server's seed. Served once the game is over "
    "(while it is in progress it would show hidden cards); a game created with "
    "`private_log` serves it to its seats only.",
    security=OPTIONAL_BEARER,
    media_type=MediaType.JSON,
    responses=_responses(
        400,
        401,
        403,
        404,
        409,
        503,
        s401="No token for a private log (`missing_token`) or an unknown one (`invalid_token`).",
        s409="The game is still in progress (`game_in_progress`).",
    ),
)
async def game_log(
    game_id: GameId,
    request: Request[Any, Any, Any],
    transfers: Transfers,
    format: Annotated[
        Literal["jsonl", "json"],
        QueryParameter(
            description=f"`jsonl`: the `{FORMAT}` file as JSON lines (`{NDJSON}`, or "
            "`text/plain` for `Accept: text/plain`); "
            "`json`: the same lines as one `LogDocument` object (`application/json`)."
        ),
    ] = "jsonl",
    invite: InviteQuery = None,
) -> Response[LogDocument]:
    data = await transfers.log_file(game_id, caller_token(request), invite_code=invite)
    if format == "json":
        return Response(_as_document(data), media_type=MediaType.JSON)  # type: ignore[arg-type]
    # Its type follows Accept: a shared cache keeps one copy a type (RFC 9110, 12.5.5).
    return Response(data, media_type=_lines_type(request), headers={"Vary": "Accept"})  # type: ignore[arg-type]


def _lines_type(request: Request[Any, Any, Any]) -> str:
    """JSON lines as `application/x-ndjson`, or as `text/plain` to a client whose
    `Accept` ranks text first (by q-value, then the narrower type, then its own order;
    the contract states both); `*/*`, or neither type named, gets JSON lines."""
    try:
        accept = request.accept
    except OverflowError:
        # Litestar weighs `q=inf` as an integer and fails: no weight read, the default.
        return NDJSON
    # Litestar matches a type weighed q=0 ("not this one") as any other: left out here.
    wanted = Accept(", ".join(kind for kind in accept if not _refused(kind)))
    # Litestar adds the charset to text.
    return wanted.best_match([NDJSON, MediaType.TEXT], default=NDJSON)


def _refused(kind: str) -> bool:
    weight = MediaTypeHeader(kind).params.get("q", "1")
    try:
        return float(weight) == 0
    except ValueError:
        return False


@post(
    "/games/import",
    status_code=201,
    tags=["replay"],
    summary="Import a log file as a new game: every event is checked again",
    description=f"The body is a `{FORMAT}` file (as GET /games/{{game_id}}/log serves it), "
    f"`{NDJSON}` or `text/plain`, or the same as one `LogDocument` (`application/json`, "
    f"as `?format=json` serves it), up to {MAX_LOG_BYTES // (1024 * 1024)} MiB. Every event "
    "must be what the rules produce from the one before, and every revealed deal must "
    "match its commitment. Every human seat gets a fresh token, shown once.",
    request_max_body_size=MAX_LOG_BYTES,
    operation_class=_LogBodyOperation,
    responses=_responses(
        400,
        409,
        413,
        415,
        422,
        429,
        503,
        507,
        s409="The chosen `game_id` is taken (`game_exists`).",
        s413=f"The log is larger than {MAX_LOG_BYTES // (1024 * 1024)} MiB (`body_too_large`).",
        s415=f"The body is declared as neither JSON lines (`{NDJSON}`, `text/plain`) nor "
        "JSON (`unsupported_media_type`; no `Content-Type` is read as JSON lines).",
        s422=f"The log is refused: {_LOG_CODES}; `facts.version` names the first bad "
        "event, `facts.reason` says why.",
        s503="The event store is unreachable (`store_unavailable`), or the process "
        "checking a big log died twice in a row (`import_unavailable`): nothing was "
        "written; `Retry-After` says when to try again.",
    ),
)
async def import_game(
    body: RawBody,
    request: Request[Any, Any, Any],
    transfers: Transfers,
    game_id: Annotated[
        str | None,
        QueryParameter(
            pattern=CHOSEN_GAME_ID_PATTERN,
            description="The new game's id (default: a fresh one): 32 hex digits, but "
            "not of the kind the service draws for its own games (a version-4 UUID's: "
            "13th digit `4` and 17th one of `89ab`), so a chosen id never names a game "
            "the service made.",
        ),
    ] = None,
    private_log: Annotated[
        bool,
        QueryParameter(
            description="`true`: the finished log is its seats' alone; `true` or `false` "
            "(no other spelling)."
        ),
    ] = False,
) -> Response[CreatedGameOut]:
    if game_id is not None and not is_game_id(game_id):
        # The pattern is checked with Python's `$`, which also takes a last newline.
        raise ServiceError(
            "invalid_parameter",
            f"query parameter 'game_id' must be 32 hex digits, not {game_id!r}",
            parameters=["game_id"],
        )
    if game_id is not None and drawn_game_id(game_id):
        raise ServiceError(
            "invalid_parameter",
            "query parameter 'game_id' is of the kind the service draws for its own games "
            "(a version-4 UUID's hex): choose another",
            parameters=["game_id"],
        )
    declared = request.content_type[0].strip().lower()
    # A document under any JSON type, as every JSON body is read (a `+json` type too).
    if declares_json(declared):
        lines = _as_lines(body)
    elif not declared or declared in _LINES_TYPES:
        lines = body
    else:
        # A form or a file of another kind is no log, whatever its bytes.
        raise ServiceError(
            "unsupported_media_type",
            f"a log is sent as {NDJSON}, text/plain or application/json, not {declared}",
            content_type=declared,
        )
    created = await transfers.import_game(lines, game_id=game_id, private_log=private_log)
    return created_game(created)


@post(
    "/games/{game_id:str}/fork",
    status_code=201,
    tags=["replay"],
    summary="A new game from a finished game's log up to a version",
    description="`keep` copies the log up to `version` (a hand boundary takes the next "
    "deal along) and plays on with the same stock; `reshuffle` needs a version at a hand "
    "boundary (phase `deal`) and deals the next hand afresh (from `seed` if given). "
    "Later shuffles come from `seed`, or a secret one. Only finished games fork (a game in "
    "progress would show hidden cards to the fork's players); a private log's game only "
    "for its seats. Every human seat gets a fresh token, shown once.",
    security=OPTIONAL_BEARER,
    responses=_responses(
        400,
        401,
        403,
        404,
        409,
        413,
        415,
        422,
        429,
        503,
        507,
        s404="No such game (`game_not_found`) or version (`version_not_found`).",
        s409="The game is still in progress (`game_in_progress`).",
        s422="The version cannot be forked (`invalid_fork_version`): it splits a "
        "command's events, the game is over there, or a reshuffle is not at a hand boundary.",
    ),
)
async def fork_game(
    game_id: GameId,
    data: JSONBody[ForkGame],
    request: Request[Any, Any, Any],
    transfers: Transfers,
    invite: InviteQuery = None,
) -> Response[CreatedGameOut]:
    created = await transfers.fork(
        game_id,
        version=data.version,
        deck=data.deck,
        seed=data.seed,
        token=caller_token(request),
        invite_code=invite,
    )
    return created_game(created)


REPLAY_ROUTES = [state_at, game_log, import_game, fork_game]
