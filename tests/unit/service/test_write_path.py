"""The one write path: a command without `expected_version` decides again when
another write came first, and never answers with a version the client never sent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anyio
import pytest

from domain.commands import Draw
from domain.events import TurnDeadlineSet
from service.app.envelope import Envelope, encode_envelope
from service.app.errors import ServiceError
from service.app.execute import MAX_ATTEMPTS
from service.app.games import GameService, SeatSpec
from service.store import AppendResult, InMemoryEventStore

HUMANS = (SeatSpec(kind="human"), SeatSpec(kind="human"))


class FakeRacedStore(InMemoryEventStore):
    """An in-memory store where another writer gets in first, `losses` times: it
    appends an event the rules ignore (a deadline) just before each append."""

    def __init__(self) -> None:
        super().__init__()
        self.losses = 0

    async def append(self, game_id: str, events: Sequence[bytes], **options: Any) -> AppendResult:
        if self.losses and events:
            self.losses -= 1
            current = await self.version(game_id)
            other = Envelope(
                version=current + 1,
                at="2026-12-01T00:00:00.000+00:00",
                seat=None,
                command_id=None,
                event=TurnDeadlineSet(seat=0, hand_number=1, deadline="2026-12-01T00:01:00Z"),
                actor="service",
            )
            await super().append(
                game_id,
                [encode_envelope(other)],
                expected_version=current,
                command_id=None,
                command_digest=None,
            )
        return await super().append(game_id, events, **options)


async def _game(store: FakeRacedStore) -> tuple[GameService, str, int]:
    service = GameService(store)
    created = await service.create(seats=HUMANS, seed=3)
    game = await service.game(created.game_id)
    return service, created.game_id, game.record.state.turn


def test_without_an_expected_version_a_lost_race_is_decided_again() -> None:
    async def scenario() -> int:
        store = FakeRacedStore()
        service, game_id, turn = await _game(store)
        store.losses = MAX_ATTEMPTS - 1
        handled = await service.commands.handle(game_id, turn, Draw())
        return handled.version

    # The command's one event lands after the other writer's.
    assert anyio.run(scenario) == 3 + MAX_ATTEMPTS - 1


def test_with_an_expected_version_a_lost_race_is_a_conflict_naming_it() -> None:
    async def scenario() -> ServiceError:
        store = FakeRacedStore()
        service, game_id, turn = await _game(store)
        store.losses = 1
        with pytest.raises(ServiceError) as refused:
            await service.commands.handle(game_id, turn, Draw(), expected_version=2)
        return refused.value

    refused = anyio.run(scenario)
    assert refused.code == "version_conflict"
    assert refused.facts["expected_version"] == 2


def test_a_game_that_never_stops_changing_is_a_retryable_503_not_a_conflict() -> None:
    async def scenario() -> ServiceError:
        store = FakeRacedStore()
        service, game_id, turn = await _game(store)
        store.losses = MAX_ATTEMPTS + 5
        with pytest.raises(ServiceError) as refused:
            await service.commands.handle(game_id, turn, Draw())
        return refused.value

    refused = anyio.run(scenario)
    assert refused.code == "contention"
    assert "expected_version" not in refused.facts
