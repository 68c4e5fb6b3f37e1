"""Which problem codes each operation can answer: its own, plus those every route of its
kind shares; each operation's problems documented with them as one enum."""

from __future__ import annotations

from dataclasses import replace

import msgspec
from litestar.openapi.spec import (
    Example,
    OpenAPI,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    Reference,
    Schema,
)

from domain.errors import ERROR_CODES
from service.app.errors import PROBLEM_MEDIA_TYPE, STATUS_BY_CODE, problem_for
from service.http.openapi_problem_facts import FACTS_BY_CODE

__all__ = ["OWN_CODES", "operation_codes", "type_operation_problems"]

# Who is asking: a seat or player token for another game or none of its seats; a
# private table is a 404 to an outsider (service/app/seating.py `outsider_refusal`).
# And the game itself: its stored record unreadable (service/app/reading.py).
_CALLER = ("wrong_game", "not_seated", "game_not_found", "game_unreadable")
# A write through service/app/execute.py: its version check, its command_id, its retries.
_WRITE = ("game_not_found", "version_conflict", "command_id_reused", "contention")
# Any refusal of the domain's `decide` (a superset: which rule refuses depends on the game).
_RULES = (*ERROR_CODES, "invalid_command", "invalid_log")
# A seat's claim and the table's lifecycle (service/app/seating.py, tables.py, seats.py).
_SEATING = (
    "seat_not_found",
    "seat_taken",
    "seat_not_open",
    "seat_reserved",
    "already_seated",
    "table_started",
    "table_expired",
)
# A log file's checks (service/logs/): import, and a fork's copy of a log.
_LOG_CHECKS = (
    "malformed_log",
    "unsupported_format",
    "header_mismatch",
    "version_gap",
    "illegal_event",
    "bad_commitment",
    "invalid_log_field",
    "redacted_log",
    "invalid_log",
)
# A new game's seats and table (service/app/creation.py).
_CREATION = ("invalid_seats", "stacked_public_table", "invalid_name")

# Each operation's own codes, beyond those its kind shares (`_shared_codes`). The e2e
# tests fail when an operation answers a code its enum does not list (tests/e2e/conftest.py).
OWN_CODES: dict[str, tuple[str, ...]] = {
    "createGame": (*_RULES, *_CREATION),
    "listGames": (),
    "getGame": _CALLER,
    "claimSeat": (*_CALLER, *_SEATING, *_WRITE, *_RULES, "hot_seat_table"),
    "getSeatView": _CALLER,
    "postCommand": (*_CALLER, *_WRITE, *_RULES),
    # Decided on the game as it stands: no retry, no command_id looked up.
    "checkCommand": (*_CALLER, "version_conflict", *_RULES),
    "createTicket": _CALLER,
    "listEvents": (*_CALLER, "invalid_ticket", "ambiguous_credentials", "after_beyond_log"),
    "streamEvents": (*_CALLER, "invalid_ticket", "ambiguous_credentials", "after_beyond_log"),
    "getStateAt": (*_CALLER, "version_not_found"),
    "exportLog": (*_CALLER, "game_in_progress"),
    "importLog": (*_LOG_CHECKS, *_RULES, "game_exists", "import_unavailable"),
    "forkGame": (
        *_CALLER,
        *_WRITE,
        *_RULES,
        *_LOG_CHECKS,
        "game_in_progress",
        "version_not_found",
        "invalid_fork_version",
        "game_exists",
    ),
    "handSeatToBot": (*_CALLER, *_WRITE, *_RULES, "wrong_seat", "seat_not_found"),
    "takeSeatBack": (*_CALLER, *_WRITE, *_RULES, "wrong_seat", "seat_not_found"),
    # The bots' own refusals come back as they are (service/app/suggestions.py).
    "suggestCommand": (*_RULES, "invalid_view", "bots_busy"),
    "listRulesets": (),
    "getHealth": ("worker_unavailable",),
    "getMetrics": (),
    "startTable": (*_CALLER, *_SEATING, *_WRITE, *_RULES, "not_host"),
    "leaveSeat": (*_CALLER, *_SEATING, *_WRITE, *_RULES, "not_host"),
    "resignSeat": (*_CALLER, *_SEATING, *_WRITE, *_RULES, "not_host"),
    "rematchGame": (*_CALLER, *_SEATING, *_WRITE, *_RULES, *_CREATION, "not_host", "game_exists"),
    "createPlayer": ("invalid_name",),
    "getMe": (),
    "renameMe": ("invalid_name",),
    "listMyGames": (),
    "getLeaderboard": ("ladder_not_found",),
    "getPlayerProfile": ("player_not_found",),
    "getGameRatings": (*_CALLER, "game_in_progress", "league_result_pending"),
}

# A JSON body passes service/app/json_guard.py and Litestar's decoding first.
_BODY_CODES = ("malformed_json", "json_too_deep", "duplicate_key", "invalid_body")
# What any operation answering the status answers (service/http/problems.py, rate_limits.py).
_BY_STATUS = {
    401: ("missing_token", "invalid_token"),
    413: ("body_too_large",),
    415: ("unsupported_media_type",),
    429: ("rate_limited",),
    503: ("store_unavailable",),
    507: ("storage_full",),
}


def _shared_codes(operation: Operation, statuses: set[int]) -> set[str]:
    codes = {code for status in statuses for code in _BY_STATUS.get(status, ())}
    parameters = [p for p in operation.parameters or () if not isinstance(p, Reference)]
    if parameters:
        codes.add("invalid_parameter")
    # A path integer that does not parse matches no route: Litestar's 404 `not_found`.
    if any(p.param_in == "path" and _is_integer(p.schema) for p in parameters):
        codes.add("not_found")
    if operation.request_body is not None:
        codes.update(_BODY_CODES)
        # Readable JSON with a number beyond 64 bits (service/app/json_guard.py).
        codes.add("integer_out_of_range")
    return codes


def _is_integer(schema: Schema | Reference | None) -> bool:
    return isinstance(schema, Schema) and schema.type == OpenAPIType.INTEGER


def operation_codes(operation_id: str, operation: Operation) -> list[str]:
    """The codes the operation can answer: its own and its kind's, under the statuses
    it documents."""
    statuses = {int(status) for status in (operation.responses or {}) if int(status) >= 400}
    codes = _shared_codes(operation, statuses) | set(OWN_CODES[operation_id])
    return sorted(code for code in codes if STATUS_BY_CODE.get(code, 422) in statuses)


def _facts(codes: list[str]) -> Schema:
    """The facts of the operation's codes whose facts are fixed, else the common fields.
    `anyOf`, the most fields first: a generator's parser takes the first schema whose
    fields are all there, and a code's facts fit the common schema too."""
    fixed = sorted(
        (code for code in codes if code in FACTS_BY_CODE),
        key=lambda code: (-len(FACTS_BY_CODE[code][1]), code),
    )
    named = "; ".join(f"`{code}`: {FACTS_BY_CODE[code][0]}" for code in fixed)
    return Schema(
        any_of=[
            *(Reference(ref=f"#/components/schemas/{FACTS_BY_CODE[code][0]}") for code in fixed),
            Reference(ref="#/components/schemas/ProblemFacts"),
            Schema(type=OpenAPIType.NULL),
        ],
        description=f"What the refusal is about ({named}; other codes: ProblemFacts)."
        if fixed
        else "What the refusal is about.",
    )


def _example(codes: list[str], status: int) -> dict[str, Example | Reference] | None:
    # One of this operation's own codes for the status, not the first of every route's.
    code = next((code for code in codes if STATUS_BY_CODE.get(code, 422) == status), None)
    if code is None:
        return None
    value = msgspec.to_builtins(problem_for(code, "…"))
    return {"problem-example-1": Example(value=value)}


def _pascal(operation_id: str) -> str:
    return operation_id[0].upper() + operation_id[1:]


def type_operation_problems(document: OpenAPI, schemas: dict[str, Schema]) -> None:
    """Each operation's problem responses as `<Operation>Problem`, whose `code` is one of
    `<Operation>ProblemCode` (or, from a newer server, any other string)."""
    problem = schemas["Problem"]
    assert problem.properties is not None
    for item in (document.paths or {}).values():
        for method in ("get", "post", "put", "patch", "delete"):
            operation = getattr(item, method, None)
            if operation is None or operation.operation_id is None:
                continue
            problems = {
                status: response
                for status, response in (operation.responses or {}).items()
                if isinstance(response, OpenAPIResponse)
                and PROBLEM_MEDIA_TYPE in (response.content or {})
            }
            if not problems:
                continue
            name = _pascal(operation.operation_id)
            codes = operation_codes(operation.operation_id, operation)
            schemas[f"{name}ProblemCode"] = Schema(
                type=OpenAPIType.STRING,
                enum=codes,
                title=f"{name}ProblemCode",
                description=f"The codes {operation.operation_id} answers.",
            )
            code = Schema(
                any_of=[
                    Reference(ref=f"#/components/schemas/{name}ProblemCode"),
                    Schema(type=OpenAPIType.STRING),
                ],
                description=f"The stable reason: one of {name}ProblemCode today; a client "
                "keeps a code it does not know as the string it came as.",
            )
            schemas[f"{name}Problem"] = Schema(
                type=OpenAPIType.OBJECT,
                title=f"{name}Problem",
                description=f"A problem {operation.operation_id} answers (RFC 9457).",
                properties={**problem.properties, "code": code, "facts": _facts(codes)},
                required=problem.required,
            )
            reference = Reference(ref=f"#/components/schemas/{name}Problem")
            # Copies: one response object may serve several operations (a shared 429).
            assert operation.responses is not None
            for status, response in problems.items():
                assert response.content is not None
                media = replace(
                    response.content[PROBLEM_MEDIA_TYPE],
                    schema=reference,
                    examples=_example(codes, int(status)),
                )
                content = {**response.content, PROBLEM_MEDIA_TYPE: media}
                operation.responses[status] = replace(response, content=content)
