"""The OpenAPI document: Litestar's, plus what it cannot say (discriminators, closed objects)."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Litestar
from litestar._openapi.plugin import OpenAPIPlugin
from litestar.openapi.spec import Components, OpenAPI, Schema, SecurityScheme

from service.http.openapi_bounds import (
    bound_views,
    list_presets,
    state_seat_counts,
    type_rule_overrides,
)
from service.http.openapi_defaults import optional_request_defaults
from service.http.openapi_headers import declare_problem_headers
from service.http.openapi_named_types import hoist_enums, type_problems
from service.http.openapi_operations import (
    add_links,
    document_rate_limits,
    log_alternatives,
    name_operations,
)
from service.http.openapi_problem_codes import type_operation_problems
from service.http.openapi_problem_facts import facts_schemas
from service.http.openapi_security import state_optional_tokens
from service.http.openapi_unions import add_discriminators, close_objects

__all__ = ["finish_document", "finished_once", "openapi_document", "security_components"]


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


def finish_document(document: OpenAPI) -> OpenAPI:
    """Add discriminators to tagged unions and close the objects that refuse unknown fields;
    name operations, tags and shared enums; type problems and rule overrides."""
    schemas = _schemas(document)
    add_discriminators(document, schemas)
    state_seat_counts(schemas)
    type_rule_overrides(document, schemas)
    bound_views(schemas)
    add_links(document)
    close_objects(schemas)
    list_presets(schemas)
    name_operations(document)
    document_rate_limits(document)
    hoist_enums(schemas)
    type_problems(schemas)
    facts_schemas(schemas)
    type_operation_problems(document, schemas)
    log_alternatives(document)
    state_optional_tokens(document)
    optional_request_defaults(document, schemas)
    declare_problem_headers(document)
    if document.components is not None:
        # `schemas` is a copy: what was added to the document itself (RuleOverrides) stays.
        merged = {**(document.components.schemas or {}), **schemas}
        document.components.schemas = dict(sorted(merged.items()))
    return document


# The finished document of this process's apps: every app create_app makes has the
# same routes and OpenAPI config, so one document serves them all (building it is
# most of an app's making, and the tests make hundreds of apps).
_finished: OpenAPI | None = None


def finished_once(app: Litestar) -> None:
    """Give `app` the finished document, built (and finished) once a process."""
    global _finished
    if _finished is None:
        _finished = finish_document(app.openapi_schema)
        return
    # Litestar builds the document on first use and keeps it here; it is never changed.
    app.plugins.get(OpenAPIPlugin)._openapi = _finished


def openapi_document(app: Litestar) -> dict[str, Any]:
    """The document as served at /schema/openapi.json, as plain JSON data."""
    document: dict[str, Any] = msgspec.json.decode(
        msgspec.json.encode(app.openapi_schema.to_schema())
    )
    return document
