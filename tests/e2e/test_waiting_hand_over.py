"""A seat is handed to a bot only once the table plays, never while it waits.

While a table waited, the holder of a seat could hand it to a bot
(`POST /games/{id}/seats/{seat}/bot`), then leave it. The bot stayed with the seat,
not with its holder: whoever claimed the seat next started the game with a level-4
bot playing their cards (`controllers[seat]` `autopilot`), which they never asked
for. A table that waits has no cards to play: the hand-over is refused (409
`hand_not_started`), and no seat of a started table carries a bot its holder did
not ask for.
"""

from __future__ import annotations

from typing import Any

from http_players import open_table, player, problem
from http_table import auth


def test_a_waiting_seat_is_not_handed_to_a_bot(client: Any) -> None:
    host, leaver, newcomer = player(client, "Ada"), player(client, "Bo"), player(client, "Cy")
    game_id = open_table(client, host, 3)["game_id"]
    claimed = client.post(f"/games/{game_id}/seats/1", headers=auth(leaver["token"]))
    assert claimed.status_code == 201, claimed.text
    handed = client.post(
        f"/games/{game_id}/seats/1/bot", json={"level": 4}, headers=auth(leaver["token"])
    )
    problem(handed, 409, "hand_not_started")

    # Whatever the leaver tried, the next holder of the seat plays it themselves.
    left = client.delete(f"/games/{game_id}/seats/1", headers=auth(leaver["token"]))
    assert left.status_code == 204, left.text
    assert (
        client.post(f"/games/{game_id}/seats/1", headers=auth(newcomer["token"])).status_code == 201
    )
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(host["token"])
    )
    assert started.status_code == 200, started.text
    view = client.get(f"/games/{game_id}/view", headers=auth(newcomer["token"])).json()
    assert view["seat"] == 1
    assert view["controllers"][1] == {"kind": "human", "level": None}
    kinds = [
        event["event"]["type"] for event in client.get(f"/games/{game_id}/events").json()["events"]
    ]
    assert "seat_control_changed" not in kinds
