"""Every OpenAPI link reads fields its response has: a client (or schemathesis) that
follows a link must find each `$response.body#/...` it names."""

from __future__ import annotations

import json
import re
from typing import Any

from service.cli.openapi_spec import openapi_text

_EXPRESSION = re.compile(r"\$response\.body(#[^}\s]*)?")


def _expressions(value: Any) -> list[str]:
    match value:
        case str():
            return [pointer or "" for pointer in _EXPRESSION.findall(value)]
        case dict():
            return [found for item in value.values() for found in _expressions(item)]
        case list():
            return [found for item in value for found in _expressions(item)]
    return []


def _resolve(schema: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = schemas[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _has(schema: dict[str, Any], tokens: list[str], schemas: dict[str, Any]) -> bool:
    schema = _resolve(schema, schemas)
    if not tokens:
        return True
    alternatives = schema.get("oneOf") or schema.get("anyOf")
    if alternatives is not None:
        return any(_has(choice, tokens, schemas) for choice in alternatives)
    head, rest = tokens[0].replace("~1", "/").replace("~0", "~"), tokens[1:]
    if head in schema.get("properties", {}):
        return _has(schema["properties"][head], rest, schemas)
    if isinstance(schema.get("additionalProperties"), dict):
        return _has(schema["additionalProperties"], rest, schemas)
    if "items" in schema and head.isdigit():
        return _has(schema["items"], rest, schemas)
    return False


def test_every_links_expressions_name_fields_of_its_response() -> None:
    document = json.loads(openapi_text())
    schemas = document["components"]["schemas"]
    dangling = []
    for path, item in document["paths"].items():
        for method, operation in item.items():
            for status, response in (operation.get("responses") or {}).items():
                body = response.get("content", {}).get("application/json", {}).get("schema")
                for name, link in (response.get("links") or {}).items():
                    for pointer in _expressions([link.get("parameters"), link.get("requestBody")]):
                        tokens = pointer.removeprefix("#/").split("/") if pointer else []
                        if body is None or not _has(body, tokens, schemas):
                            dangling.append(f"{method.upper()} {path} {status} {name}: {pointer}")
    assert dangling == []


def test_a_rematchs_links_carry_its_token_and_seat() -> None:
    document = json.loads(openapi_text())
    links = document["paths"]["/games/{game_id}/rematch"]["post"]["responses"]["201"]["links"]
    assert links["view"]["parameters"]["header.Authorization"] == "Bearer {$response.body#/token}"
    assert links["bot"]["parameters"]["path.seat"] == "$response.body#/seat"
