"""A retry with the same `command_id` answers the original outcome at a hot-seat table too.

At a hot-seat table one player token acts for whichever of the player's seats is to
play. A seat's discard passes the turn to the player's other seat; a client that lost
the answer and sends the very same request again (same token, body and id, as the
contract says to after a 503 or a dropped connection) must get the first answer, not
409 `command_id_reused` (which says the id went with a *different* command).
"""

from __future__ import annotations

from http_players import open_table, player
from http_table import auth


def test_a_hot_seat_players_retry_gets_the_original_answer(client) -> None:  # type: ignore[no-untyped-def]
    host = player(client, "Ada")
    table = open_table(client, host, hot_seat=True, rules={"rated": False})
    game_id = table["game_id"]
    claimed = client.post(f"/games/{game_id}/seats/1", headers=auth(host["token"]))
    assert claimed.status_code == 201, claimed.text
    headers = auth(host["token"])
    drawn = client.post(
        f"/games/{game_id}/commands",
        json={"type": "draw", "source": "stock", "command_id": "draw-1"},
        headers=headers,
    )
    assert drawn.status_code == 200, drawn.text
    assert drawn.json()["view"]["seat"] == 0
    card = drawn.json()["view"]["hand"][0]
    discard = {"type": "discard", "card": card, "command_id": "discard-1"}
    first = client.post(f"/games/{game_id}/commands", json=discard, headers=headers)
    assert first.status_code == 200, first.text
    # The turn is now the player's other seat's. The same request again:
    again = client.post(f"/games/{game_id}/commands", json=discard, headers=headers)
    assert again.status_code == 200, again.text
    assert again.json() == first.json()
    # So is the draw before it, sent again.
    redrawn = client.post(
        f"/games/{game_id}/commands",
        json={"type": "draw", "source": "stock", "command_id": "draw-1"},
        headers=headers,
    )
    assert redrawn.status_code == 200, redrawn.text
    assert redrawn.json() == drawn.json()
