"""Request fields with a default stay optional for every generator.

openapi-typescript (at its default options) types a property with a `default` as
always present, which is true of an answer and false of a request: a client
building `{"kind": "human"}` got TS2322 for the 13 fields it may leave out. In every
schema a request uses, the default moves into the description (the server
applies it), so generated request types leave those fields optional; an answer
that shares the schema (a created game's seats) is typed the same, as optional.
"""

from __future__ import annotations

import json
from typing import Any

from litestar.openapi.spec import OpenAPI, Schema

__all__ = ["optional_request_defaults"]

_REF = "#/components/schemas/"


def optional_request_defaults(document: OpenAPI, schemas: dict[str, Schema]) -> None:
    for name in _in_requests(document, schemas):
        properties = schemas[name].properties or {}
        required = set(schemas[name].required or ())
        for field, prop in properties.items():
            if isinstance(prop, Schema) and field not in required and prop.default is not None:
                said = f"Default: `{json.dumps(prop.default)}`."
                prop.description = f"{prop.description} {said}" if prop.description else said
                prop.default = None


def _in_requests(document: OpenAPI, schemas: dict[str, Schema]) -> set[str]:
    """The schemas reached from request bodies."""
    requests: set[str] = set()
    for item in (document.paths or {}).values():
        for method in ("get", "post", "put", "delete", "patch"):
            operation = getattr(item, method, None)
            if operation is None:
                continue
            body = operation.request_body
            if body is not None and not hasattr(body, "ref"):
                _reach(_plain(body.content), schemas, requests)
    return requests


def _plain(node: Any) -> Any:
    """Litestar's spec objects as plain JSON data (to walk their references)."""
    if node is None:
        return None
    if hasattr(node, "to_schema"):
        return node.to_schema()
    if isinstance(node, dict):
        return {key: _plain(value) for key, value in node.items()}
    return node


def _reach(node: Any, schemas: dict[str, Schema], found: set[str]) -> None:
    if isinstance(node, dict):
        reference = node.get("$ref")
        if isinstance(reference, str) and reference.startswith(_REF):
            name = reference.removeprefix(_REF)
            if name not in found and name in schemas:
                found.add(name)
                _reach(schemas[name].to_schema(), schemas, found)
        for value in node.values():
            _reach(value, schemas, found)
    elif isinstance(node, list):
        for value in node:
            _reach(value, schemas, found)
