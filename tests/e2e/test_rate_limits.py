"""Rate limits per client: creation and commands past their limit get 429 `rate_limited`."""

from __future__ import annotations

from litestar.testing import TestClient

from service.http.app import create_app
from service.runtime.settings import Settings, settings_from_env
from service.store import InMemoryEventStore


def _client(**limits: str) -> TestClient:  # type: ignore[type-arg]
    settings = Settings(**{"rate_limit_create": "off", "rate_limit_commands": "off", **limits})
    return TestClient(create_app(InMemoryEventStore(), settings=settings))


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
