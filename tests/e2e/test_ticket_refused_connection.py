"""A live channel refused when it opens leaves its ticket unspent.

A ticket stands for one connection. A resume past the log (`after`, or Last-Event-ID,
beyond the game's version: 409 `after_beyond_log`) opened none, but spent the ticket
all the same: the client, told the version to resume from, retried with it and got a
401 `invalid_ticket`, and had to ask for another ticket to learn nothing new. As a
ticket shown to another game's channel (`test_ticket_other_game.py`), it now stays
good for the one connection that opens.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from http_table import auth, create
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]
TWO_HUMANS: dict[str, Any] = {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3}


def _long_poll(client: Client, game_id: str, ticket: str, beyond: int) -> None:
    refused = client.get(f"/games/{game_id}/events", params={"ticket": ticket, "after": beyond})
    assert (refused.status_code, refused.json()["code"]) == (409, "after_beyond_log")


def _event_stream(client: Client, game_id: str, ticket: str, beyond: int) -> None:
    refused = client.get(
        f"/games/{game_id}/events/stream",
        params={"ticket": ticket},
        headers={"Last-Event-ID": str(beyond)},
    )
    assert (refused.status_code, refused.json()["code"]) == (409, "after_beyond_log")


def _web_socket_url(client: Client, game_id: str, ticket: str, beyond: int) -> None:
    with client.websocket_connect(f"/games/{game_id}/live?ticket={ticket}&after={beyond}") as ws:
        refused = json.loads(ws.receive_text())
    assert refused["problem"]["code"] == "after_beyond_log", refused


def _web_socket_hello(client: Client, game_id: str, ticket: str, beyond: int) -> None:
    with client.websocket_connect(f"/games/{game_id}/live") as ws:
        ws.send_text(json.dumps({"ticket": ticket, "after": beyond}))
        refused = json.loads(ws.receive_text())
    assert refused["problem"]["code"] == "after_beyond_log", refused


@pytest.mark.parametrize(
    "refused_on", [_long_poll, _event_stream, _web_socket_url, _web_socket_hello]
)
def test_a_connection_refused_past_the_log_leaves_the_ticket_for_the_next(
    client: Client, refused_on: Callable[[Client, str, str, int], None]
) -> None:
    game = create(client, **TWO_HUMANS)
    game_id, version = game["game_id"], game["version"]
    ticket = client.post(f"/games/{game_id}/tickets", headers=auth(game["tokens"]["0"])).json()
    refused_on(client, game_id, ticket["ticket"], version + 5)
    # Resumed where the refusal said, with the same ticket: the seat's own hand shows.
    resumed = client.get(
        f"/games/{game_id}/events", params={"ticket": ticket["ticket"], "after": version - 1}
    )
    assert resumed.status_code == 200, resumed.text
    [deal] = resumed.json()["events"]
    assert deal["event"]["hands"][0] is not None and deal["event"]["hands"][1] is None
    # That connection spent it.
    again = client.get(f"/games/{game_id}/events", params={"ticket": ticket["ticket"]})
    assert (again.status_code, again.json()["code"]) == (401, "invalid_ticket")
