"""Applying finished games' results to the league, exactly once, and rebuilding it from its log."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from service.app.league.eligibility import DEFAULT_POLICY, Policy, day_key, group_key
from service.app.league.ladders import ladder_of_result
from service.app.league.results import GameResult
from service.app.league.settle import GameChange, settle
from service.app.league.store import InMemoryLeagueStore, LeagueStore

# Each retry follows another writer's commit; more than a handful in a row
# means the league is being written faster than it can settle.
MAX_ATTEMPTS = 16
# A rebuild's retry folds and stages only the results committed since its last
# attempt (milliseconds), so it retries for as long as this before giving up.
REBUILD_PATIENCE_S = 120.0


class LeagueBusy(Exception):
    """Other commits kept moving the league on: the job should retry later."""

    code = "league_busy"


def apply_result(
    store: LeagueStore, result: GameResult, policy: Policy = DEFAULT_POLICY
) -> GameChange:
    """Apply one game's result once; applying a game id again is a no-op that
    returns the change recorded the first time (the job that runs twice)."""
    ladder = ladder_of_result(result)
    players = sorted({seat.player for seat in result.seats})
    group, day = group_key(result), day_key(result)
    for _ in range(MAX_ATTEMPTS):
        snapshot = store.read(result.game_id, ladder, players, group, day)
        if snapshot.applied:
            recorded = store.change(result.game_id)
            assert recorded is not None, f"{result.game_id} marked applied without its change"
            return recorded
        settlement = settle(snapshot, result, policy)
        if store.commit(snapshot, settlement):
            return settlement.change
    raise LeagueBusy(f"the league moved on {MAX_ATTEMPTS} times while applying {result.game_id}")


def fold(results: Iterable[GameResult], policy: Policy = DEFAULT_POLICY) -> InMemoryLeagueStore:
    """The league of these results, applied in this order, from nothing."""
    store = InMemoryLeagueStore()
    for result in results:
        apply_result(store, result, policy)
    return store


def rebuild(
    store: LeagueStore,
    policy: Policy = DEFAULT_POLICY,
    patience_s: float = REBUILD_PATIENCE_S,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Fold the store's own log again (same order, same figures) off to the side,
    then replace every figure with the fold's in one atomic step; returns the
    results folded. Safe while games are applied: a commit landing between the
    read of the log and the swap makes the swap refuse, and the rebuild reads
    the results committed since and folds them onto the fold it has (the fold
    is deterministic in log order), so a retry costs those results, not the
    log (readers see the old figures until the swap). LeagueBusy once the
    league has kept moving on for `patience_s` of retries."""
    folded, position, last = InMemoryLeagueStore(), 0, ""
    deadline: float | None = None
    while True:
        # From the last result folded: it is still there unless the log was cleared.
        read = store.results(max(position - 1, 0))
        if position and (not read or read[0].game_id != last):
            folded, position, last = InMemoryLeagueStore(), 0, ""
            continue
        added = read[1:] if position else read
        for result in added:
            apply_result(folded, result, policy)
        position += len(added)
        last = added[-1].game_id if added else last
        if store.replace_figures(position, folded):
            return position
        deadline = clock() + patience_s if deadline is None else deadline
        if clock() > deadline:
            raise LeagueBusy(f"the league kept moving on for {patience_s:g} s of its rebuild")
