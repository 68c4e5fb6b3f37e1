"""A game whose meta holds a name, a player or a host that is no text (or a seat that is
no number) still reads: such a value names nobody, and the game is not a 500 on every
route. Neither release writes one; a record edited by hand, or an earlier release's
that `rummy upgrade` kept as it was (the creator's `name:<seat>` and `player:<seat>`
are today's fields too), did."""

from __future__ import annotations

import anyio
from http_players import open_table, player
from http_table import auth
from litestar import Litestar
from litestar.testing import TestClient

from service.store import InMemoryEventStore


def test_a_game_with_a_name_or_player_that_is_no_text_still_reads(
    client: TestClient[Litestar], store: InMemoryEventStore
) -> None:
    ada = player(client, "Ada")
    game_id = open_table(client, ada, 3, rules={"rated": False})["game_id"]
    fields = {
        "name:0": b"\xff\xfe",
        "player:2": b"\xff",
        "name:x": b"Eve",
        "host_player": b"\xc0",
    }
    anyio.run(store.put_meta, game_id, fields)
    for path in (f"/games/{game_id}", f"/games/{game_id}/states/1"):
        answer = client.get(path)
        assert answer.status_code == 200, answer.text
    listed = client.get("/games", params={"status": "waiting"})
    assert listed.status_code == 200, listed.text
    mine = client.get("/players/me/games", headers=auth(ada["token"]))
    assert mine.status_code == 200, mine.text
