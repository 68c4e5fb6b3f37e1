"""Long-poll fan-out: one read loop per watched game wakes every waiter of the process on it.

A long poll used to hold its own blocking read, so a thousand spectators of one
game held a thousand connections (or polled). Here the waiters of a game
register with that game's watch, whose one loop reads what comes after the
last version it has seen (blocking while a slot is free, polling otherwise)
and wakes each waiter whose `after` that read passed. The loop starts with
the game's first waiter and stops when its last one leaves.

No wakeup is lost, because every registered waiter that is not yet woken has
`after >= cursor` (the version up to which the loop has read) and the loop's
next read returns anything after `cursor`:

- the loop wakes a waiter as soon as it reads past the waiter's `after`;
- a waiter that joins with `after < cursor` is woken at once (what the loop
  read includes events it has not seen);
- the loop's first cursor is the stream's last version, read after the first
  waiter joined, so an event appended between a waiter's own first read and
  its joining is either below that cursor (woken at once) or above it (read).

For the same reason a waiter that joins a game whose loop blocks, or that
starts the loop, skips its own first read: whatever is already there after
its `after` is either below the cursor or comes with the loop's next read. A crowd joining a watched
game costs Redis nothing, and on an event one read answers all of it: each
waiter's slice is cut from what the loop read, unless that stopped at
BATCH_SIZE short of the waiter's limit (then it reads for itself). A waiter
that joins behind the cursor is answered from the loop's RECENT newest events
when they reach back to its `after`, and reads for itself only when they do not.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import NamedTuple, TypeAlias

from service.store.base import StoredEvent

__all__ = [
    "BATCH_SIZE",
    "RECENT",
    "WAKE_TURN",
    "BlockingRead",
    "EventFanout",
    "LastVersion",
    "Read",
]

# Events a loop fetches at most per read; a waiter wanting more reads them itself.
BATCH_SIZE = 256
# The newest events a loop keeps after reading them: a watcher that comes back a few
# events behind (a crowd served in turns, on busy cores, falls behind the next event)
# is answered from them. Before, each read for itself: 10,000 watchers lagging one
# event sent thousands of reads, and a command waited past 10 s for a connection.
RECENT = 64
# Waiters woken a turn of the event loop: each serves its page before the loop's
# next turn (about 0.2 ms a watcher on this machine, `fanout_bench`), so a turn
# of 100 holds other requests up by some 20 ms, not by the whole crowd's time.
WAKE_TURN = 100

# (game id, after, limit) -> events after `after`, oldest first, at once.
Read: TypeAlias = Callable[[str, int, int | None], Awaitable[list[StoredEvent]]]
# (game id, after, count, block seconds) -> events after `after`, waiting up to the block.
BlockingRead: TypeAlias = Callable[[str, int, int, float], Awaitable[list[StoredEvent]]]
# game id -> the version of the last event in the log (0 when it has none).
LastVersion: TypeAlias = Callable[[str], Awaitable[int]]


class _Batch(NamedTuple):
    """What one read of a loop found: every event after its previous cursor, in order."""

    events: list[StoredEvent]
    # False when the read stopped at BATCH_SIZE: later events may exist.
    complete: bool


class _Waiter:
    """One long poll registered with a watch, until woken or gone."""

    __slots__ = ("after", "deadline", "woken")

    def __init__(self, after: int, deadline: float) -> None:
        self.after = after
        self.deadline = deadline
        # The loop's batch, or None when the waiter must read for itself.
        self.woken: asyncio.Future[_Batch | None] = asyncio.get_running_loop().create_future()

    def wake(self, batch: _Batch | None) -> None:
        if not self.woken.done():  # a timed-out wait cancelled it
            self.woken.set_result(batch)


def _wake_in_turns(waiters: list[_Waiter], batch: _Batch | None, start: int) -> None:
    """Wake `waiters` from `start` on, WAKE_TURN now and the next ones at the loop's
    next turn: between two turns the loop reads its sockets, so the answer to the
    command that appended the event (and any other request) goes out while ten
    thousand watchers are served, not after all of them. A callback, not a task:
    nothing cancels it halfway (a waiter left unwoken would wait out its timeout)."""
    stop = start + WAKE_TURN
    for waiter in waiters[start:stop]:
        waiter.wake(batch)
    if stop < len(waiters):
        asyncio.get_running_loop().call_soon(_wake_in_turns, waiters, batch, stop)


class _Watch:
    """One game's loop and the waiters it serves."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        # The version up to which the loop has read; None until its first read.
        self.cursor: int | None = None
        self.waiters: set[_Waiter] = set()
        # Whether the loop polls (no blocking slot was free at its last read).
        self.polling = False
        self.task: asyncio.Task[None] | None = None
        # The newest events read (at most RECENT, in order, the last at `cursor`), as a
        # batch: what a waiter behind the cursor is answered from, when it reaches back
        # far enough.
        self.recent: _Batch | None = None

    def join(self, waiter: _Waiter) -> None:
        if self.cursor is not None and waiter.after < self.cursor:
            waiter.wake(self.recent)
        else:
            self.waiters.add(waiter)

    def advance(self, version: int, batch: _Batch | None) -> None:
        """The loop has read up to `version`: wake the waiters it passed, WAKE_TURN
        of them a turn of the event loop (`_wake_in_turns`)."""
        self.cursor = version
        read = self._with_recent(batch)
        if read is not None:
            self.recent = _Batch(read.events[-RECENT:], read.complete)
        passed = [waiter for waiter in self.waiters if waiter.after < version]
        self.waiters.difference_update(passed)
        _wake_in_turns(passed, read, 0)

    def _with_recent(self, batch: _Batch | None) -> _Batch | None:
        """`batch` after the recent events it follows on from (all of it: a waiter
        woken by it may want every event of a whole batch)."""
        if batch is None or not batch.events:
            return batch
        kept = self.recent.events if self.recent is not None else []
        if kept and batch.events[0].version == kept[-1].version + 1:
            return _Batch(kept + batch.events, batch.complete)
        # The first read, or the log went back under the loop (a flushed database).
        return batch

    def fail(self, error: Exception) -> None:
        for waiter in self.waiters:
            if not waiter.woken.done():
                waiter.woken.set_exception(error)
        self.waiters.clear()


class EventFanout:
    """Waits for events of many games with one read loop per watched game.

    `blocking_read` may hold a connection for up to `max_block_s`; at most
    `block_slots` loops block at once, the others poll with `read` every
    `poll_interval_s` until a slot frees, so more watched games than
    connections degrade to polling rather than fail. Waiters share a loop
    within one fan-out (one store, one process); other processes run their own.
    """

    def __init__(
        self,
        *,
        read: Read,
        blocking_read: BlockingRead,
        last_version: LastVersion,
        block_slots: int,
        max_block_s: float,
        poll_interval_s: float,
    ) -> None:
        self._read = read
        self._blocking_read = blocking_read
        self._last_version = last_version
        self._slots = asyncio.Semaphore(block_slots)
        self._max_block_s = max_block_s
        self._poll_interval_s = poll_interval_s
        self._watches: dict[str, _Watch] = {}

    @property
    def watched_games(self) -> int:
        """How many games have a running loop."""
        return len(self._watches)

    async def wait(
        self, game_id: str, after: int, timeout_s: float, limit: int | None
    ) -> list[StoredEvent]:
        """Events after `after` (at most `limit`) once some exist; [] after `timeout_s`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        watched = self._watches.get(game_id)
        if watched is not None and watched.polling:
            found = await self._read(game_id, after, limit)
            if found:
                return found
        # Else the game's loop answers for what is already there as for what comes:
        # a crowd joining a watched game costs Redis nothing, and a crowd joining an
        # unwatched one (all woken by the last event, the loop ended with them) costs
        # the new loop's one read of the last version, not a read each.
        while loop.time() < deadline:
            watch, waiter = self._join(game_id, after, deadline)
            try:
                # asyncio.timeout, not wait_for: on Python 3.11, wait_for drops a
                # cancellation that lands as the future completes.
                async with asyncio.timeout_at(deadline):
                    batch = await waiter.woken
            except TimeoutError:
                if watch.cursor is not None:
                    return []  # the loop read the log: nothing after `after` came
                # A deadline shorter than the loop's first read: nobody looked at the
                # log yet, and a wait must not answer less than no wait would.
                return await self._read(game_id, after, limit)
            finally:
                self._leave(watch, waiter)
            answer = _answer(batch, after, limit)
            events = await self._read(game_id, after, limit) if answer is None else answer
            if events:
                return events
            # Woken, yet nothing there: the log went back under the loop (a
            # flushed database). Look again later rather than spin.
            await asyncio.sleep(min(self._poll_interval_s, max(0.0, deadline - loop.time())))
        # Rare: a deadline passed before the first look, or after a flushed log's pause.
        return await self._read(game_id, after, limit)

    def _join(self, game_id: str, after: int, deadline: float) -> tuple[_Watch, _Waiter]:
        watch = self._watches.get(game_id)
        if watch is None:
            watch = self._watches[game_id] = _Watch(game_id)
            watch.task = asyncio.create_task(self._run(watch), name=f"fanout:{game_id}")
        waiter = _Waiter(after, deadline)
        watch.join(waiter)
        return watch, waiter

    def _leave(self, watch: _Watch, waiter: _Waiter) -> None:
        if waiter not in watch.waiters:
            return  # woken: the loop let it go
        watch.waiters.remove(waiter)
        if not watch.waiters:
            # Nobody left to wake: end the loop now, mid-read if need be (redis-py
            # drops a connection whose read is cancelled, and the pool opens another).
            if self._watches.get(watch.game_id) is watch:
                del self._watches[watch.game_id]
            if watch.task is not None:
                watch.task.cancel()

    async def _run(self, watch: _Watch) -> None:
        try:
            watch.advance(await self._last_version(watch.game_id), None)
            while watch.waiters:
                batch = await self._next_batch(watch)
                if batch.events:
                    watch.advance(batch.events[-1].version, batch)
        except Exception as error:
            # Each waiter raises it, as its own read would have.
            watch.fail(error)
        finally:
            # No await between the last check of `waiters` and here: no waiter can
            # join a watch that is ending.
            if self._watches.get(watch.game_id) is watch:
                del self._watches[watch.game_id]

    async def _next_batch(self, watch: _Watch) -> _Batch:
        assert watch.cursor is not None
        loop = asyncio.get_running_loop()
        # Past the last deadline the waiters' own timeouts end them, and the loop.
        remaining = max(0.001, max(waiter.deadline for waiter in watch.waiters) - loop.time())
        watch.polling = self._slots.locked()
        if watch.polling:
            # Every blocking connection serves another game: poll.
            events = await self._read(watch.game_id, watch.cursor, BATCH_SIZE)
            if not events:
                await asyncio.sleep(min(self._poll_interval_s, remaining))
        else:
            async with self._slots:
                events = await self._blocking_read(
                    watch.game_id, watch.cursor, BATCH_SIZE, min(remaining, self._max_block_s)
                )
        return _Batch(events, complete=len(events) < BATCH_SIZE)


def _answer(batch: _Batch | None, after: int, limit: int | None) -> list[StoredEvent] | None:
    """A woken waiter's events out of its loop's batch, or None when it must read them."""
    if batch is None or not batch.events or batch.events[0].version > after + 1:
        return None
    events = [event for event in batch.events if event.version > after]
    if limit is not None and len(events) >= limit:
        return events[:limit]
    return events if batch.complete else None
