"""A player's games do not say `your_turn` while the seat to play is one they resigned.

From its resignation a seat is its bot's: its former holder's commands for it are
refused (409 `seat_resigned`), their view has no hand and no commands. Their games
list said `your_turn: true` for every turn of that bot, sending a client to a game
where the player can do nothing.
"""

from __future__ import annotations

from typing import Any

from http_players import open_table, player
from http_table import auth


def _entry(client: Any, token: str, game_id: str) -> dict[str, Any]:
    listed = client.get("/players/me/games", headers=auth(token))
    assert listed.status_code == 200, listed.text
    entry: dict[str, Any] = next(g for g in listed.json()["games"] if g["game_id"] == game_id)
    return entry


def test_the_resigned_seats_turn_is_not_its_former_holders(client: Any) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    table = open_table(client, ada, seed=7, rules={"rated": False})
    game_id = table["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).status_code == 201
    turn = client.get(f"/games/{game_id}").json()["view"]["turn"]
    holder = (ada, bob)[turn]
    assert _entry(client, holder["token"], game_id)["your_turn"] is True
    resigned = client.post(f"/games/{game_id}/resign", headers=auth(holder["token"]))
    assert resigned.status_code == 200, resigned.text
    # No worker beside a TestClient: the seat's bot has not played its turn yet.
    entry = _entry(client, holder["token"], game_id)
    assert entry["turn"] == turn
    assert entry["your_turn"] is False, entry
