"""A 503 does not say the command was not applied: the store may have written it
and lost the reply (a Redis that hung, then resumed). Resending the same body
with the same `command_id` is always safe: it returns the original answer and
plays nothing twice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import redis.exceptions
from http_table import auth, create
from litestar import Litestar
from litestar.testing import TestClient

from service.http.app import create_app
from service.store import InMemoryEventStore


class _RepliesLost(InMemoryEventStore):
    """Writes every append, then, while `losing`, loses the reply as a hung Redis does."""

    losing = False

    async def append(self, *args: Any, **kwargs: Any) -> Any:
        written = await super().append(*args, **kwargs)
        if self.losing:
            raise redis.exceptions.TimeoutError("Timeout reading from socket")
        return written


@pytest.fixture
def flaky() -> _RepliesLost:
    return _RepliesLost()


@pytest.fixture
def flaky_client(flaky: _RepliesLost) -> Iterator[TestClient[Litestar]]:
    with TestClient(create_app(flaky)) as client:
        yield client


def test_a_command_answered_503_may_be_applied_and_its_resend_returns_the_original_answer(
    flaky: _RepliesLost, flaky_client: TestClient[Litestar]
) -> None:
    game = create(flaky_client, seed=7)
    summary = flaky_client.get(f"/games/{game['game_id']}").json()
    game_id, before = game["game_id"], summary["version"]
    owner = auth(game["tokens"][str(summary["view"]["turn"])])
    body = {"type": "draw", "source": "stock", "command_id": "draw-after-a-hang"}

    flaky.losing = True
    lost = flaky_client.post(f"/games/{game_id}/commands", json=body, headers=owner)
    flaky.losing = False
    assert (lost.status_code, lost.json()["code"]) == (503, "store_unavailable")
    assert lost.headers["retry-after"]
    # Applied all the same: the store wrote it before the reply was lost.
    assert flaky_client.get(f"/games/{game_id}").json()["version"] == before + 1

    resent = flaky_client.post(f"/games/{game_id}/commands", json=body, headers=owner)
    assert resent.status_code == 200, resent.text
    assert resent.json()["version"] == before + 1
    assert flaky_client.get(f"/games/{game_id}").json()["version"] == before + 1
    again = flaky_client.post(f"/games/{game_id}/commands", json=body, headers=owner)
    assert again.json() == resent.json()


def test_the_contract_says_a_503_may_have_been_applied(client: TestClient[Litestar]) -> None:
    document = client.get("/schema/openapi.json").json()
    commands = document["paths"]["/games/{game_id}/commands"]["post"]
    assert "may have been applied" in commands["responses"]["503"]["description"]
    assert "command_id" in commands["responses"]["503"]["description"]
