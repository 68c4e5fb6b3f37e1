"""An import sent as one JSON `LogDocument` is held to the rules of every JSON body.

The lines of a JSON-lines log each pass the JSON guard, and every other JSON body
does as a whole: a key given twice, nesting past 32 levels, an integer beyond 64
bits or a field outside the schema is refused. The `application/json` form of
`POST /games/import` reads its body raw and checked only the lines inside it: a
document naming `header` twice was imported with whichever header msgspec kept
(the last; another reader of the same bytes takes the first), and unknown fields,
deep or huge, went through unseen.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from http_players import problem
from http_table import create, finish

JSON = {"content-type": "application/json"}


@pytest.fixture
def document(client: Any) -> bytes:
    game = create(client, rules={"game_end": "hands:1"})
    finish(client, game, 3)
    served = client.get(f"/games/{game['game_id']}/log", params={"format": "json"})
    assert served.status_code == 200, served.text
    body: bytes = served.content
    # As served, it imports.
    assert client.post("/games/import", content=body, headers=JSON).status_code == 201
    return body


def test_a_document_giving_its_header_twice_is_refused(client: Any, document: bytes) -> None:
    header = json.loads(document)["header"]
    other = json.dumps({**header, "created_at": "2000-01-01T00:00:00+00:00"}).encode()
    body = b'{"header":' + other + b"," + document[1:]
    answer = client.post("/games/import", content=body, headers=JSON)
    problem(answer, 400, "duplicate_key")


def test_a_document_giving_its_events_twice_is_refused(client: Any, document: bytes) -> None:
    body = document[:-1] + b',"events":[]}'
    problem(client.post("/games/import", content=body, headers=JSON), 400, "duplicate_key")


@pytest.mark.parametrize(
    ("extra", "status", "code"),
    [
        (b"1", 400, "invalid_body"),
        (b"[" * 40 + b"]" * 40, 400, "json_too_deep"),
        (b"123456789012345678901234567890", 422, "integer_out_of_range"),
    ],
    ids=["unknown field", "too deep", "huge integer"],
)
def test_a_document_with_more_than_a_log_is_refused(
    client: Any, document: bytes, extra: bytes, status: int, code: str
) -> None:
    body = document[:-1] + b',"x":' + extra + b"}"
    refused = problem(client.post("/games/import", content=body, headers=JSON), status, code)
    if code == "invalid_body":
        # Named with its place, as a field outside any other body's schema is.
        assert refused["facts"]["path"] == "$.x", refused


def test_a_document_whose_part_has_another_type_names_that_part(client: Any) -> None:
    body = b'{"header": {}, "events": 5}'
    refused = problem(client.post("/games/import", content=body, headers=JSON), 400, "invalid_body")
    assert refused["facts"]["path"] == "$.events", refused


@pytest.mark.parametrize(
    "content_type",
    ["application/json; charset=utf-8", "Application/JSON", "application/vnd.rummy+json"],
)
def test_a_document_under_any_json_type_imports(
    client: Any, document: bytes, content_type: str
) -> None:
    # Every JSON body is read as JSON under a `+json` type too; the import took such
    # a document for JSON lines, and refused it as a malformed log (422).
    answer = client.post("/games/import", content=document, headers={"content-type": content_type})
    assert answer.status_code == 201, answer.text
