"""Fixtures for the HTTP tests: an app over the in-memory store, and its test client."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from litestar import Litestar, Request, Response
from litestar.testing import TestClient
from problem_documents import Answered, documented_codes, fits_its_facts

from service.http.app import create_app
from service.http.openapi_operations import OPERATIONS
from service.http.problems import EXCEPTION_HANDLERS
from service.store import InMemoryEventStore


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def store() -> InMemoryEventStore:
    return InMemoryEventStore()


@pytest.fixture
def app(store: InMemoryEventStore) -> Litestar:
    return create_app(store)


@pytest.fixture
def client(app: Litestar) -> Iterator[TestClient[Litestar]]:
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture(autouse=True)
def answered_problems(monkeypatch: pytest.MonkeyPatch) -> Iterator[Answered]:
    """Record each problem the apps made in this test answered, and fail the test when an
    operation answered a code its documented problems do not list, or a code's facts
    without the fields its facts schema says are always sent."""
    answered: Answered = []
    facts_sent: list[tuple[str, dict[str, Any]]] = []
    for kind, handler in list(EXCEPTION_HANDLERS.items()):
        monkeypatch.setitem(EXCEPTION_HANDLERS, kind, _recording(handler, answered, facts_sent))
    yield answered
    if record := os.environ.get("RECORD_PROBLEMS"):
        with open(record, "a") as out:
            out.writelines(f"{op} {status} {code}\n" for op, status, code in answered)
    unlisted = sorted({seen for seen in answered if seen[2] not in documented_codes(seen[0])})
    assert not unlisted, f"codes answered but not in the operation's document: {unlisted}"
    misfits = [(code, facts) for code, facts in facts_sent if not fits_its_facts(code, facts)]
    assert not misfits, f"facts that do not fit their code's facts schema: {misfits}"


def _recording(
    handler: Any, answered: Answered, facts_sent: list[tuple[str, dict[str, Any]]]
) -> Any:
    def recorded(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
        response = handler(request, exc)
        template = request.scope.get("path_template", "")
        operation = OPERATIONS.get((request.method.lower(), template))
        body = response.content
        if operation is not None and isinstance(body, bytes):
            problem = msgspec.json.decode(body)
            answered.append((operation[0], response.status_code, str(problem.get("code"))))
            if problem.get("facts") is not None:
                facts_sent.append((str(problem.get("code")), problem["facts"]))
        return response

    return recorded
