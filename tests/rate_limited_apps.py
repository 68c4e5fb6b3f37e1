"""API processes stood in for by apps in this process, limited as `rummy serve` limits."""

from __future__ import annotations

from typing import Any

from litestar.testing import TestClient

from service.http.app import create_app
from service.http.rate_limits import KINDS, rate_limit_storage
from service.runtime.settings import Settings
from service.store import InMemoryEventStore


def limited(**limits: str) -> Settings:
    """Settings with these limits (`rate_limit_create="3/minute"`) and every other one off."""
    return Settings(**{**{f"rate_limit_{kind}": "off" for kind in KINDS}, **limits})


def apps_counting_in(redis_url: str, settings: Settings, count: int = 2) -> list[TestClient[Any]]:
    """`count` apps, each with its own store, whose rate-limit counts share `redis_url`."""
    return [
        TestClient(
            create_app(
                InMemoryEventStore(),
                settings=settings,
                rate_counts=rate_limit_storage(redis_url),
            )
        )
        for _ in range(count)
    ]
