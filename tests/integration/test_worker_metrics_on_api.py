"""Bot turns and timeouts played by a worker show on every API node's /metrics:
the worker counts them in Redis, the API reads them when scraped."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from litestar.testing import TestClient
from prometheus_text import Samples, parse, value
from redis.asyncio import Redis
from workers_table import auth, work, worker_app

from service.http.app import create_app
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.shared_counters import RedisSharedCounters


def _scrape(client: Any) -> Samples:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=0.0.4")
    return parse(response.text)


def _play_the_human_turn(client: Any, game_id: str, token: str) -> None:
    for _ in range(2):  # a draw, then a discard
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        legal = view["legal_commands"]
        command = legal[0] if view["phase"] == "draw" else legal[-1]
        answer = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        assert answer.status_code == 200, answer.text


def test_a_bot_turn_a_worker_plays_is_counted_on_every_api_node(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        before = _scrape(client)
        assert value(before, "rummy_bot_turns_total", level="2") == 0
        seats = [{"kind": "human"}, {"kind": "bot", "level": 2}]
        created = client.post("/games", json={"seats": seats, "preset": "duel", "seed": 5})
        game_id, token = created.json()["game_id"], created.json()["tokens"]["0"]
        if client.get(f"/games/{game_id}/view", headers=auth(token)).json()["turn"] == 0:
            _play_the_human_turn(client, game_id, token)
        # The bot's one turn, then the human's: nothing more for the worker.
        work(queue)
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        assert view["turn"] == 0 and view["phase"] == "draw"
        log = client.get(f"/games/{game_id}/events", params={"after": 0}).json()["events"]
        assert any(envelope["actor"] == "bot" for envelope in log)

        samples = _scrape(client)
        assert value(samples, "rummy_bot_turns_total", level="2") == 1
        assert value(samples, "rummy_bot_turn_seconds_count", level="2") == 1
        assert value(samples, "rummy_bot_turn_seconds_bucket", level="2", le="+Inf") == 1
        assert 0 < value(samples, "rummy_bot_turn_seconds_sum", level="2") < 60

        # Another API node over the same Redis reads the same totals.
        other = Redis.from_url(embedded_redis.url)
        second = create_app(
            RedisEventStore(other),
            shared_counters=RedisSharedCounters(other),
            on_shutdown=[other.aclose],
        )
        with TestClient(second) as second_client:
            seen = _scrape(second_client)
        assert value(seen, "rummy_bot_turns_total", level="2") == 1
        assert value(seen, "rummy_bot_turn_seconds_count", level="2") == 1


def test_a_turn_a_worker_times_out_is_counted(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        seats = [{"kind": "human"}, {"kind": "human"}]
        body = {"seats": seats, "preset": "duel", "seed": 4, "turn_time_limit_s": 1}
        game_id = client.post("/games", json=body).json()["game_id"]
        log = client.get(f"/games/{game_id}/events", params={"after": 0}).json()["events"]
        deadline = next(e for e in log if e["event"]["type"] == "turn_deadline_set")
        ends = datetime.fromisoformat(deadline["event"]["deadline"])
        # The timer's job is not due before the deadline; a burst worker runs what is due.
        time.sleep(max(0.0, (ends - datetime.now(UTC)).total_seconds()))
        for _ in range(20):
            work(queue)
            log = client.get(f"/games/{game_id}/events", params={"after": 0}).json()["events"]
            if any(e["event"]["type"] == "turn_timed_out" for e in log):
                break
            time.sleep(0.25)  # rq's scheduler keeps whole seconds: the job may be a tick late
        samples = _scrape(client)
        timed_out = [e for e in log if e["event"]["type"] == "turn_timed_out"]
        assert len(timed_out) == 1
        assert value(samples, "rummy_turn_timeouts_total") == 1
