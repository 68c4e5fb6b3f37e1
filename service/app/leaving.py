"""A leave of a waiting table and its first deal race on one compare-and-set per
claim of a seat (`leaving:<seat>@<claim>`): whoever sets it first decides whether the
seat goes back to the lobby or into the game."""

from __future__ import annotations

import asyncio
from typing import Protocol

from service.app.records import Game, MetaFacts
from service.store import EventStore

__all__ = ["LEAVE_WAITS", "LEAVE_WAIT_S", "LeaveMarks", "leave_field", "waited_for_leaves"]

# How long the dealer waits for a leave that won the seat's compare-and-set to write
# the seat's release (one round trip after it): tries, and the pause between them.
LEAVE_WAITS = 100
LEAVE_WAIT_S = 0.02


class LeaveMarks(Protocol):
    """What the marks need: the store, and the meta as it is now."""

    store: EventStore

    async def fresh_facts(self, game_id: str) -> MetaFacts: ...


def leave_field(facts: MetaFacts, seat: int) -> str:
    """The field of the seat's current claim that a leave and the first deal race on."""
    return f"leaving:{seat}@{facts.reopened.get(seat, 0)}"


async def waited_for_leaves(games: LeaveMarks, game: Game, facts: MetaFacts) -> bool:
    """The first deal's side (a start's, or the claim's that takes the last open seat),
    for each seat claimed from the lobby: the seat is dealt in (a leave from now on
    finds the table started), or its holder is leaving it. Then the dealer waits (a
    moment at most) for those leaves to write the seats' release, so the table deals
    as if they had left just before; whether there were any."""
    store = games.store
    leaving = [
        seat
        for seat, spec in enumerate(facts.info.seats)
        if spec.kind == "human"
        and spec.open
        and seat in facts.claimed
        and not await store.put_meta_if_absent(game.game_id, leave_field(facts, seat), b"start")
    ]
    if leaving:
        meta = await store.get_meta(game.game_id)
        # "start": the mark of an earlier dealer that did not deal; the seat is still held.
        leaving = [seat for seat in leaving if meta.get(leave_field(facts, seat)) == b"leave"]
    left = bool(leaving)
    for _ in range(LEAVE_WAITS):
        if not leaving:
            break
        await asyncio.sleep(LEAVE_WAIT_S)
        now = (await games.fresh_facts(game.game_id)).reopened
        leaving = [seat for seat in leaving if now.get(seat, 0) == facts.reopened.get(seat, 0)]
    return left
