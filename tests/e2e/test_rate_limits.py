"""Rate limits per client: creation and commands past their limit get 429 `rate_limited`."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from http_players import open_table, player, problem
from http_table import auth
from litestar.testing import TestClient
from rate_limited_apps import apps_counting_in, limited

from service.http.app import create_app
from service.http.rate_limits import rate_limit_storage
from service.runtime.settings import settings_from_env
from service.store import InMemoryEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.tools.serve_process import free_port


def _client(**limits: str) -> TestClient:  # type: ignore[type-arg]
    return TestClient(create_app(InMemoryEventStore(), settings=limited(**limits)))


def _game(client: TestClient) -> tuple[str, str]:  # type: ignore[type-arg]
    created = client.post("/games", json={"seats": [{"kind": "human"}] * 2, "preset": "duel"})
    assert created.status_code == 201, created.text
    body = created.json()
    return body["game_id"], body["tokens"]["0"]


def test_creation_past_its_limit_is_refused_with_retry_after() -> None:
    with _client(rate_limit_create="3/minute") as client:
        for _ in range(3):
            _game(client)
        refused = client.post("/games", json={"seats": [{"kind": "human"}] * 2})
        assert refused.status_code == 429
        assert refused.headers["content-type"].startswith("application/problem+json")
        assert refused.json()["code"] == "rate_limited"
        assert refused.json()["facts"]["kind"] == "create"
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        # Refused before any route ran, it carries its request id all the same.
        assert refused.json()["request_id"] == refused.headers["x-request-id"]
        # Reads are not limited.
        assert client.get("/health").status_code == 200


def test_player_creation_counts_against_the_creation_limit() -> None:
    # A guest per request would fill the store as games would.
    with _client(rate_limit_create="3/minute") as client:
        for _ in range(2):
            assert client.post("/players", json={"guest": True}).status_code == 201
        _game(client)
        refused = client.post("/players", json={"guest": True})
        assert refused.status_code == 429 and refused.json()["facts"]["kind"] == "create"
        assert "retry-after" in refused.headers
        # Players and games share the one count.
        assert client.post("/games", json={"seats": [{"kind": "human"}] * 2}).status_code == 429


def test_commands_past_their_limit_are_refused_and_write_nothing() -> None:
    with _client(rate_limit_commands="2/minute") as client:
        game_id, token = _game(client)
        headers = {"Authorization": f"Bearer {token}"}
        before = client.get(f"/games/{game_id}").json()["version"]
        answers = [
            client.post(
                f"/games/{game_id}/commands",
                json={"type": "draw", "source": "stock"},
                headers=headers,
            ).status_code
            for _ in range(3)
        ]
        # The first is played, the second refused by the rules, the third by the limit.
        assert answers[0] == 200 and answers[2] == 429, answers
        assert client.get(f"/games/{game_id}").json()["version"] == before + 1


def test_the_served_settings_limit_by_default_and_can_be_turned_off() -> None:
    served = settings_from_env({})
    assert served.rate_limit_create != "off" and served.rate_limit_commands != "off"
    off = settings_from_env({"RATE_LIMIT_CREATE": "off", "RATE_LIMIT_COMMANDS": ""})
    assert off.rate_limit_create == off.rate_limit_commands == "off"
    assert settings_from_env({"RATE_LIMIT_CREATE": "5/second"}).rate_limit_create == "5/second"


# Each route a client could call in a loop, and the budget it spends.
_LIMITED_ROUTES = [
    ("POST", "/games/{game_id}/tickets", "writes"),
    ("POST", "/games/{game_id}/seats/1", "writes"),
    ("POST", "/games/{game_id}/seats/0/bot", "writes"),
    ("POST", "/games/{game_id}/rematch", "create"),
    ("PATCH", "/players/me", "renames"),
    ("GET", "/players/me/games", "reads"),
    # A wait polls the league for up to 20 s: a loop of them is a costly read.
    ("GET", "/games/{game_id}/ratings?wait=20", "reads"),
]


@pytest.mark.parametrize(("method", "path", "kind"), _LIMITED_ROUTES)
def test_every_write_and_costly_read_is_refused_past_its_budget(
    method: str, path: str, kind: str
) -> None:
    with _client(**{f"rate_limit_{kind}": "5/minute"}) as client:
        host = player(client)
        table = open_table(client, host)
        # The player and the table spent two of the creation budget.
        budget = 3 if kind == "create" else 5
        url = path.format(game_id=table["game_id"])
        body = {"name": "Bea"} if method == "PATCH" else None
        answers = [
            client.request(method, url, json=body, headers=auth(host["token"])).status_code
            for _ in range(budget + 1)
        ]
        # Whatever the first ones answer (a seat already taken is a 409), they count.
        assert 429 not in answers[:budget] and answers[budget] == 429, answers
        refused = client.request(method, url, json=body, headers=auth(host["token"]))
        body_of = problem(refused, 429, "rate_limited")
        assert body_of["facts"]["kind"] == kind
        assert int(refused.headers["retry-after"]) >= 1


def test_cheap_reads_are_not_limited() -> None:
    with _client(rate_limit_reads="1/minute") as client:
        host = player(client)
        table = open_table(client, host)
        for _ in range(5):
            assert client.get(f"/games/{table['game_id']}").status_code == 200
            assert client.get("/health").status_code == 200


def test_two_api_processes_over_one_redis_spend_one_budget(tmp_path: Path) -> None:
    with EmbeddedRedis(tmp_path / "redis") as redis:
        first, second = apps_counting_in(redis.url, limited(rate_limit_create="3/minute"))
        with first, second:
            answers = [
                client.post("/players", json={"guest": True}).status_code
                for client in (first, second, first, second)
            ]
    assert answers == [201, 201, 201, 429]


def test_requests_go_on_when_the_counts_cannot_be_reached() -> None:
    # The store answers for itself; a limit must not turn an outage into a larger one.
    app = create_app(
        InMemoryEventStore(),
        settings=limited(rate_limit_create="1/minute"),
        rate_counts=rate_limit_storage(f"redis://127.0.0.1:{free_port()}/0"),
    )
    with TestClient(app) as client:
        answers = [client.post("/players", json={"guest": True}).status_code for _ in range(2)]
    assert answers == [201, 201]


def test_requests_go_on_when_the_counts_hang(tmp_path: Path) -> None:
    with EmbeddedRedis(tmp_path / "redis") as redis:
        (client,) = apps_counting_in(redis.url, limited(rate_limit_create="1/minute"), count=1)
        with client:
            assert client.post("/players", json={"guest": True}).status_code == 201
            os.kill(redis.pid, signal.SIGSTOP)
            try:
                # Past the counts' socket timeout the request is let through: not held.
                hung = client.post("/players", json={"guest": True}, timeout=30)
            finally:
                os.kill(redis.pid, signal.SIGCONT)
            assert hung.status_code == 201
            assert client.post("/players", json={"guest": True}).status_code == 429
