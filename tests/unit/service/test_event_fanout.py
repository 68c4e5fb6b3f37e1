"""EventFanout over a fake log: one read loop per game, no lost wakeups, clean exits."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from service.store import StoredEvent
from service.store.fanout import BATCH_SIZE, RECENT, EventFanout

POLL_S = 0.02


class FakeLog:
    """Per-game logs in memory, with reads that count themselves as Redis calls would."""

    def __init__(self) -> None:
        self.events: dict[str, list[StoredEvent]] = {}
        self.changed = asyncio.Event()
        self.blocking_now = 0
        self.blocking_calls = 0
        self.blocking_most = 0
        self.polls = 0
        self.fail_with: Exception | None = None

    def append(self, game_id: str, count: int = 1) -> None:
        log = self.events.setdefault(game_id, [])
        for _ in range(count):
            log.append(StoredEvent(version=len(log) + 1, data=f"e{len(log) + 1}".encode()))
        self.changed.set()
        self.changed = asyncio.Event()

    async def read(self, game_id: str, after: int, limit: int | None) -> list[StoredEvent]:
        self.polls += 1
        found = self.events.get(game_id, [])[after:]
        return found if limit is None else found[:limit]

    async def blocking_read(
        self, game_id: str, after: int, count: int, block_s: float
    ) -> list[StoredEvent]:
        self.blocking_now += 1
        self.blocking_calls += 1
        self.blocking_most = max(self.blocking_most, self.blocking_now)
        try:
            async with asyncio.timeout(block_s):
                while not self.events.get(game_id, [])[after:]:
                    if self.fail_with is not None:
                        raise self.fail_with
                    await self.changed.wait()
        except TimeoutError:
            return []
        finally:
            self.blocking_now -= 1
        return self.events[game_id][after : after + count]

    async def last_version(self, game_id: str) -> int:
        return len(self.events.get(game_id, []))

    def fanout(self, block_slots: int = 8, max_block_s: float = 10) -> EventFanout:
        return EventFanout(
            read=self.read,
            blocking_read=self.blocking_read,
            last_version=self.last_version,
            block_slots=block_slots,
            max_block_s=max_block_s,
            poll_interval_s=POLL_S,
        )


def versions(events: list[StoredEvent]) -> list[int]:
    return [event.version for event in events]


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    """A loop whose clock jumps to its next timer whenever nothing is ready.

    The scenarios do no real I/O, so on this clock what they assert about time
    (a wait answered before its timeout, a block cut at its bound) cannot
    depend on how loaded the machine is: a stall of the process stops the
    clock too. (On the wall clock, a CI run under load saw a timeout fire
    before the wakeup that was due first.)"""

    def __init__(self) -> None:
        super().__init__()
        self._now = 0.0
        selector = self._selector  # type: ignore[attr-defined]
        real_select = selector.select

        def select(timeout: float | None = None) -> list[Any]:
            ready: list[Any] = real_select(0)
            if not ready:
                if timeout is None:
                    raise RuntimeError("the scenario waits for nothing that will ever come")
                self._now += timeout
            return ready

        selector.select = select

    def time(self) -> float:
        return self._now


def run(scenario: Callable[[FakeLog], Awaitable[None]]) -> None:
    async def main() -> None:
        await scenario(FakeLog())

    with asyncio.Runner(loop_factory=VirtualTimeLoop) as runner:
        runner.run(main())


async def settle() -> None:
    await asyncio.sleep(0.01)


def test_many_waiters_of_a_game_share_one_loop_and_all_wake() -> None:
    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout()
        waits = [asyncio.create_task(fanout.wait("g", 0, 5, None)) for _ in range(500)]
        await settle()
        assert (fanout.watched_games, log.blocking_now) == (1, 1)
        log.append("g")
        assert [versions(answer) for answer in await asyncio.gather(*waits)] == [[1]] * 500
        assert log.blocking_most == 1
        # The first started the loop, the others joined it: all answered from its read.
        assert log.polls == 0
        await settle()
        assert fanout.watched_games == 0

    run(scenario)


def test_a_crowd_woken_by_one_event_asks_again_at_the_cost_of_one_read() -> None:
    """Every watcher woken by an event asks for the next at once; the loop ended with
    them, and the crowd's return costs the new loop's one read of the last version,
    not a read each (3,000 watchers of a game used to send 3,000 reads an event)."""

    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout()
        last_version_reads = 0
        counted = log.last_version

        async def counting(game_id: str) -> int:
            nonlocal last_version_reads
            last_version_reads += 1
            return await counted(game_id)

        fanout._last_version = counting  # noqa: SLF001 (the fake counts what the loop reads)
        for version in (1, 2, 3):
            waits = [
                asyncio.create_task(fanout.wait("g", version - 1, 5, None)) for _ in range(300)
            ]
            await settle()
            log.append("g")
            answers = await asyncio.gather(*waits)
            assert [versions(answer) for answer in answers] == [[version]] * 300
        assert log.polls == 0
        assert last_version_reads == 3  # one a loop, one loop an event

    run(scenario)


def test_waiters_with_different_afters_get_their_own_slices() -> None:
    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout()
        log.append("g", 5)
        # `after` beyond the log (a client ahead of it) must not hide events from the others.
        ahead = asyncio.create_task(fanout.wait("g", 7, 5, None))
        await settle()
        everything = asyncio.create_task(fanout.wait("g", 5, 5, None))
        one = asyncio.create_task(fanout.wait("g", 5, 5, 1))
        next_one = asyncio.create_task(fanout.wait("g", 6, 5, None))
        await settle()
        log.polls = 0
        log.append("g", 2)
        assert versions(await everything) == [6, 7]
        assert versions(await one) == [6]
        assert versions(await next_one) == [7]
        # Each answer was cut from what the loop read: no waiter read for itself.
        assert log.polls == 0
        await settle()
        assert not ahead.done() and fanout.watched_games == 1
        log.append("g")
        assert versions(await ahead) == [8]

    run(scenario)


def test_an_event_appended_as_the_loop_starts_wakes_the_waiter_at_once() -> None:
    async def scenario(log: FakeLog) -> None:
        async def read_then_append(game_id: str) -> int:
            version = await log.last_version(game_id)
            log.append(game_id)  # after the loop's first read, before it blocks
            return version

        fanout = EventFanout(
            read=log.read,
            blocking_read=log.blocking_read,
            last_version=read_then_append,
            block_slots=8,
            max_block_s=10,
            poll_interval_s=POLL_S,
        )
        assert versions(await asyncio.wait_for(fanout.wait("g", 0, 5, None), 1)) == [1]

    run(scenario)


def test_an_event_there_before_the_loop_starts_wakes_the_waiter_at_once() -> None:
    async def scenario(log: FakeLog) -> None:
        log.append("g")
        fanout = log.fanout()
        assert versions(await asyncio.wait_for(fanout.wait("g", 0, 5, None), 1)) == [1]

    run(scenario)


def test_a_waiter_behind_the_running_loop_is_answered_at_once() -> None:
    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout()
        ahead = asyncio.create_task(fanout.wait("g", 3, 5, None))
        await settle()
        log.append("g")  # the loop reads it: its cursor passes 1, `ahead` waits on
        await settle()
        late = await asyncio.wait_for(fanout.wait("g", 0, 5, None), 1)
        assert versions(late) == [1]
        assert not ahead.done()
        ahead.cancel()

    run(scenario)


def test_more_events_than_a_batch_are_read_in_full() -> None:
    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout()
        waits = [asyncio.create_task(fanout.wait("g", 0, 5, limit)) for limit in (None, 10)]
        await settle()
        log.append("g", BATCH_SIZE + 44)
        everything, first_ten = await asyncio.gather(*waits)
        assert versions(everything) == list(range(1, BATCH_SIZE + 45))
        assert versions(first_ten) == list(range(1, 11))

    run(scenario)


def test_a_cancelled_waiter_leaves_the_others_and_the_last_one_ends_the_loop() -> None:
    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout()
        waits = [asyncio.create_task(fanout.wait("g", 0, 5, None)) for _ in range(3)]
        await settle()
        waits[0].cancel()
        await settle()
        assert (fanout.watched_games, log.blocking_now) == (1, 1)
        log.append("g")
        assert [versions(answer) for answer in await asyncio.gather(*waits[1:])] == [[1], [1]]

        waits = [asyncio.create_task(fanout.wait("g", 1, 5, None)) for _ in range(3)]
        await settle()
        for wait in waits:
            wait.cancel()
        await asyncio.gather(*waits, return_exceptions=True)
        await settle()
        assert (fanout.watched_games, log.blocking_now) == (0, 0)
        assert not [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]

    run(scenario)


def test_waits_time_out_empty_and_take_the_loop_with_them() -> None:
    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout()
        answers = await asyncio.gather(*(fanout.wait("g", 0, 0.05, None) for _ in range(3)))
        assert answers == [[]] * 3
        await settle()
        assert (fanout.watched_games, log.blocking_now) == (0, 0)

    run(scenario)


def test_games_past_the_blocking_slots_poll_and_still_answer() -> None:
    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout(block_slots=2)
        games = [f"g{index}" for index in range(6)]
        waits = {game: asyncio.create_task(fanout.wait(game, 0, 5, None)) for game in games}
        await asyncio.sleep(3 * POLL_S)
        assert fanout.watched_games == 6 and log.blocking_most == 2
        assert log.polls > 0
        for game in games:
            log.append(game)
        for wait in waits.values():
            assert versions(await asyncio.wait_for(wait, 1)) == [1]

    run(scenario)


def test_a_loop_that_fails_fails_its_waiters_and_ends() -> None:
    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout()
        waits = [asyncio.create_task(fanout.wait("g", 0, 5, None)) for _ in range(2)]
        await settle()
        log.fail_with = ConnectionError("gone")
        log.changed.set()
        for wait in waits:
            with pytest.raises(ConnectionError):
                await wait
        assert fanout.watched_games == 0

    run(scenario)


def test_blocks_are_cut_to_max_block_s() -> None:
    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout(max_block_s=0.02)
        wait = asyncio.create_task(fanout.wait("g", 0, 5, None))
        await asyncio.sleep(0.1)
        assert log.blocking_calls >= 3
        log.append("g")
        assert versions(await asyncio.wait_for(wait, 1)) == [1]

    run(scenario)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_waits_appends_and_cancellations_lose_no_wakeup(seed: int) -> None:
    rng = random.Random(seed)
    problems: list[str] = []

    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout(block_slots=2, max_block_s=0.05)
        games = ["a", "b", "c"]
        appended_at: dict[str, list[float]] = {game: [] for game in games}
        loop = asyncio.get_running_loop()
        stop = loop.time() + 1.0

        async def appender() -> None:
            while loop.time() < stop:
                game = rng.choice(games)
                count = rng.choice([1, 1, 2, BATCH_SIZE + 3])
                log.append(game, count)
                appended_at[game].extend([loop.time()] * count)
                await asyncio.sleep(rng.uniform(0, 0.05))

        async def poller() -> None:
            while loop.time() < stop:
                game = rng.choice(games)
                after = max(0, len(appended_at[game]) + rng.choice([-2, 0, 0, 0, 1, 9]))
                limit = rng.choice([None, 1, 3])
                timeout = rng.uniform(0.01, 0.25)
                started = loop.time()
                wait = asyncio.create_task(fanout.wait(game, after, timeout, limit))
                if rng.random() < 0.1:
                    await asyncio.sleep(rng.uniform(0, timeout))
                    wait.cancel()
                events = (await asyncio.gather(wait, return_exceptions=True))[0]
                if isinstance(events, BaseException):
                    continue
                got = versions(events)
                if got:
                    wanted = list(range(after + 1, len(appended_at[game]) + 1))[:limit]
                    if got != wanted[: len(got)] or (limit and len(got) > limit):
                        problems.append(f"{game} after {after} limit {limit}: {got[:4]}…")
                elif appended_at[game][after:] and (
                    appended_at[game][after] < started + timeout - 0.05
                ):
                    problems.append(f"{game} after {after}: [] though an event came in time")

        await asyncio.gather(appender(), *(poller() for _ in range(50)))
        await settle()
        assert fanout.watched_games == 0 and log.blocking_now == 0

    run(scenario)
    assert not problems, f"seed {seed}: {problems[:5]}"


def test_a_wait_shorter_than_the_loops_first_read_still_answers_the_events_there() -> None:
    """`GET /events?wait=0.0001` answered an empty page at a game with events after
    `after` (and so could any short wait on a loaded server): the loop's first read of
    the last version had not come back by the deadline, and the timeout answered []
    where `wait=0` answers the events. A wait never answers less than no wait."""

    async def scenario(log: FakeLog) -> None:
        log.append("g", 3)
        first_read_done = asyncio.Event()

        async def slow_last_version(game_id: str) -> int:
            await first_read_done.wait()  # past every deadline of this scenario
            return await log.last_version(game_id)

        fanout = log.fanout()
        fanout._last_version = slow_last_version  # noqa: SLF001 (the loop's first read stalls)
        assert versions(await fanout.wait("g", 1, 0.01, None)) == [2, 3]
        assert versions(await fanout.wait("g", 0, 0.01, 1)) == [1]
        first_read_done.set()
        await settle()
        assert fanout.watched_games == 0

    run(scenario)


def test_watchers_back_a_few_events_late_are_answered_from_what_the_loop_read() -> None:
    """A crowd served in turns on busy cores comes back after the next event was read:
    it is answered from the loop's recent events, not by a read each (10,000 watchers
    of a game lagging one event held every connection, and a command got 503)."""

    async def scenario(log: FakeLog) -> None:
        fanout = log.fanout()
        keeps_the_loop = asyncio.create_task(fanout.wait("g", 10, 30, None))
        await settle()
        log.append("g", 3)  # the loop reads 1-3
        await settle()
        log.polls = 0
        late = [fanout.wait("g", after, 5, None) for after in (0, 1, 2) for _ in range(100)]
        answers = await asyncio.gather(*late)
        assert [versions(answer) for answer in answers[::100]] == [[1, 2, 3], [2, 3], [3]]
        assert log.polls == 0
        # Further back than the loop keeps: that one reads for itself, and gets it all.
        log.append("g", RECENT + 1)
        await settle()
        assert len(await fanout.wait("g", 0, 5, None)) == RECENT + 4
        assert log.polls == 1
        keeps_the_loop.cancel()

    run(scenario)
