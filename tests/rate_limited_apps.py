"""API processes stood in for by apps in this process, limited as `rummy serve` limits."""

from __future__ import annotations

import time
from typing import Any

from litestar.testing import TestClient

from service.http.app import create_app
from service.http.rate_limits import KINDS, rate_limit_storage
from service.runtime.settings import Settings
from service.store import InMemoryEventStore

# A test's requests fit in this long, however loaded the machine.
WINDOW_MARGIN_S = 15.0


def limited(**limits: str) -> Settings:
    """Settings with these limits (`rate_limit_create="3/minute"`) and every other one off,
    given once at least WINDOW_MARGIN_S are left in the current minute: the limiter counts
    by the clock's minutes, sliding, so a minute that turns mid-test lets part of the
    last one's count go (a loaded suite saw a request pass that the test counts over)."""
    left = 60.0 - time.time() % 60.0
    if left < WINDOW_MARGIN_S:
        time.sleep(left + 0.1)
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
