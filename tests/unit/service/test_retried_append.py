"""A store client that sent an append again after losing its reply (redis-py's
cluster client retries on a connection error): the write recognises its own
append, answers as if the first reply had arrived, and appends nothing twice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anyio

from domain.commands import Draw
from domain.events import CardsDrawn
from service.app.games import GameService, SeatSpec
from service.store import AppendResult, InMemoryEventStore

HUMANS = (SeatSpec(kind="human"), SeatSpec(kind="human"))


class FakeRetryingStore(InMemoryEventStore):
    """Every append reaches the store twice: the first reply is lost, the client
    sends the same call again and returns the second reply."""

    async def append(self, game_id: str, events: Sequence[bytes], **options: Any) -> AppendResult:
        await super().append(game_id, events, **options)
        return await super().append(game_id, events, **options)


def test_a_retried_append_with_an_expected_version_is_answered_not_refused() -> None:
    async def scenario() -> tuple[int, list[object]]:
        service = GameService(FakeRetryingStore())
        created = await service.create(seats=HUMANS, seed=3)
        game = await service.game(created.game_id)
        turn = game.record.state.turn
        handled = await service.commands.handle(created.game_id, turn, Draw(), expected_version=2)
        log = await service.log(created.game_id)
        return handled.outcome.version, [envelope.event for envelope in log]

    version, events = anyio.run(scenario)
    assert version == 3
    assert [type(event) for event in events].count(CardsDrawn) == 1
    assert len(events) == 3


def test_a_retried_append_without_an_expected_version_appends_once() -> None:
    async def scenario() -> tuple[int, int]:
        service = GameService(FakeRetryingStore())
        created = await service.create(seats=HUMANS, seed=3)
        game = await service.game(created.game_id)
        handled = await service.commands.handle(created.game_id, game.record.state.turn, Draw())
        return handled.outcome.version, len(await service.log(created.game_id))

    assert anyio.run(scenario) == (3, 3)
