"""A process serves a game's meta facts from memory for FACTS_TTL_S, then reads them
again: a seat renamed through another process shows within that long, and the crowd
asking at that moment shares one read."""

from __future__ import annotations

import asyncio

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
        facts, _ = await reader.known_facts(game_id)
        assert facts.names[0] == "Countess"

    anyio.run(scenario)


class CountingStore(InMemoryEventStore):
    """Counts meta reads, each taking a moment (a round trip) for others to arrive in."""

    def __init__(self) -> None:
        super().__init__()
        self.meta_reads = 0

    async def get_meta(self, game_id: str) -> dict[str, bytes]:
        self.meta_reads += 1
        await asyncio.sleep(0.01)
        return await super().get_meta(game_id)


def test_a_crowd_asking_once_the_time_is_up_costs_one_read() -> None:
    """Ten thousand watchers of a game in play: their facts expire at one moment, and
    each asks; one read of the store answers them all (one each held every pooled
    connection, and the game's own commands waited past their time: a 503)."""

    async def scenario() -> None:
        store = CountingStore()
        created = await GameService(store).create(seats=HUMANS, seed=1)
        clock = Clock()
        reader = GameReader(store, Projections(store), clock=clock)
        await reader.known_facts(created.game_id)
        await store.put_meta(created.game_id, {"name:0": b"Countess"})
        clock.now += FACTS_TTL_S + 0.1
        store.meta_reads = 0
        answers = await asyncio.gather(*(reader.known_facts(created.game_id) for _ in range(500)))
        assert store.meta_reads == 1
        assert {facts.names.get(0) for facts, _ in answers} == {"Countess"}

    anyio.run(scenario)


def test_a_waiting_tables_facts_are_read_by_each_caller() -> None:
    """Its seats change hands: a read begun before a seat was left would still let
    the old holder's token in."""

    async def scenario() -> None:
        store = CountingStore()
        open_seat = SeatSpec(kind="human", open=True)
        created = await GameService(store).create(seats=(HUMANS[0], open_seat), seed=1)
        reader = GameReader(store, Projections(store), clock=Clock())
        await reader.known_facts(created.game_id)
        store.meta_reads = 0
        await asyncio.gather(*(reader.known_facts(created.game_id) for _ in range(5)))
        assert store.meta_reads == 5

    anyio.run(scenario)


def test_a_new_games_remembered_facts_are_seated_by_its_log() -> None:
    """Remembered from before its first events (to know its tokens at once), a new
    game's facts are seated by those events once written: a command then reads them
    as they are, instead of seating them again from the meta on every write."""

    async def scenario() -> None:
        games = GameService(InMemoryEventStore())
        created = await games.create(seats=HUMANS, seed=1)
        facts, from_memory = await games.reader.known_facts(created.game_id)
        record = await games.projections.load(created.game_id)
        assert from_memory and record is not None
        assert facts.seating is not None and facts.seating == record.seating

    anyio.run(scenario)
