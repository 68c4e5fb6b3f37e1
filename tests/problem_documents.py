"""The problem codes the committed document lists for each operation."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

# Every problem an operation answered in a test: (operationId, status, code).
Answered = list[tuple[str, int, str]]

SPEC = Path(__file__).resolve().parents[1] / "api-spec" / "openapi.json"


@cache
def _document() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SPEC.read_text())
    return loaded


def _resolved(schema: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        return _resolved(_document()["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]])
    return schema


def _enum_of(schema: dict[str, Any]) -> set[str]:
    schema = _resolved(schema)
    values = set(schema.get("enum", ()))
    for part in [*schema.get("anyOf", ()), *schema.get("oneOf", ())]:
        values |= _enum_of(part)
    return values


@cache
def documented_codes(operation_id: str) -> frozenset[str]:
    """Every code the operation's problem responses name in their `code` enums."""
    codes: set[str] = set()
    for item in _document()["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict) or operation.get("operationId") != operation_id:
                continue
            for response in operation["responses"].values():
                problem = response.get("content", {}).get("application/problem+json")
                if problem is not None:
                    codes |= _enum_of(_resolved(problem["schema"])["properties"]["code"])
    return frozenset(codes)


_TYPES = {"integer": int, "string": str}


@cache
def _facts_schemas() -> dict[str, dict[str, Any]]:
    """code -> its facts schema, for the codes whose facts are fixed."""
    return {
        schema["description"].split("`")[1]: schema
        for schema in _document()["components"]["schemas"].values()
        if schema.get("description", "").startswith("The facts of `")
    }


def fits_its_facts(code: str, facts: dict[str, Any]) -> bool:
    """Whether `facts` has every field its code's facts schema requires, of its type."""
    schema = _facts_schemas().get(code)
    if schema is None:
        return True
    return all(
        isinstance(facts.get(field), _TYPES[schema["properties"][field]["type"]])
        and not isinstance(facts.get(field), bool)
        for field in schema["required"]
    )
