"""Every response carries `X-Request-ID`, the refusals of the router too.

The id was added by a route middleware, which Litestar runs only once a route is
found: a path no route serves (404 `not_found`; 400 `invalid_parameter` for a
seat number that is not one) and a method the path does not take (405
`method_not_allowed`) came without the header, and their problem bodies without
`request_id`, though the contract guide says every response carries it and a
client reporting the refusal quotes it."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

from service.http.app import create_app
from service.store import InMemoryEventStore

GAME = "0" * 32


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("GET", "/no/such/route", 404, "not_found"),
        ("POST", f"/games/{GAME}/seats/first", 400, "invalid_parameter"),
        ("DELETE", "/games", 405, "method_not_allowed"),
        ("PUT", f"/games/{GAME}/commands", 405, "method_not_allowed"),
    ],
)
def test_a_refusal_of_the_router_carries_the_request_id(
    method: str, path: str, status: int, code: str
) -> None:
    with TestClient(create_app(InMemoryEventStore())) as client:
        answer = client.request(method, path, headers={"X-Request-ID": "report-42"})
        assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
        assert answer.headers["x-request-id"] == "report-42"
        assert answer.json()["request_id"] == "report-42"
        # Without one of the caller's, a new id, quoted by the body as by the header.
        answer = client.request(method, path)
        new_id = answer.headers.get("x-request-id")
        assert new_id is not None and answer.json()["request_id"] == new_id


def test_a_routed_answer_carries_one_request_id() -> None:
    with TestClient(create_app(InMemoryEventStore())) as client:
        answer: Any = client.get("/rulesets", headers={"X-Request-ID": "report-43"})
        assert answer.headers.get_list("x-request-id") == ["report-43"]
        refused = client.get(f"/games/{GAME}")
        assert refused.headers.get_list("x-request-id") == [refused.json()["request_id"]]
