"""Bots as a service: level 4 searches in worker processes, and the API's event loop goes on."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool

import msgspec
import pytest

from domain.rules import build_ruleset
from domain.views import SeatView, view_for
from service.app.errors import ServiceError
from service.app.suggestions import SuggestionPool
from service.tools.simulation import play_game

PALACE = build_ruleset("palace")


@pytest.fixture(scope="module")
def first_turn() -> SeatView:
    """The first seat to act in a palace hand for two: a draw that level 4
    searches (with more seats it plays its base policy at once)."""
    for _, _, _, state in play_game(PALACE, 2, seed=1, max_hands=1):
        if state.phase == "draw":
            return view_for(state, state.turn)
    raise AssertionError("no turn was dealt")


@pytest.fixture
def pool() -> Iterator[SuggestionPool]:
    suggestions = SuggestionPool(processes=1)
    yield suggestions
    suggestions.close()


async def _suggest_and_count_ticks(
    pool: SuggestionPool, view: SeatView, level: int = 4
) -> tuple[object, int]:
    """The suggestion, and how often the event loop ran another task meanwhile."""
    task = asyncio.create_task(pool.suggest(view, PALACE, level, seed=3))
    ticks = 0
    while not task.done():
        await asyncio.sleep(0.001)
        ticks += 1
    return task.result(), ticks


def test_a_level_four_suggestion_leaves_the_event_loop_free(
    pool: SuggestionPool, first_turn: SeatView
) -> None:
    command, ticks = asyncio.run(_suggest_and_count_ticks(pool, first_turn))
    assert command in first_turn.legal_commands
    # Searched in the handler, the task would have run to its end in one step.
    assert ticks >= 10


def test_a_level_three_suggestion_for_a_large_hand_leaves_the_event_loop_free(
    pool: SuggestionPool, first_turn: SeatView
) -> None:
    """Levels 1-3 search too, and their searches grow fast with the hand: for a
    palace view holding 78 cards (two packs hold 110; a custom deal gives 83) level 3
    held the API's event loop up to a second, every other request of the process
    waiting behind it, twice a second within the writes' rate limit."""
    rng = random.Random(7)
    pack = list(PALACE.pack())
    rng.shuffle(pack)
    hand = tuple(sorted(pack[:78]))
    sizes = tuple(
        len(hand) if seat == first_turn.seat else size
        for seat, size in enumerate(first_turn.hand_sizes)
    )
    large = msgspec.structs.replace(first_turn, hand=hand, hand_sizes=sizes)

    command, ticks = asyncio.run(_suggest_and_count_ticks(pool, large, level=3))
    assert command in large.legal_commands
    # Decided in the handler, the task would have run to its end in one step.
    assert ticks >= 10


def test_suggestions_past_the_waiting_limit_are_refused_at_once(
    pool: SuggestionPool, first_turn: SeatView
) -> None:
    pool.max_waiting = 1

    async def two_at_once() -> None:
        first = asyncio.create_task(pool.suggest(first_turn, PALACE, 4, seed=3))
        await asyncio.sleep(0)  # the first is now waiting for its worker
        with pytest.raises(ServiceError) as refused:
            await pool.suggest(first_turn, PALACE, 4, seed=3)
        assert refused.value.code == "bots_busy"
        assert await first in first_turn.legal_commands
        # Levels 1-3 are answered in the API process, whatever the queue.
        assert await pool.suggest(first_turn, PALACE, 3, seed=3) in first_turn.legal_commands

    asyncio.run(two_at_once())
    assert pool.waiting == 0


def test_a_bot_process_killed_mid_search_is_replaced(
    pool: SuggestionPool, first_turn: SeatView
) -> None:
    async def suggest() -> object:
        return await pool.suggest(first_turn, PALACE, 4, seed=3)

    async def killed_mid_search() -> list[object]:
        searches = [asyncio.create_task(suggest()) for _ in range(2)]
        while pool.waiting < 2:
            await asyncio.sleep(0.001)
        await asyncio.sleep(0.05)  # the first is searching, the second queued behind it
        for pid in list(pool._pool()._processes):  # the test reaches in: nothing else kills
            os.kill(pid, signal.SIGKILL)
        return list(await asyncio.gather(*searches))

    assert asyncio.run(suggest()) in first_turn.legal_commands  # the worker is up
    # Both were in the pool that broke: a new one answers both.
    assert all(command in first_turn.legal_commands for command in asyncio.run(killed_mid_search()))


def test_a_view_the_worker_cannot_play_comes_back_as_a_refusal(
    pool: SuggestionPool, first_turn: SeatView
) -> None:
    contradicted = msgspec.structs.replace(first_turn, hand_sizes=(13,))

    async def suggest() -> object:
        return await pool.suggest(contradicted, PALACE, 4, seed=3)

    with pytest.raises(ServiceError) as refused:
        asyncio.run(suggest())
    assert refused.value.code == "invalid_view"


class _DyingPool:
    """A pool whose processes have died: every search sent to it breaks it."""

    def submit(self, *args: object, **kwargs: object) -> None:
        raise BrokenProcessPool("a child process terminated abruptly")

    def shutdown(self, *args: object, **kwargs: object) -> None:
        pass


def test_bot_processes_dying_twice_refuse_the_suggestion_for_now(
    pool: SuggestionPool, first_turn: SeatView, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 503 the caller can retry, not the 500 of a bug; the next one starts new processes."""
    started: list[_DyingPool] = []

    def dying() -> _DyingPool:
        pool._executor = _DyingPool()  # type: ignore[assignment]
        started.append(pool._executor)  # type: ignore[arg-type]
        return started[-1]

    monkeypatch.setattr(pool, "_pool", dying)
    with pytest.raises(ServiceError) as refused:
        asyncio.run(pool.suggest(first_turn, PALACE, 4, seed=3))
    assert refused.value.code == "bots_busy" and len(started) == 2
    assert pool.waiting == 0
    monkeypatch.undo()
    assert asyncio.run(pool.suggest(first_turn, PALACE, 4, seed=3)) in first_turn.legal_commands
