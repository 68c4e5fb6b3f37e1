"""Tagged unions and closed objects: the discriminators and `additionalProperties: false`
Litestar leaves out of the document."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

import msgspec
from litestar.openapi.spec import Discriminator, OpenAPI, Reference, Schema

__all__ = ["add_discriminators", "close_objects"]


def add_discriminators(document: OpenAPI, schemas: dict[str, Schema]) -> None:
    """Name the `type` tag of every union in the document whose members are tagged structs."""
    _walk(document, schemas, set())


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


def close_objects(schemas: dict[str, Schema]) -> None:
    """`additionalProperties: false` on the objects whose structs refuse unknown fields."""
    closed = _closed_structs()
    for name, schema in schemas.items():
        # Litestar names a component after the struct, or prefixes it with its module.
        if closed.get(name, closed.get(name.rsplit("_", 1)[-1], False)):
            schema.additional_properties = False


def _closed_structs() -> dict[str, bool]:
    """Each struct name, and whether every struct of that name refuses unknown fields
    (`forbid_unknown_fields`): the document's `additionalProperties: false` comes
    from the structs themselves."""
    closed: dict[str, bool] = {}
    pending: list[type[msgspec.Struct]] = [msgspec.Struct]
    while pending:
        struct = pending.pop()
        pending.extend(struct.__subclasses__())
        if struct is msgspec.Struct:
            continue
        forbids = bool(struct.__struct_config__.forbid_unknown_fields)
        closed[struct.__name__] = closed.get(struct.__name__, True) and forbids
    return closed
