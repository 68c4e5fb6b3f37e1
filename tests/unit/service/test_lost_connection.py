"""A request whose Redis connection another task closed is told to retry (503), not 500.

Seen in the many-nodes failover test: the cluster client closes every
connection to a lost master, and a request writing on one of them at that
moment got an AttributeError from inside redis-py, answered 500."""

from __future__ import annotations

from litestar import Litestar, get
from litestar.testing import TestClient
from redis.asyncio.connection import Connection

from service.http.problems import EXCEPTION_HANDLERS


@get("/closed-under-us")
async def closed_under_us() -> None:
    # What a disconnect by another task leaves: a connection with no writer.
    await Connection()._send_packed_command([b"*1\r\n$4\r\nPING\r\n"])


@get("/our-own-bug")
async def our_own_bug() -> None:
    missing = None
    missing.writelines([])  # type: ignore[attr-defined]


def _client() -> TestClient[Litestar]:
    app = Litestar([closed_under_us, our_own_bug], exception_handlers=EXCEPTION_HANDLERS)
    return TestClient(app)


def test_a_connection_closed_by_another_task_is_a_retryable_503() -> None:
    with _client() as client:
        answer = client.get("/closed-under-us")
    assert answer.status_code == 503
    assert answer.json()["code"] == "store_unavailable"
    assert answer.headers["retry-after"] == "1"


def test_the_same_error_in_the_services_own_code_stays_a_500() -> None:
    with _client() as client:
        answer = client.get("/our-own-bug")
    assert answer.status_code == 500
    assert answer.json()["code"] == "internal_error"
