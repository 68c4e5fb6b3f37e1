"""Each operation documents the problem codes it can answer as its own enum, and no
operation answers a code its enum does not list (checked after every e2e test by the
`answered_problems` fixture in conftest.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient
from problem_documents import Answered, documented_codes

from service.app.errors import STATUS_BY_CODE, ServiceError

SPEC = json.loads((Path(__file__).resolve().parents[2] / "api-spec" / "openapi.json").read_text())
PROBLEM = "application/problem+json"


OPERATIONS = {
    operation["operationId"]: operation
    for item in SPEC["paths"].values()
    for operation in item.values()
    if isinstance(operation, dict) and "operationId" in operation
}


def _problem_responses(operation: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {
        int(status): response["content"][PROBLEM]
        for status, response in operation["responses"].items()
        if PROBLEM in response.get("content", {})
    }


@pytest.mark.parametrize("operation_id", sorted(OPERATIONS))
def test_each_operation_documents_its_own_codes(operation_id: str) -> None:
    problems = _problem_responses(OPERATIONS[operation_id])
    if not problems:
        return
    name = operation_id[0].upper() + operation_id[1:]
    assert {media["schema"]["$ref"] for media in problems.values()} == {
        f"#/components/schemas/{name}Problem"
    }
    codes = documented_codes(operation_id)
    assert codes < set(SPEC["components"]["schemas"]["ProblemCode"]["enum"])
    # Every listed code is answered with a status the operation documents.
    assert {STATUS_BY_CODE[code] for code in codes} <= set(problems)
    for status, media in problems.items():
        for example in media.get("examples", {}).values():
            assert example["value"]["code"] in codes and example["value"]["status"] == status


def test_the_codes_a_client_acts_on_are_where_they_are_answered() -> None:
    assert "version_conflict" in documented_codes("postCommand")
    assert "command_id_reused" in documented_codes("postCommand")
    assert "contention" in documented_codes("postCommand")
    assert "seat_taken" in documented_codes("claimSeat")
    assert "rate_limited" in documented_codes("createGame")
    assert "invalid_body" in documented_codes("createGame")
    assert "bots_busy" in documented_codes("suggestCommand")
    # Not where nothing could answer them.
    assert "bots_busy" not in documented_codes("postCommand")
    assert "malformed_json" not in documented_codes("getGame")
    assert "worker_unavailable" not in documented_codes("createGame")


def test_an_operation_answering_a_code_its_document_omits_is_caught(
    client: TestClient[Litestar],
    answered_problems: Answered,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refused() -> Any:
        raise ServiceError("version_conflict", "planted")

    monkeypatch.setattr("service.http.routes_meta.preset_catalog", refused)
    assert client.get("/rulesets").status_code == 409
    assert answered_problems == [("listRulesets", 409, "version_conflict")]
    assert "version_conflict" not in documented_codes("listRulesets")
    # The fixture would fail this test for it: the planted refusal is the point here.
    answered_problems.clear()


def _facts_of(operation_id: str) -> set[str]:
    name = operation_id[0].upper() + operation_id[1:]
    facts = SPEC["components"]["schemas"][f"{name}Problem"]["properties"]["facts"]
    return {part["$ref"].rsplit("/", 1)[1] for part in facts["anyOf"] if "$ref" in part}


def test_the_facts_a_client_acts_on_are_typed_by_code() -> None:
    assert {
        "VersionConflictFacts",
        "CommandIdReusedFacts",
        "ContentionFacts",
        "RateLimitedFacts",
        "InvalidBodyFacts",
        "ProblemFacts",
    } <= _facts_of("postCommand")
    assert "SeatTakenFacts" in _facts_of("claimSeat")
    conflict = SPEC["components"]["schemas"]["VersionConflictFacts"]
    assert conflict["required"] == ["current_version", "expected_version"]
    # A newer server may add a fact: clients keep it.
    assert conflict["additionalProperties"] is True
