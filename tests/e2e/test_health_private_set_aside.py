"""`/health` names no private table's game among the steps set aside.

`set_aside` lists a worker's steps set aside after failing again and again, as
"<step>:<game id>", to anyone (no token). A private table's id is for its seats and
code holders only (a profile leaves its games out): set aside, it showed on the
public health page. It is left out there (still counted in `/metrics`'s
`rummy_games_set_aside`); a public table's stays named.
"""

from __future__ import annotations

import asyncio

from http_players import open_table, player
from litestar.testing import TestClient

from service.app.worker_metrics import WorkerMetrics
from service.http.app import create_app
from service.store import InMemoryEventStore
from service.store.shared_counters import InMemorySharedCounters


def test_a_private_tables_game_set_aside_is_not_named_on_the_health_page() -> None:
    counters = InMemorySharedCounters()
    with TestClient(create_app(InMemoryEventStore(), shared_counters=counters)) as client:
        host = player(client)
        public = open_table(client, host)["game_id"]
        private = open_table(client, host, private=True)["game_id"]
        metrics = WorkerMetrics(counters)
        for game_id in (public, private):
            asyncio.run(metrics.set_aside("league", game_id))
        health = client.get("/health").json()
        assert health["set_aside"] == [f"league:{public}"]
        assert private not in client.get("/health").text
        assert "rummy_games_set_aside 2" in client.get("/metrics").text
