"""A lobby page read just as a run of tables expires still lists the tables after them.

The lobby drops an expired table from its index as it reads past it. Dropped in the
middle of a read, the tables behind moved up by as many places, and the read went on
at the places it had planned: a page of expired tables answered empty (and a filtered
one missed as many of the tables after them), though live tables waited behind."""

from __future__ import annotations

import time
from typing import Any

from http_table import create
from litestar.testing import TestClient

from service.http.app import create_app
from service.runtime.settings import Settings
from service.store import InMemoryEventStore

TTL_S = 0.2
OPEN = [{"kind": "human"}, {"kind": "human", "open": True}]


def _listed(client: TestClient[Any], **params: Any) -> list[str]:
    page = client.get("/games", params={"status": "waiting", **params})
    assert page.status_code == 200, page.text
    return [line["game_id"] for line in page.json()["games"]]


def test_a_page_of_tables_just_expired_lists_the_live_ones_behind_them() -> None:
    store = InMemoryEventStore()
    lasting = Settings(waiting_table_ttl_s=0, rate_limit_create="off")  # never expires
    expiring = Settings(waiting_table_ttl_s=TTL_S, rate_limit_create="off")
    with TestClient(create_app(store, settings=lasting)) as client:
        live = [create(client, preset="basic", seats=OPEN)["game_id"] for _ in range(3)]
    with TestClient(create_app(store, settings=expiring)) as client:
        # Newer, so listed first: a whole page of them, and a filtered scan's page too.
        for _ in range(101):
            create(client, preset="basic", seats=OPEN)
        time.sleep(TTL_S * 1.5)
        assert _listed(client, limit=100) == live[::-1]
    with TestClient(create_app(store, settings=expiring)) as client:
        for _ in range(101):
            create(client, preset="basic", seats=OPEN)
        time.sleep(TTL_S * 1.5)
        assert _listed(client, limit=100, preset="basic") == live[::-1]
