"""A store client that sent an append again after losing its reply (redis-py's
cluster client retries on a connection error): the write recognises its own
append, answers as if the first reply had arrived, and appends nothing twice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anyio
import pytest
import redis.exceptions

from domain.commands import Draw
from domain.events import CardsDrawn
from service.app.games import GameService, SeatSpec
from service.app.writes import Executed
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
        return handled.version, [envelope.event for envelope in log]

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
        return handled.version, len(await service.log(created.game_id))

    assert anyio.run(scenario) == (3, 3)


class FakeUnacknowledgedStore(InMemoryEventStore):
    """The next append with events is made, then its reply is lost: the client
    sees an error (as when no replica acknowledged it in time: a 503)."""

    def __init__(self) -> None:
        super().__init__()
        self.lose_next = False

    async def append(self, game_id: str, events: Sequence[bytes], **options: Any) -> AppendResult:
        appended = await super().append(game_id, events, **options)
        if self.lose_next and events:
            self.lose_next = False
            raise redis.exceptions.ConnectionError("reply lost")
        return appended


def test_a_retry_answered_from_the_record_schedules_the_work_the_first_attempt_did_not() -> None:
    announced: list[Executed] = []

    async def on_appended(appended: Executed) -> None:
        announced.append(appended)

    async def scenario() -> tuple[int, int]:
        store = FakeUnacknowledgedStore()
        service = GameService(store, on_appended=on_appended)
        created = await service.create(seats=HUMANS, seed=3)
        turn = (await service.game(created.game_id)).record.state.turn
        announced.clear()
        store.lose_next = True
        with pytest.raises(redis.exceptions.ConnectionError):
            await service.commands.handle(created.game_id, turn, Draw(), command_id="d1")
        assert announced == []  # the reply was lost before anything was scheduled
        retried = await service.commands.handle(created.game_id, turn, Draw(), command_id="d1")
        return retried.version, turn

    version, turn = anyio.run(scenario)
    assert version == 3
    assert [(each.version, each.seat, each.command_id) for each in announced] == [(3, turn, "d1")]
    assert [type(envelope.event) for envelope in announced[0].envelopes] == [CardsDrawn]
