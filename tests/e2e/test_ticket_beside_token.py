"""A live channel given a ticket and a token together is refused, 400
`ambiguous_credentials`, and the ticket is not spent.

The channel quietly took the ticket and dropped the token: a client holding one
seat's ticket and another seat's (or another game's) token was shown one of them
without being told which."""

from __future__ import annotations

import json
from typing import Any

import pytest
from http_players import problem
from http_table import auth, create

TWO_HUMANS: dict[str, Any] = {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3}


def _ticket(client: Any, game: dict[str, Any], seat: str) -> str:
    answer = client.post(f"/games/{game['game_id']}/tickets", headers=auth(game["tokens"][seat]))
    ticket: str = answer.json()["ticket"]
    return ticket


@pytest.mark.parametrize("route", ["events", "events/stream"])
@pytest.mark.parametrize("token_seat", ["0", "1"])
def test_a_ticket_beside_a_bearer_token_is_refused_and_kept(
    client: Any, route: str, token_seat: str
) -> None:
    game = create(client, **TWO_HUMANS)
    ticket = _ticket(client, game, "0")
    url = f"/games/{game['game_id']}/{route}"
    both = client.get(url, params={"ticket": ticket}, headers=auth(game["tokens"][token_seat]))
    problem(both, 400, "ambiguous_credentials")
    # Not spent: the ticket alone opens the channel once.
    assert client.get(f"/games/{game['game_id']}/events", params={"ticket": ticket}).is_success


def test_a_first_message_with_a_ticket_and_a_token_is_refused(client: Any) -> None:
    game = create(client, **TWO_HUMANS)
    ticket = _ticket(client, game, "0")
    with client.websocket_connect(f"/games/{game['game_id']}/live") as socket:
        socket.send_text(json.dumps({"ticket": ticket, "token": game["tokens"]["1"]}))
        refused = json.loads(socket.receive_text())
    assert refused["type"] == "error" and refused["problem"]["code"] == "ambiguous_credentials"
    assert refused["problem"]["status"] == 400
    assert client.get(f"/games/{game['game_id']}/events", params={"ticket": ticket}).is_success
