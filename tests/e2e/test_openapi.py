"""The committed OpenAPI document: no drift from the code, and schemathesis against the app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from schemathesis.config import (
    ChecksConfig,
    PositiveDataAcceptanceConfig,
    SchemathesisConfig,
)

from service.cli.openapi_spec import openapi_text
from service.http.app import create_app
from service.store import InMemoryEventStore

# Long (the whole contract fuzzed): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow

SPEC = Path(__file__).resolve().parents[2] / "api-spec" / "openapi.json"


def test_the_committed_document_matches_the_code() -> None:
    # On failure: `make spec` (rummy openapi --write api-spec/openapi.json).
    assert json.loads(SPEC.read_text()) == json.loads(openapi_text())


def test_the_command_union_has_a_discriminator() -> None:
    document = json.loads(SPEC.read_text())
    body = document["paths"]["/games/{game_id}/commands"]["post"]["requestBody"]
    schema = body["content"]["application/json"]["schema"]
    assert schema["discriminator"]["propertyName"] == "type"
    assert set(schema["discriminator"]["mapping"]) == {
        "draw", "lay_melds", "lay_off", "swap_joker", "discard", "knock",
    }  # fmt: skip


def test_every_route_with_a_body_documents_the_body_limit() -> None:
    # Any body may exceed the byte limit, whatever its schema: the 413 must be documented.
    document = json.loads(SPEC.read_text())
    undocumented = [
        f"{method.upper()} {path}"
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if "requestBody" in operation and "413" not in operation["responses"]
    ]
    assert undocumented == []


def _config() -> SchemathesisConfig:
    config = SchemathesisConfig()
    # Schema-valid bodies may still break a rule the schema cannot state (a knob
    # combination, a card not in hand, an unknown game id): the API answers those
    # with a documented 404/409/422 problem, which is correct, not a rejection of valid data.
    # Nor can it bound a body's bytes: a schema-valid body over the limit is a documented 413.
    config.projects.default.checks = ChecksConfig(
        positive_data_acceptance=PositiveDataAcceptanceConfig(
            expected_statuses=["2XX", "401", "403", "404", "409", "413", "422"]
        )
    )
    return config


# In-memory store: fast, and nothing to start.
schema = schemathesis.openapi.from_asgi(
    "/schema/openapi.json", create_app(InMemoryEventStore()), config=_config()
)


def _integers_as_integers(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: _integers_as_integers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_integers_as_integers(item) for item in value]
    return value


@schema.hook
def map_body(context: Any, body: Any) -> Any:
    # JSON Schema counts 3.0 as an integer; this API takes integers only as written
    # without a fraction (400 `invalid_body` otherwise: tests/e2e/test_bounds.py).
    return _integers_as_integers(body)


@schema.parametrize()
@hypothesis.settings(
    max_examples=20,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)
def test_the_api_keeps_its_contract(case: Any) -> None:
    case.call_and_validate()


def test_the_served_document_is_the_committed_one() -> None:
    from litestar.testing import TestClient

    with TestClient(create_app(InMemoryEventStore())) as client:
        served = client.get("/schema/openapi.json").json()
    assert served == json.loads(SPEC.read_text())


def test_every_struct_that_refuses_unknown_fields_is_a_closed_object() -> None:
    # Derived from the structs' forbid_unknown_fields, not from a list kept by hand.
    from domain.events import HandDealt
    from domain.rules import RuleSet
    from service.http.schemas import CreateGame
    from service.http.schemas_views import View

    schemas = json.loads(SPEC.read_text())["components"]["schemas"]
    for struct in (RuleSet, HandDealt, CreateGame):
        assert struct.__struct_config__.forbid_unknown_fields
        assert schemas[struct.__name__]["additionalProperties"] is False, struct
    assert not View.__struct_config__.forbid_unknown_fields
    assert "additionalProperties" not in schemas["View"]


def test_an_empty_deck_is_refused_as_the_schema_says() -> None:
    from litestar.testing import TestClient

    schemas = json.loads(SPEC.read_text())["components"]["schemas"]
    deck = schemas["CreateGame"]["properties"]["deck"]
    assert deck["minItems"] == 1
    with TestClient(create_app(InMemoryEventStore())) as client:
        seats = [{"kind": "human"}, {"kind": "human"}]
        answer = client.post("/games", json={"seats": seats, "deck": []})
    assert answer.status_code == 400 and answer.json()["code"] == "invalid_body"


# The stateful phase: chains of calls along the document's links (a created game's
# id and seat 0's token into the game's routes, a view into the bots, a log into the
# import). The event stream is left out: it stays open while its game is playing.
stateful_schema = schema.exclude(path_regex=r"/events/stream$")
APIWorkflow = stateful_schema.as_state_machine()
APIWorkflow.TestCase.settings = hypothesis.settings(
    max_examples=20,
    stateful_step_count=6,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)
TestTheAPIStatefully = APIWorkflow.TestCase


def test_every_route_with_a_body_documents_the_guards_422() -> None:
    # Any JSON body may hold an integer beyond 64 bits: a documented 422 integer_out_of_range.
    document = json.loads(SPEC.read_text())
    undocumented = [
        f"{method.upper()} {path}"
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if "requestBody" in operation and "422" not in operation["responses"]
    ]
    assert undocumented == []


def _reached(node: Any, schemas: dict[str, Any], found: set[str]) -> None:
    if isinstance(node, dict):
        reference = node.get("$ref", "")
        name = reference.removeprefix("#/components/schemas/")
        if reference.startswith("#/components/schemas/") and name not in found:
            found.add(name)
            _reached(schemas[name], schemas, found)
        for value in node.values():
            _reached(value, schemas, found)
    elif isinstance(node, list):
        for value in node:
            _reached(value, schemas, found)


def test_no_request_field_a_client_may_leave_out_has_a_default_a_generator_would_require() -> None:
    # openapi-typescript, at its default options, types a property with a default
    # as present: `{"kind": "human"}` was a type error for 13 such fields.
    document = json.loads(SPEC.read_text())
    schemas = document["components"]["schemas"]
    in_requests: set[str] = set()
    for item in document["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                _reached(operation["requestBody"], schemas, in_requests)
    defaulted = [
        f"{name}.{field}"
        for name in sorted(in_requests)
        for field, prop in schemas[name].get("properties", {}).items()
        if "default" in prop and field not in schemas[name].get("required", [])
    ]
    assert in_requests >= {"CreateGame", "SeatSpec"}
    assert defaulted == []
    assert 'Default: `"basic"`' in schemas["CreateGame"]["properties"]["preset"]["description"]


def test_a_view_always_carries_its_version() -> None:
    view = json.loads(SPEC.read_text())["components"]["schemas"]["View"]
    assert "version" in view["required"]
    assert view["properties"]["version"] == {"type": "integer"}


def test_every_429_and_503_declares_retry_after() -> None:
    document = json.loads(SPEC.read_text())
    answers = [
        (path, method, status, response)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict)
        for status, response in operation.get("responses", {}).items()
        if status in ("429", "503")
    ]
    assert len(answers) > 30
    for path, method, status, response in answers:
        header = response.get("headers", {}).get("Retry-After")
        assert header is not None, (method, path, status)
        assert header["schema"]["type"] == "integer"


def test_no_description_shows_a_python_expression() -> None:
    # The import's description showed `{MAX_LOG_BYTES // (1024 * 1024)} MiB`.
    text = SPEC.read_text()
    assert "MAX_LOG_BYTES" not in text and "{{" not in text
    assert "up to 8 MiB" in text
