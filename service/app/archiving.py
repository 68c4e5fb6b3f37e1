"""Finished games leave the store: once over for the retention, a game's log and meta
are written to the archive, and only then are its records deleted from the store.

The order makes a crash harmless: before the archive is durable nothing is
deleted; after it, the store still holds the game until the eviction, which
deletes only if the game is still as archived. Running the step again writes
the same archive and evicts. A claim per game keeps concurrent runners (several
workers) from doing the work twice.

Given the league, a game waits in the store until the league applied its result:
the reconciler finds a finished game whose result is owed by walking the store
(a private game is in no lobby list), and would never meet it again once archived.
"""

from __future__ import annotations

import asyncio
import functools
import secrets
import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Literal

import msgspec

from domain.events import (
    DeckRevealed,
    GameAbandoned,
    GameEnded,
    RematchOffered,
    SeatControlChanged,
    SeatResigned,
)
from service.app.step_failures import StepFailures
from service.app.stored_log import envelopes_of, folded
from service.app.worker_metrics import WorkerMetrics
from service.store.archived_store import ArchivedEventStore
from service.store.base import ArchivedGame

if TYPE_CHECKING:  # only the annotation: the league's store loads the rating model
    from service.app.league.store import LeagueStore

__all__ = ["ArchiveOutcome", "Archived", "Archiver"]

ArchiveOutcome = Literal[
    "archived", "absent", "not_over", "retained", "league_pending", "claimed", "changed"
]

# Longer than an archiving takes (a few ms a game); a runner that died holding it
# only delays the game to a later sweep.
CLAIM_TTL_S = 60.0
# The events a game may end on (or add once over): any other last event is a
# game in play, left alone without folding its log.
_MAY_END = (
    GameEnded,
    GameAbandoned,
    RematchOffered,
    DeckRevealed,
    SeatControlChanged,
    SeatResigned,
)


class Archived(msgspec.Struct, kw_only=True):
    """What one sweep did."""

    looked_at: int = 0
    archived: int = 0
    retained: int = 0
    league_pending: int = 0


class Archiver:
    """Moves finished games from the store behind `store` into its archive."""

    def __init__(
        self,
        store: ArchivedEventStore,
        retention_s: float,
        *,
        clock: Callable[[], float] = time.time,
        owner: str | None = None,
        league: LeagueStore | None = None,
    ) -> None:
        self._store = store.inner
        self._league = league
        self._archive = store.archive
        self._eviction = store.eviction
        self.retention_s = retention_s
        self._clock = clock
        self._owner = owner or secrets.token_hex(8)

    async def archive_game(self, game_id: str) -> ArchiveOutcome:
        """Archive the game if it has been over for the retention; what happened."""
        if not await self._eviction.claim_eviction(game_id, self._owner, CLAIM_TTL_S):
            return "claimed"
        try:
            return await self._archive_claimed(game_id)
        finally:
            await self._eviction.release_eviction(game_id, self._owner)

    async def _archive_claimed(self, game_id: str) -> ArchiveOutcome:
        # The meta first: a write to it after this read makes the eviction refuse;
        # an append after the log's read, too (the version moved).
        meta = await self._store.get_meta(game_id)
        stored = await self._store.read(game_id)
        if not stored:
            return "absent"
        record = folded(game_id, None, stored)
        assert record is not None
        envelope = envelopes_of(game_id, stored[-1:])[0]
        if record.state.phase != "over" or meta.get("importing") not in (None, b"0"):
            return "not_over"
        last_at = datetime.fromisoformat(envelope.at).timestamp()
        if self._clock() - last_at < self.retention_s:
            return "retained"
        if self._league is not None and not await asyncio.to_thread(
            self._league.applied, [game_id]
        ):
            return "league_pending"  # its league job is owed: the reconciler finds it here
        game = ArchivedGame(game_id=game_id, events=tuple(e.data for e in stored), meta=meta)
        # Durable before anything is deleted, and read back as written.
        await asyncio.to_thread(self._archive.put, game)
        if await asyncio.to_thread(self._archive.get, game_id) != game:
            raise RuntimeError(f"game {game_id}: the archive does not read back as written")
        if not await self._eviction.evict(game_id, game.version, meta):
            return "changed"  # written since: the next sweep archives it again
        return "archived"

    async def sweep(
        self,
        *,
        limit: int = 1000,
        failures: StepFailures | None = None,
        metrics: WorkerMetrics | None = None,
    ) -> Archived:
        """Archive every game in the store that is due, at most `limit` of them; a game
        that cannot be archived fails alone (`failures` keeps its back-off)."""
        failures = failures or StepFailures()
        counts = Archived()
        candidates = [game_id async for game_id in self._store.game_ids()]
        for game_id in candidates:
            if counts.archived >= limit:
                break
            counts.looked_at += 1
            outcome = await failures.run(
                "archive", game_id, functools.partial(self._due, game_id), metrics
            )
            if outcome == "archived":
                counts.archived += 1
            elif outcome == "retained":
                counts.retained += 1
            elif outcome == "league_pending":
                counts.league_pending += 1
        return counts

    async def _due(self, game_id: str) -> ArchiveOutcome:
        # The last event first (one short read): a game still being played is
        # left alone without folding its log.
        version = await self._store.version(game_id)
        last = await self._store.read(game_id, after=max(0, version - 1))
        if not last:
            return "absent"
        envelope = envelopes_of(game_id, last[-1:])[0]
        if not isinstance(envelope.event, _MAY_END):
            return "not_over"
        if self._clock() - datetime.fromisoformat(envelope.at).timestamp() < self.retention_s:
            return "retained"
        return await self.archive_game(game_id)
