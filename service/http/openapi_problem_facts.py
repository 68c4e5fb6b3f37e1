"""The facts of the problem codes whose facts are fixed, as named schemas: the fields a
client acts on (the version to re-read from, the seconds to wait), always sent."""

from __future__ import annotations

from litestar.openapi.spec import OpenAPIType, Schema

__all__ = ["FACTS_BY_CODE", "facts_schemas"]

_INTEGER = OpenAPIType.INTEGER
_STRING = OpenAPIType.STRING

# code -> (schema name, {field: (type, description)}); every field listed is sent with
# the code (the raise sites: service/app/execute.py, seating.py, seats.py, tables.py,
# service/http/rate_limits.py, json_body.py, problems.py, service/app/json_guard.py).
FACTS_BY_CODE: dict[str, tuple[str, dict[str, tuple[OpenAPIType, str]]]] = {
    "version_conflict": (
        "VersionConflictFacts",
        {
            "expected_version": (_INTEGER, "The `expected_version` the command was sent with."),
            "current_version": (_INTEGER, "The game's version now: re-read the view from it."),
        },
    ),
    "after_beyond_log": (
        "AfterBeyondLogFacts",
        {"version": (_INTEGER, "The game's last version: resume from it.")},
    ),
    "command_id_reused": (
        "CommandIdReusedFacts",
        {"command_id": (_STRING, "The `command_id` already used for another command.")},
    ),
    "contention": (
        "ContentionFacts",
        {"attempts": (_INTEGER, "How many times the command was decided again.")},
    ),
    "seat_taken": ("SeatTakenFacts", {"seat": (_INTEGER, "The seat someone else holds.")}),
    "rate_limited": (
        "RateLimitedFacts",
        {
            "kind": (_STRING, "The kind of request counted (`commands`, `create`, …)."),
            "per": (_STRING, "Whom the limit counts (a client address, a player)."),
            "limit": (_STRING, "The limit passed (`20/1 second`)."),
            "retry_after_s": (_INTEGER, "Seconds to wait, as `Retry-After` says."),
        },
    ),
    "invalid_body": (
        "InvalidBodyFacts",
        {"path": (_STRING, "The place in the body refused (`$.seats[0].kind`).")},
    ),
    "unsupported_media_type": (
        "UnsupportedMediaTypeFacts",
        {"content_type": (_STRING, "The media type the body was declared as.")},
    ),
    "json_too_deep": (
        "JsonTooDeepFacts",
        {"limit": (_INTEGER, "The deepest nesting taken.")},
    ),
    "duplicate_key": (
        "DuplicateKeyFacts",
        {
            "key": (_STRING, "The key given twice."),
            "path": (_STRING, "The object it is given twice in."),
        },
    ),
}


def facts_schemas(schemas: dict[str, Schema]) -> None:
    """One schema per code with fixed facts; a newer server may add a field to any."""
    for code, (name, fields) in FACTS_BY_CODE.items():
        schemas[name] = Schema(
            type=OpenAPIType.OBJECT,
            title=name,
            description=f"The facts of `{code}`.",
            properties={
                field: Schema(type=kind, description=text) for field, (kind, text) in fields.items()
            },
            required=sorted(fields),
            additional_properties=True,
        )
