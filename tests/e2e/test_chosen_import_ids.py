"""An import's chosen `game_id` never names a game the service made.

A private table does not exist for whoever is not at it (404 `game_not_found`), but
`POST /games/import?game_id=<its id>` answered 409 `game_exists` to anyone holding
only the id. The service draws its own ids as version-4 UUIDs; a chosen id must be
another 32-hex-digit id, so an id of the service's kind is refused the same way
(400 `invalid_parameter`) whether a game has it or not."""

from __future__ import annotations

import uuid
from typing import Any

import anyio
import pytest
from http_players import open_table, player, problem
from replay_play import finished_game

from service.app.games import GameService
from service.store import InMemoryEventStore


@pytest.fixture
def finished_log(client: Any, store: InMemoryEventStore) -> bytes:
    created = anyio.run(lambda: finished_game(GameService(store), 21))
    response = client.get(f"/games/{created.game_id}/log")
    assert response.status_code == 200
    return response.content


def test_an_outsider_cannot_learn_that_a_private_table_exists_by_importing_at_its_id(
    client: Any, finished_log: bytes
) -> None:
    ada = player(client, "Ada")
    private = open_table(client, ada, private=True, seed=4)["game_id"]
    problem(client.get(f"/games/{private}"), 404, "game_not_found")
    taken = client.post(f"/games/import?game_id={private}", content=finished_log)
    free = client.post(f"/games/import?game_id={uuid.uuid4().hex}", content=finished_log)
    for answer in (taken, free):
        assert problem(answer, 400, "invalid_parameter")["facts"]["parameters"] == ["game_id"]
    assert taken.json()["detail"] == free.json()["detail"]
    # The table is as it was.
    problem(client.get(f"/games/{private}"), 404, "game_not_found")


@pytest.mark.parametrize("chosen", ["ab" * 16, "0" * 12 + "4000" + "7" + "0" * 15, "f" * 32])
def test_any_other_32_hex_digit_id_may_be_chosen(
    client: Any, finished_log: bytes, chosen: str
) -> None:
    imported = client.post(f"/games/import?game_id={chosen}", content=finished_log)
    assert imported.status_code == 201, imported.text
    assert imported.json()["game_id"] == chosen
    # Once: an id clients choose names an imported (never private) game, seen by anyone.
    problem(
        client.post(f"/games/import?game_id={chosen}", content=finished_log), 409, "game_exists"
    )
    assert client.get(f"/games/{chosen}").status_code == 200
