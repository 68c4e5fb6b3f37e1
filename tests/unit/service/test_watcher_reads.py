"""A crowd of watchers costs the store next to nothing once the game is known: each
page of events asks memory whether the game exists and how far it has got, not the
store. (At 10,000 watchers one API process sent the store two round trips a watcher
for every event, and the game's own commands waited past their time for a
connection: a 503.)"""

from __future__ import annotations

import collections

import anyio

from service.app.game_record import advance, encode_state
from service.app.games import GameService, SeatSpec
from service.app.projections import Projections
from service.app.reading import GameReader
from service.store import InMemoryEventStore

HUMANS = (SeatSpec(kind="human"), SeatSpec(kind="human"))
WATCHERS = 300


class CountingStore(InMemoryEventStore):
    """Counts the round trips a reader asks of the store."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: collections.Counter[str] = collections.Counter()

    async def exists(self, game_id: str) -> bool:
        self.calls["exists"] += 1
        return await super().exists(game_id)

    async def snapshot(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.calls["snapshot"] += 1
        return await super().snapshot(*args, **kwargs)


def test_watchers_at_the_head_of_a_game_ask_the_store_once_between_them() -> None:
    async def scenario() -> None:
        store = CountingStore()
        created = await GameService(store).create(seats=HUMANS, seed=1)
        reader = GameReader(store, Projections(store))
        head = created.version
        for _ in range(WATCHERS):
            # Each watcher in turn: has the game ended at the head? (a long poll's
            # first question), then its page of what came.
            assert not await reader.finished(created.game_id, through=head)
            version, events = await reader.events(
                created.game_id, None, after=head - 1, wait_s=0, limit=10
            )
            assert version == head and [e.version for e in events] == [head]
        assert store.calls["exists"] <= 1
        assert store.calls["snapshot"] <= 1

    anyio.run(scenario)


def test_whether_a_game_is_over_now_is_the_stores_word() -> None:
    """Without a version to be as new as, memory is not asked: it may be behind."""

    async def scenario() -> None:
        store = CountingStore()
        created = await GameService(store).create(seats=HUMANS, seed=1)
        reader = GameReader(store, Projections(store))
        for _ in range(3):
            assert not await reader.finished(created.game_id)
        assert store.calls["snapshot"] == 3

    anyio.run(scenario)


def test_a_crowd_woken_by_an_event_folds_it_into_the_record_it_remembers() -> None:
    """Watchers are woken by an event before the command that appended it remembers
    its record: the first of them folds the event into the record this process
    remembers, and no watcher waits for the store's copy."""

    async def scenario() -> None:
        store = CountingStore()
        games = GameService(store)
        created = await games.create(seats=HUMANS, seed=1)
        game_id, head = created.game_id, created.version
        log = await games.log(game_id)
        before = None
        for envelope in log[:-1]:
            before = advance(before, envelope)
        assert before is not None and before.version == head - 1
        projections = Projections(store)
        projections.remember(game_id, before)
        reader = GameReader(store, projections)
        store.calls.clear()
        for _ in range(WATCHERS):
            version, events = await reader.events(game_id, None, after=head - 1, wait_s=0, limit=10)
            assert version == head and [e.version for e in events] == [head]
        assert store.calls["snapshot"] == 0
        folded = projections.remembered(game_id)
        loaded = await Projections(store).load(game_id)
        assert folded is not None and loaded is not None
        assert encode_state(folded) == encode_state(loaded)
        # A gap between what it remembers and the events read: the store answers.
        assert projections.caught_up(game_id, log[-1:]) is folded
        projections.forget(game_id)
        projections.remember(game_id, advance(None, log[0]))
        assert projections.caught_up(game_id, log[2:]) is None

    anyio.run(scenario)
