"""/health counts the worker's scheduler: with workers alive but no scheduler ticking,
turn timers never fire, and the service is not ready."""

from __future__ import annotations

from litestar.testing import TestClient

from service.http.app import create_app
from service.store import InMemoryEventStore


async def _one() -> int:
    return 1


async def _none() -> int:
    return 0


def test_health_is_503_naming_the_scheduler_when_none_ticks() -> None:
    app = create_app(InMemoryEventStore(), live_workers=_one, live_schedulers=_none)
    with TestClient(app) as client:
        answer = client.get("/health")
    assert answer.status_code == 503
    assert answer.json()["code"] == "worker_unavailable"
    assert answer.json()["facts"]["down"] == ["scheduler"]


def test_health_counts_the_live_scheduler() -> None:
    app = create_app(InMemoryEventStore(), live_workers=_one, live_schedulers=_one)
    with TestClient(app) as client:
        answer = client.get("/health")
    assert answer.status_code == 200
    assert answer.json()["workers"] == 1
    assert answer.json()["schedulers"] == 1
