"""Applying finished games' results to the league, exactly once, and rebuilding it from its log."""

from __future__ import annotations

from collections.abc import Iterable

from service.app.league.eligibility import DEFAULT_POLICY, Policy, day_key, group_key
from service.app.league.ladders import ladder_of_result
from service.app.league.results import GameResult
from service.app.league.settle import GameChange, settle
from service.app.league.store import InMemoryLeagueStore, LeagueStore

# Each retry follows another writer's commit; more than a handful in a row
# means the league is being written faster than it can settle.
MAX_ATTEMPTS = 16


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


def rebuild(store: LeagueStore, policy: Policy = DEFAULT_POLICY) -> int:
    """Fold the store's own log again (same order, same figures) off to the side,
    then replace every figure with the fold's in one atomic step; returns the
    results folded. Safe while games are applied: a commit landing between the
    read of the log and the swap makes the swap refuse, and the rebuild folds
    the longer log again (readers see the old figures until the swap)."""
    for _ in range(MAX_ATTEMPTS):
        results = store.results()
        if store.replace_figures(len(results), fold(results, policy)):
            return len(results)
    raise LeagueBusy(f"the league moved on {MAX_ATTEMPTS} times while it was rebuilt")
