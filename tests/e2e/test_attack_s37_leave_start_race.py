"""A leave that races the start leaves no seat of a started game open to strangers.

`DELETE /games/{id}/seats/{seat}` checks that the table waits, then writes the
vacated seat's fields (token, player, name cleared, its claim moved on). Nothing
ties that write to the log's version: when the host's start (`fill: bots`) runs in
between, the start sees the seat held (no bot for it) and deals it a hand; then the
leave's write opens the seat of a game in play. The lobby listed the active game
with an open seat, and anyone could claim it: a stranger held a seat mid-hand and
read the hand dealt to the player who left (who, answered 204, believes they left
a waiting table).

The interleaving is made deterministic here by running the start inside the
leave's meta write; in production it is two requests a few milliseconds apart.

Fixed: a seat of a started game is never claimed (409 `table_started`). Not fixed:
the seat stays without a holder (nobody plays it; with no turn time limit the game
waits for it forever). That belongs to the table's lifecycle in the log (issue 27):
a leave decided and appended through the one write path, so that the start's append
and the leave's compare-and-set on the version, and one of them is refused. A
compensating write in `leave` (restore the seat's fields when the start won) is not
enough: a `fill: remove` start renumbers those very fields in between.
"""

from __future__ import annotations

from typing import Any

import pytest
from http_players import open_table, player, problem
from http_table import auth

from service.app.tables import caller_of, start
from service.store import InMemoryEventStore


def _raced(client: Any, app: Any, store: InMemoryEventStore, monkeypatch: Any) -> str:
    """A table whose seat 2's holder left while the host started it (fill: bots)."""
    host, leaver = player(client, "Ada"), player(client, "Bo")
    game_id: str = open_table(client, host, 3)["game_id"]
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
    client.delete(f"/games/{game_id}/seats/2", headers=auth(leaver["token"]))
    assert client.get(f"/games/{game_id}").json()["status"] == "active"
    return game_id


def test_a_stranger_cannot_claim_the_seat_a_raced_leave_opened(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = _raced(client, app, store, monkeypatch)
    stranger = player(client, "Cy")
    taken = client.post(f"/games/{game_id}/seats/2", headers=auth(stranger["token"]))
    problem(taken, 409, "table_started")
    anonymous = client.post(f"/games/{game_id}/seats/2")
    problem(anonymous, 409, "table_started")


@pytest.mark.xfail(
    strict=True,
    reason="leave writes the meta after its waiting check, unordered with the start's "
    "deal: the started game keeps a seat nobody holds (issue 27's seam)",
)
def test_a_leave_racing_the_start_leaves_every_seat_played(
    client: Any, app: Any, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = _raced(client, app, store, monkeypatch)
    seat = client.get(f"/games/{game_id}").json()["seats"][2]
    # Seat 2 is played by the one who sat there, or by a bot: never by nobody.
    assert seat["claimed"] or seat["kind"] == "bot", seat
