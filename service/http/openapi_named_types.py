"""Types named once in the document: shared enums, and a problem's code and facts."""

from __future__ import annotations

from litestar.openapi.spec import OpenAPIType, Reference, Schema

from service.app.errors import STATUS_BY_CODE

__all__ = ["NAMED_ENUMS", "hoist_enums", "type_problems"]

# Enums named once, so a generator makes one type of each (not one per place it occurs).
NAMED_ENUMS: dict[str, tuple[str, ...]] = {"RunEnd": ("low", "high")}


def hoist_enums(schemas: dict[str, Schema]) -> None:
    by_values = {frozenset(values): name for name, values in NAMED_ENUMS.items()}
    for name, named in NAMED_ENUMS.items():
        schemas[name] = Schema(type=OpenAPIType.STRING, enum=list(named), title=name)
    reference = {name: Reference(ref=f"#/components/schemas/{name}") for name in NAMED_ENUMS}
    for schema in list(schemas.values()):
        for field, property_schema in (schema.properties or {}).items():
            if not isinstance(property_schema, Schema) or not property_schema.enum:
                continue
            values = frozenset(value for value in property_schema.enum if value is not None)
            enum_name = by_values.get(values)
            if enum_name is None or enum_name == schema.title:
                continue
            nullable = None in property_schema.enum
            assert schema.properties is not None
            schema.properties[field] = (
                Schema(one_of=[reference[enum_name], Schema(type=OpenAPIType.NULL)])
                if nullable
                else reference[enum_name]
            )


_FACTS = (
    ("path", OpenAPIType.STRING, "The place in the body (`$.seats[0].kind`)."),
    ("knob", OpenAPIType.STRING, "The ruleset knob refused."),
    ("card", OpenAPIType.STRING, "The card refused."),
    ("seat", OpenAPIType.INTEGER, "The seat involved."),
    ("meld_id", OpenAPIType.INTEGER, "The meld involved."),
    ("version", OpenAPIType.INTEGER, "The version involved (a log's first bad event)."),
    ("current_version", OpenAPIType.INTEGER, "The game's version now."),
    ("limit_bytes", OpenAPIType.INTEGER, "The size limit passed."),
)


def type_problems(schemas: dict[str, Schema]) -> None:
    """`Problem.code` as the enum of every stable code; `facts` with its common fields."""
    codes = sorted({*STATUS_BY_CODE, "http_error"})
    schemas["ProblemCode"] = Schema(
        type=OpenAPIType.STRING,
        enum=codes,
        title="ProblemCode",
        description="The stable reason of a problem; `type` (`/problems/<code>`) is its page.",
    )
    problem = schemas["Problem"]
    assert problem.properties is not None
    # A known code, or any other string: a newer server's codes must not break an older
    # client's parser (openapi-python-client raised ValueError on one it did not know).
    problem.properties["code"] = Schema(
        any_of=[Reference(ref="#/components/schemas/ProblemCode"), Schema(type=OpenAPIType.STRING)],
        description="The stable reason: one of ProblemCode today; a client keeps a code it "
        "does not know as the string it came as.",
    )
    facts = Schema(
        type=OpenAPIType.OBJECT,
        description="What the refusal is about; which fields depend on the code.",
        # Nullable: a fact may be known to be absent (`"knob": null`).
        properties={
            name: Schema(type=[kind, OpenAPIType.NULL], description=text)
            for name, kind, text in _FACTS
        },
        additional_properties=True,
    )
    # Named: every operation's problem shares it (service/http/openapi_problem_codes.py).
    facts.title = "ProblemFacts"
    schemas["ProblemFacts"] = facts
    problem.properties["facts"] = Schema(
        one_of=[Reference(ref="#/components/schemas/ProblemFacts"), Schema(type=OpenAPIType.NULL)]
    )
