"""A leave that races the start leaves no seat of a started game open to strangers.

`DELETE /games/{id}/seats/{seat}` checks that the table waits, then writes the
vacated seat's fields (token, player, name cleared, its claim moved on). Nothing
ties that write to the log's version: when the host's start (`fill: bots`) runs in
between, the start sees the seat held (no bot for it) and deals it a hand; then the
leave's write opens the seat of a game in play. The lobby lists the active game
with an open seat, and anyone claims it: they hold a seat mid-hand and read the hand
dealt to the player who left (and that player, answered 204, believes they left a
waiting table).

The interleaving is made deterministic here by running the start inside the
leave's meta write; in production it is two requests a few milliseconds apart.
The fix belongs to the table's lifecycle in the log (issue 27): a leave decided and
appended through the one write path, so the start's append and the leave's
compare-and-set on the version, and one of them is refused.
"""

from __future__ import annotations

from typing import Any

import pytest
from http_players import open_table, player
from http_table import auth

from service.app.tables import caller_of, start
from service.store import InMemoryEventStore


@pytest.mark.xfail(
    strict=True,
    reason="leave writes the meta after its waiting check, unordered with the start's "
    "deal: a started game gets a holderless seat anyone can claim (issue 27's seam)",
)
def test_a_leave_racing_the_start_opens_no_seat_of_the_started_game(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, leaver, stranger = player(client, "Ada"), player(client, "Bo"), player(client, "Cy")
    game_id = open_table(client, host, 3)["game_id"]
    claimed = client.post(f"/games/{game_id}/seats/2", headers=auth(leaver["token"]))
    assert claimed.status_code == 201, claimed.text
    games = app.state.games
    original = store.put_meta

    async def start_first(target: str, fields: Any) -> None:
        # The host's start lands between the leave's check and its write.
        if target == game_id and "reopened:2" in fields:
            monkeypatch.setattr(store, "put_meta", original)
            await start(games, game_id, await caller_of(games, game_id, host["token"]), "bots", 2)
        await original(target, fields)

    monkeypatch.setattr(store, "put_meta", start_first)
    left = client.delete(f"/games/{game_id}/seats/2", headers=auth(leaver["token"]))
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "active"
    taken = client.post(f"/games/{game_id}/seats/2", headers=auth(stranger["token"]))
    assert taken.status_code == 409, (left.status_code, taken.text)
    # Seat 2 is played by the one who sat there, or by a bot: never by nobody.
    seat = summary["seats"][2]
    assert seat["claimed"] or seat["kind"] == "bot", seat
