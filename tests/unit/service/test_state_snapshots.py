"""States at a version from snapshots: equal to a replay from the first event, and
never more than a stride of events read for one version once the snapshots exist."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from domain.game import replay
from domain.rules import build_ruleset
from service.app.games import GameService
from service.app.snapshots import STRIDE, StateSnapshots
from service.logs.logfile import write_log
from service.logs.transfers import GameTransfers
from service.store import InMemoryEventStore
from service.store.base import StoredEvent
from service.tools.simulated_logs import simulated_log


class CountingStore(InMemoryEventStore):
    """Counts the events each read returns."""

    def __init__(self) -> None:
        super().__init__()
        self.reads: list[int] = []

    async def read(
        self, game_id: str, after: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        events = await super().read(game_id, after, limit)
        self.reads.append(len(events))
        return events


def _long_log() -> tuple[bytes, Sequence[object]]:
    ruleset = build_ruleset("basic", {"game_end": "hands:12"})
    header, envelopes = simulated_log(ruleset, 2, seed=3)
    assert len(envelopes) > 3 * STRIDE
    return write_log(header, envelopes), [envelope.event for envelope in envelopes]


@pytest.mark.anyio
async def test_a_state_at_any_version_is_the_replay_and_costs_at_most_a_stride() -> None:
    store = CountingStore()
    data, events = _long_log()
    created = await GameTransfers(GameService(store), store).import_game(data)
    snapshots = StateSnapshots(store)
    versions = list(range(1, len(events) + 1))
    random.Random(1).shuffle(versions)
    for version in versions[:60] + [STRIDE, STRIDE + 1, 2 * STRIDE - 1, len(events)]:
        store.reads.clear()
        record = await snapshots.record_at(created.game_id, version)
        assert record.version == version
        assert record.state == replay(events[:version])
        # Built while reading, a stride per read; after that one read, under a stride.
        assert all(count <= STRIDE for count in store.reads)
    store.reads.clear()
    await snapshots.record_at(created.game_id, len(events) - 1)
    assert len(store.reads) == 1 and store.reads[0] < STRIDE


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
