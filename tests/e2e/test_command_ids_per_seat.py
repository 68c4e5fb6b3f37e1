"""One seat's `command_id` is not another seat's: ids are the client's, per seat.

The contract: "send a `command_id` to retry safely: the same id with the same body
returns the original answer, with another body it is a 409 `command_id_reused`".
Nothing says the id must be unique across the table, yet the store files client ids
per game (`c:<id>`, the seat only in the body's digest). So two honest clients that
number their commands `1`, `2`, … (each its own counter) break each other: the
second seat's first command is refused 409 `command_id_reused`, as if it had sent
another command under its own id. An opponent can do it on purpose: send its own
accepted commands under the ids a predictable client will use next, and that
client's commands are refused.

Client ids are now filed per seat (`c:<seat>:<id>`); a refused retry also looks
under the key the previous release used (`c:<id>`), and a hot-seat player's retry
under each of their seats' keys.
"""

from __future__ import annotations

from typing import Any

import pytest
from http_table import auth, create

from service.app import commands


def test_two_seats_numbering_their_commands_alike_do_not_collide(client: Any) -> None:
    game = create(client)
    game_id = game["game_id"]
    turn = client.get(f"/games/{game_id}").json()["view"]["turn"]
    first, second = game["tokens"][str(turn)], game["tokens"][str(1 - turn)]
    drawn = client.post(
        f"/games/{game_id}/commands",
        json={"type": "draw", "source": "stock", "command_id": "1"},
        headers=auth(first),
    )
    assert drawn.status_code == 200, drawn.text
    card = drawn.json()["view"]["hand"][0]
    discarded = client.post(
        f"/games/{game_id}/commands",
        json={"type": "discard", "card": card, "command_id": "2"},
        headers=auth(first),
    )
    assert discarded.status_code == 200, discarded.text
    # The other seat's own command number 1:
    answer = client.post(
        f"/games/{game_id}/commands",
        json={"type": "draw", "source": "stock", "command_id": "1"},
        headers=auth(second),
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["view"]["seat"] == 1 - turn


def test_a_retry_finds_a_command_the_previous_release_filed_per_game(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = create(client)
    game_id = game["game_id"]
    turn = client.get(f"/games/{game_id}").json()["view"]["turn"]
    token = game["tokens"][str(turn)]
    draw = {"type": "draw", "source": "stock", "command_id": "before-the-upgrade"}
    # Filed as the previous release filed every client id: `c:<id>`, for the whole game.
    with monkeypatch.context() as previous_release:
        previous_release.setattr(
            commands, "command_key", lambda actor, command_id, seat=None: f"c:{command_id}"
        )
        first = client.post(f"/games/{game_id}/commands", json=draw, headers=auth(token))
    assert first.status_code == 200, first.text
    # The retry after the upgrade (a second draw would be refused now) gets its answer.
    retried = client.post(f"/games/{game_id}/commands", json=draw, headers=auth(token))
    assert retried.status_code == 200, retried.text
    assert retried.json() == first.json()
