"""The player a private table's rematch keeps a seat for may read that table.

A rematch of a private table is private, with a code of its own shown only to the
seat that asked for it. Every other player of the old game is asked back: their seat
is kept for them, they claim it with their own player token, no code needed, and the
old game's `rematch` (and its `rematch_offered` event) names the new table so that
"every client following it can follow on". Yet the new table's summary and events
answered them 404 `game_not_found`: a client could claim a seat at a table it was not
allowed to look at (its rules, who sits there, whether it has started).
"""

from __future__ import annotations

import random
from typing import Any

from http_players import open_table, player, problem
from http_table import auth, pick


def _finish(client: Any, game_id: str, tokens: dict[int, str]) -> None:
    rng = random.Random(1)
    for _ in range(3000):
        summary = client.get(f"/games/{game_id}", headers=auth(tokens[0])).json()
        if summary["status"] == "finished":
            return
        token = tokens[summary["view"]["turn"]]
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        command = pick(view["legal_commands"], rng)
        client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
    raise AssertionError("the game did not end")


def private_rematch(client: Any) -> tuple[str, str, dict[str, Any], dict[str, Any]]:
    """(the finished game, its rematch, the host Ada who asked for it, the guest Bo whose
    seat it keeps) of a private table of two."""
    host, guest = player(client, "Ada"), player(client, "Bo")
    table = open_table(client, host, private=True, rules={"game_end": "hands:1"})
    game_id, code = table["game_id"], table["invite_code"]
    joined = client.post(f"/games/{game_id}/seats/1?invite={code}", headers=auth(guest["token"]))
    assert joined.status_code == 201, joined.text
    _finish(client, game_id, {0: table["tokens"]["0"], 1: joined.json()["token"]})
    asked = client.post(f"/games/{game_id}/rematch", headers=auth(host["token"]))
    assert asked.status_code == 201, asked.text
    return game_id, asked.json()["game_id"], host, guest


def test_a_player_asked_back_reads_the_private_rematch(client: Any) -> None:
    game_id, rematch, _, guest = private_rematch(client)
    stranger = player(client, "Cy")
    old = client.get(f"/games/{game_id}", headers=auth(guest["token"])).json()
    assert old["rematch"] == rematch

    summary = client.get(f"/games/{rematch}", headers=auth(guest["token"]))
    assert summary.status_code == 200, summary.text
    assert summary.json()["status"] == "waiting"
    events = client.get(f"/games/{rematch}/events", headers=auth(guest["token"]))
    assert events.status_code == 200, events.text
    # Nobody else: the table stays private.
    problem(client.get(f"/games/{rematch}", headers=auth(stranger["token"])), 404, "game_not_found")
    problem(client.get(f"/games/{rematch}"), 404, "game_not_found")
