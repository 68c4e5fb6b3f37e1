"""A client cannot take a bot's or the timer's command id, nor pass for either:
system ids are filed apart from clients' ids, and who acted is recorded from the
caller (issue 15, item 2)."""

from __future__ import annotations

import anyio
import pytest

from domain.commands import Discard, Draw
from service.app.games import GameService, SeatSpec
from service.store import InMemoryEventStore
from workers import timeouts
from workers.turns import play_bots

HUMAN, BOT = SeatSpec(kind="human"), SeatSpec(kind="bot", level=1)


async def _discard_any(service: GameService, game_id: str, seat: int, command_id: str) -> int:
    """Seat plays a whole turn (draw, discard) with `command_id` on its discard."""
    await service.commands.handle(game_id, seat, Draw())
    _, view = await service.view(game_id, seat)
    discard = next(c for c in view.legal_commands if isinstance(c, Discard))
    handled = await service.commands.handle(game_id, seat, discard, command_id=command_id)
    return handled.version


@pytest.mark.parametrize("style", ["bot:{version}:1", "bot:{game}:{version}:1"])
def test_a_client_using_the_bots_next_command_id_does_not_stop_the_bot(style: str) -> None:
    async def scenario() -> tuple[int, int, list[str | None]]:
        service = GameService(InMemoryEventStore())
        created = await service.create(seats=(HUMAN, BOT), seed=5)
        game = await service.game(created.game_id)
        assert game.record.state.turn == 0
        # The bot will decide at the version right after this discard.
        version = game.record.version + 2
        stolen = style.format(game=created.game_id, version=version)
        assert await _discard_any(service, created.game_id, 0, stolen) == version
        played = await play_bots(service, service.commands, created.game_id, version)
        after = await service.game(created.game_id)
        actors = [e.actor for e in await service.log(created.game_id) if e.seat is not None]
        return played, after.record.state.turn, actors

    played, turn, actors = anyio.run(scenario)
    assert played >= 2  # the bot drew and discarded
    assert turn == 0
    assert actors[:2] == ["player", "player"] and "bot" in actors


@pytest.mark.parametrize("style", ["timer:{at}:0", "timer:{game}:{at}:0", "timeout:{deadline}"])
def test_a_client_using_the_timers_next_command_id_does_not_stop_the_timer(
    style: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The timer acts at once: the deadline is treated as come.
    monkeypatch.setattr(timeouts, "MAX_EARLY_S", 3600.0)

    async def no_wait(_: float) -> None:
        return None

    monkeypatch.setattr(timeouts.asyncio, "sleep", no_wait)

    async def scenario() -> tuple[str, int, list[str | None]]:
        service = GameService(InMemoryEventStore())
        created = await service.create(seats=(HUMAN, HUMAN), seed=5, turn_time_limit_s=30.0)
        deadline = (await service.game(created.game_id)).record.version
        # Seat 0 draws; the timer then times it out and moves for it at `at`.
        stolen = style.format(game=created.game_id, at=deadline + 2, deadline=deadline)
        await service.commands.handle(created.game_id, 0, Draw(), command_id=stolen)
        outcome = await timeouts.run_timer(service, service.commands, created.game_id, deadline)
        after = await service.game(created.game_id)
        actors = [e.actor for e in await service.log(created.game_id) if e.seat is not None]
        return outcome, after.record.state.turn, actors

    outcome, turn, actors = anyio.run(scenario)
    assert outcome == "timed_out"
    assert turn == 1  # the automatic discard ended seat 0's turn
    assert actors == ["player", "timer"]


@pytest.mark.parametrize("command_id", ["bot:anything", "timer:1:0"])
def test_a_client_id_that_looks_like_a_systems_is_still_the_owner_acting(command_id: str) -> None:
    async def scenario() -> list[tuple[str | None, str | None]]:
        service = GameService(InMemoryEventStore())
        created = await service.create(seats=(HUMAN, HUMAN), seed=5)
        await service.commands.handle(created.game_id, 0, Draw(), command_id=command_id)
        return [(e.command_id, e.actor) for e in await service.log(created.game_id) if e.seat == 0]

    assert anyio.run(scenario) == [(command_id, "player")]


def test_a_bot_job_for_a_game_removed_since_plays_nothing_and_does_not_fail() -> None:
    """A table dealt at once queues its first bot turn; removed before the job ran
    (a rematch that lost its race was, before rematches were offered first), its job
    found no game: it failed (`no game`) and rq ran it again and again."""

    async def scenario() -> int:
        store = InMemoryEventStore()
        service = GameService(store)
        created = await service.create(seats=(HUMAN, BOT), seed=5)
        await store.remove_game(created.game_id)
        return await play_bots(service, service.commands, created.game_id, created.version)

    assert anyio.run(scenario) == 0
