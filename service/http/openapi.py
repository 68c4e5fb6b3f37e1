"""The OpenAPI document: Litestar's, plus what it cannot say (discriminators, closed objects)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

import msgspec
from litestar import Litestar
from litestar.openapi.spec import (
    Components,
    Discriminator,
    OpenAPI,
    Reference,
    Schema,
    SecurityScheme,
)
from litestar.openapi.spec.enums import OpenAPIType

from domain.rules import KNOB_RANGES
from service.http.routes_tables import TABLE_CLOSED_SCHEMAS
from service.http.schemas import CLOSED_SCHEMAS

__all__ = ["finish_document", "openapi_document", "security_components"]


def security_components() -> Components:
    return Components(
        security_schemes={
            "bearer": SecurityScheme(
                type="http",
                scheme="bearer",
                description="A seat token from POST /games or a seat claim.",
            )
        }
    )


def _schemas(document: OpenAPI) -> dict[str, Schema]:
    components = document.components
    return dict(components.schemas or {}) if components else {}


def _tag_of(schema: Schema | Reference, schemas: dict[str, Schema], field: str) -> str | None:
    if isinstance(schema, Reference):
        schema = schemas.get(schema.ref.rsplit("/", 1)[-1], Schema())
    tag = (schema.properties or {}).get(field)
    return tag.const if isinstance(tag, Schema) and isinstance(tag.const, str) else None


def _add_discriminator(schema: Schema, schemas: dict[str, Schema]) -> None:
    """Name the `type` tag of a union whose every member is a tagged struct."""
    members = schema.one_of or []
    if len(members) < 2 or not all(isinstance(member, Reference) for member in members):
        return
    mapping: dict[str, str] = {}
    for member in members:
        assert isinstance(member, Reference)
        tag = _tag_of(member, schemas, "type")
        if tag is None:
            return
        mapping[tag] = member.ref
    schema.discriminator = Discriminator(property_name="type", mapping=mapping)


def _walk(node: Any, schemas: dict[str, Schema], seen: set[int]) -> None:
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, Schema):
        _add_discriminator(node, schemas)
    if isinstance(node, dict):
        for value in node.values():
            _walk(value, schemas, seen)
    elif isinstance(node, list | tuple):
        for value in node:
            _walk(value, schemas, seen)
    elif is_dataclass(node) and not isinstance(node, type):
        for field in fields(node):
            _walk(getattr(node, field.name), schemas, seen)


def _state_seat_counts(schemas: dict[str, Schema]) -> None:
    """The RuleSet's seat-count maps and lists, with the bounds Litestar drops
    from a constrained integer inside a container."""
    ruleset = schemas.get("RuleSet")
    properties = ruleset.properties if ruleset is not None else None
    if not properties:
        return
    players, hand_size = properties.get("players"), properties.get("hand_size")
    low, high = KNOB_RANGES["players"]
    if isinstance(players, Schema):
        players.items = Schema(type=OpenAPIType.INTEGER, minimum=low, maximum=high)
        players.unique_items = True
    if isinstance(hand_size, Schema):
        cards_low, cards_high = KNOB_RANGES["hand_size"]
        hand_size.property_names = Schema(type=OpenAPIType.STRING, pattern=f"^[{low}-{high}]$")
        hand_size.additional_properties = Schema(
            type=OpenAPIType.INTEGER, minimum=cards_low, maximum=cards_high
        )


# Request fields that take knob overrides, read by build_ruleset (plain objects
# to Litestar, so that a bad knob is the rules' 422 naming it, not a 400).
_OVERRIDE_FIELDS = {"CreateGame": ("rules",), "SuggestRequest": ("rules", "ruleset")}


def _type_rule_overrides(document: OpenAPI, schemas: dict[str, Schema]) -> None:
    """`rules` as the document states it: any of the RuleSet's knobs, each in
    its range, and no other."""
    ruleset = schemas.get("RuleSet")
    if ruleset is None or not ruleset.properties or document.components is None:
        return
    knobs = {
        name: replace(knob, default=None) if isinstance(knob, Schema) else knob
        for name, knob in ruleset.properties.items()
    }
    overrides = Schema(
        type=OpenAPIType.OBJECT,
        properties=knobs,
        additional_properties=False,
        description="Knob overrides: any knobs of a RuleSet (GET /rulesets), each in its "
        "range; the preset gives the others.",
    )
    document.components.schemas = {
        **(document.components.schemas or {}),
        "RuleOverrides": overrides,
    }
    reference = Reference(ref="#/components/schemas/RuleOverrides")
    for struct, names in _OVERRIDE_FIELDS.items():
        properties = schemas[struct].properties if struct in schemas else None
        for name in names:
            if properties and name in properties:
                current = properties[name]
                nullable = isinstance(current, Schema) and bool(current.one_of)
                properties[name] = (
                    Schema(one_of=[reference, Schema(type=OpenAPIType.NULL)])
                    if nullable
                    else reference
                )


def finish_document(document: OpenAPI) -> OpenAPI:
    """Add discriminators to tagged unions and close the objects that refuse unknown fields."""
    schemas = _schemas(document)
    _walk(document, schemas, set())
    _state_seat_counts(schemas)
    _type_rule_overrides(document, schemas)
    closed = {struct.__name__ for struct in (*CLOSED_SCHEMAS, *TABLE_CLOSED_SCHEMAS)}
    for name, schema in schemas.items():
        # Litestar names a component after the struct, or prefixes it with its module.
        if name.rsplit("_", 1)[-1] in closed or name in closed:
            schema.additional_properties = False
    return document


def openapi_document(app: Litestar) -> dict[str, Any]:
    """The document as served at /schema/openapi.json, as plain JSON data."""
    document: dict[str, Any] = msgspec.json.decode(
        msgspec.json.encode(app.openapi_schema.to_schema())
    )
    return document
