"""Every code the code base can raise is in the one table, and in the contract's enum."""

from __future__ import annotations

import json
import re
from pathlib import Path

from service.app.errors import STATUS_BY_CODE

ROOT = Path(__file__).resolve().parents[3]
RAISED = re.compile(r'(?:ServiceError|LogError|problem_for)\(\s*"([a-z_]+)"|code="([a-z_]+)"')


def _raised_codes() -> set[str]:
    codes: set[str] = set()
    for folder in ("domain", "service", "workers"):
        for source in (ROOT / folder).rglob("*.py"):
            for match in RAISED.finditer(source.read_text(encoding="utf-8")):
                codes.add(match.group(1) or match.group(2))
    return codes


def test_every_raised_code_has_a_status_in_the_table() -> None:
    # unknown_game is a log reader's code, answered as game_not_found; http_error is the
    # fallback for an HTTP status the table does not know.
    assert _raised_codes() - {"unknown_game", "http_error"} <= set(STATUS_BY_CODE)


def test_the_contract_lists_every_code_as_an_enum() -> None:
    spec = json.loads((ROOT / "api-spec" / "openapi.json").read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    # A known code, or (a newer server's) any other string.
    assert schemas["Problem"]["properties"]["code"]["anyOf"] == [
        {"$ref": "#/components/schemas/ProblemCode"},
        {"type": "string"},
    ]
    assert set(schemas["ProblemCode"]["enum"]) == {*STATUS_BY_CODE, "http_error"}
