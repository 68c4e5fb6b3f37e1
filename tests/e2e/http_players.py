"""Helpers of the player and table tests: players, tables with open seats, problems, play."""

from __future__ import annotations

import random
from typing import Any

from http_table import auth, pick
from litestar.testing import TestClient

Client = TestClient[Any]


def problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["code"] == code, body
    return body


def player(client: Client, name: str | None = "Ada", **body: Any) -> dict[str, Any]:
    if name is not None:
        body["name"] = name
    response = client.post("/players", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def open_table(client: Client, host: dict[str, Any], count: int = 2, **body: Any) -> dict[str, Any]:
    """A table of `count` seats: the first the host's, the others open (unless `seats`)."""
    body.setdefault("seats", [{"kind": "human"}] + [{"kind": "human", "open": True}] * (count - 1))
    response = client.post("/games", json=body, headers=auth(host["token"]))
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def play_one(
    client: Client, game_id: str, tokens: dict[int, str], rng: random.Random
) -> dict[str, Any]:
    """One legal command of the seat whose turn it is, by that seat's token."""
    turn = client.get(f"/games/{game_id}").json()["view"]["turn"]
    view = client.get(f"/games/{game_id}/view", headers=auth(tokens[turn])).json()
    command = pick(view["legal_commands"], rng)
    answer = client.post(f"/games/{game_id}/commands", json=command, headers=auth(tokens[turn]))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def play_hand(client: Client, game_id: str, tokens: dict[int, str], seed: int) -> int:
    """Legal play until the first hand ends; the commands it took."""
    rng = random.Random(seed)
    for step in range(3000):
        result = play_one(client, game_id, tokens, rng)
        if result["view"]["hand_number"] > 1 or result["view"]["phase"] == "over":
            return step + 1
    raise AssertionError(f"seed {seed}: the hand did not end")
