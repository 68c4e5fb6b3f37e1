"""A crowd of watchers costs the store next to nothing once the game is known: each
page of events asks memory whether the game exists and how far it has got, not the
store. (At 10,000 watchers one API process sent the store two round trips a watcher
for every event, and the game's own commands waited past their time for a
connection: a 503.)"""

from __future__ import annotations

import collections

import anyio

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
