"""A process serves a game's meta facts from memory for FACTS_TTL_S, then reads them
again: a seat renamed through another process shows within that long."""

from __future__ import annotations

import anyio

from service.app.games import GameService, SeatSpec
from service.app.projections import Projections
from service.app.reading import FACTS_TTL_S, GameReader
from service.store import InMemoryEventStore

HUMANS = (SeatSpec(kind="human"), SeatSpec(kind="human"))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_facts_renamed_elsewhere_show_once_their_time_in_memory_is_up() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        created = await GameService(store).create(seats=HUMANS, seed=1)
        game_id = created.game_id
        clock = Clock()
        reader = GameReader(store, Projections(store), clock=clock)
        facts, from_memory = await reader.known_facts(game_id)
        assert facts.names.get(0) is None and not from_memory
        # Another process renames seat 0: this one does not see the write.
        await store.put_meta(game_id, {"name:0": b"Countess"})
        clock.now += FACTS_TTL_S - 0.1
        facts, from_memory = await reader.known_facts(game_id)
        assert from_memory and facts.names.get(0) is None
        clock.now += 0.2
        facts, from_memory = await reader.known_facts(game_id)
        assert not from_memory and facts.names[0] == "Countess"

    anyio.run(scenario)
