"""The league's storage port, and its in-memory adapter.

One write, `commit`, records a game's marker, its result in the log, and
every figure it changes, as a single atomic step, and only if the store is
still at the position the settlement was computed from. So a job run twice,
or a worker that dies before or after its commit, leaves the game applied
exactly once: either the commit happened (marker and figures together) or
nothing did. A concurrent commit moves the position on and the loser
re-reads and settles again (`apply.apply_result`).

A Redis adapter keeps every key under one hash tag (`{league}:...`) so the
commit is one Lua script (or MULTI after WATCH on the position) in one slot:
the position counter, a set of applied game ids, the results log (a list or
stream: the order is the fold's order), a hash of ratings per ladder plus a
sorted set by displayed rating for the leaderboard, a hash of experience, a
hash of game changes, a capped list of recent games per player, and the
same-group counters (a hash per day, expiring after two days).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from service.app.league.ratings import Rating
from service.app.league.results import GameResult
from service.app.league.settle import GameChange, Settlement, Snapshot


# Checkable: the API's dependency injection checks the type of what it hands a route.
@runtime_checkable
class LeagueStore(Protocol):
    def read(
        self, game_id: str, ladder: str, players: Sequence[str], group: str, day: str
    ) -> Snapshot:
        """The figures one result needs, read at one position."""
        ...

    def commit(self, position: int, settlement: Settlement) -> bool:
        """Write the settlement atomically if the store is still at `position`
        and the game is not applied; False (and nothing written) otherwise."""
        ...

    def change(self, game_id: str) -> GameChange | None: ...

    def applied(self, game_ids: Sequence[str]) -> set[str]:
        """Those of these games the league has applied (the reconciler's cheap check)."""
        ...

    def results(self) -> list[GameResult]:
        """Every applied result, in the order they were applied."""
        ...

    def ranking(self, ladder: str, offset: int, limit: int) -> tuple[int, list[tuple[str, Rating]]]:
        """(players rated on the ladder, one page of them): best displayed
        rating first, then higher mu, then player id."""
        ...

    def ratings_of(self, player: str) -> dict[str, Rating]:
        """The player's rating on each ladder they have a counted game on."""
        ...

    def experience_of(self, players: Sequence[str]) -> dict[str, int]: ...

    def recent(self, player: str, limit: int) -> list[GameChange]:
        """The player's last applied games, newest first."""
        ...

    def clear(self) -> None:
        """Drop everything, the log included (a rebuild then applies it again)."""
        ...


# A player's recent games kept: the most a profile shows.
RECENT_KEPT = 100


def ranking_key(player: str, rating: Rating) -> tuple[float, float, str]:
    return (-rating.displayed, -rating.mu, player)


class InMemoryLeagueStore:
    """The store in one process's memory: tests, the simulation, a single-process server."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._log: list[GameResult] = []
        self._changes: dict[str, GameChange] = {}
        self._ratings: dict[str, dict[str, Rating]] = {}
        self._experience: dict[str, int] = {}
        self._recent: dict[str, list[str]] = {}
        self._groups: dict[tuple[str, str], int] = {}

    def clear(self) -> None:
        with self._lock:
            for figures in (self._changes, self._ratings, self._experience, self._recent):
                figures.clear()
            self._groups.clear()
            self._log.clear()

    def read(
        self, game_id: str, ladder: str, players: Sequence[str], group: str, day: str
    ) -> Snapshot:
        with self._lock:
            ladder_ratings = self._ratings.get(ladder, {})
            return Snapshot(
                position=len(self._log),
                applied=game_id in self._changes,
                ratings={p: ladder_ratings[p] for p in players if p in ladder_ratings},
                experience={p: self._experience[p] for p in players if p in self._experience},
                group_games=self._groups.get((group, day), 0),
            )

    def commit(self, position: int, settlement: Settlement) -> bool:
        change = settlement.change
        with self._lock:
            if position != len(self._log) or change.game_id in self._changes:
                return False
            self._log.append(settlement.result)
            self._changes[change.game_id] = change
            if settlement.ratings:
                self._ratings.setdefault(change.ladder, {}).update(settlement.ratings)
            self._experience.update(settlement.experience)
            for player in dict.fromkeys(s.player for s in change.seats if s.kind == "human"):
                recent = self._recent.setdefault(player, [])
                recent.append(change.game_id)
                del recent[:-RECENT_KEPT]
            if settlement.group_games is not None:
                self._groups[(settlement.group, settlement.day)] = settlement.group_games
            return True

    def change(self, game_id: str) -> GameChange | None:
        with self._lock:
            return self._changes.get(game_id)

    def applied(self, game_ids: Sequence[str]) -> set[str]:
        with self._lock:
            return {game_id for game_id in game_ids if game_id in self._changes}

    def results(self) -> list[GameResult]:
        with self._lock:
            return list(self._log)

    def ranking(self, ladder: str, offset: int, limit: int) -> tuple[int, list[tuple[str, Rating]]]:
        with self._lock:
            rated = list(self._ratings.get(ladder, {}).items())
        rated.sort(key=lambda item: ranking_key(*item))
        return len(rated), rated[offset : offset + limit]

    def ratings_of(self, player: str) -> dict[str, Rating]:
        with self._lock:
            return {
                ladder: ratings[player]
                for ladder, ratings in sorted(self._ratings.items())
                if player in ratings
            }

    def experience_of(self, players: Sequence[str]) -> dict[str, int]:
        with self._lock:
            return {p: self._experience.get(p, 0) for p in players}

    def recent(self, player: str, limit: int) -> list[GameChange]:
        with self._lock:
            ids = self._recent.get(player, [])[::-1][:limit]
            return [self._changes[game_id] for game_id in ids]

    def figures(self) -> dict[str, object]:
        """Every figure the store holds, for comparing two stores (tests, rebuilds)."""
        with self._lock:
            return {
                "ratings": {ladder: dict(r) for ladder, r in self._ratings.items()},
                "experience": dict(self._experience),
                "changes": dict(self._changes),
                "recent": {p: list(ids) for p, ids in self._recent.items()},
                "groups": dict(self._groups),
                "log": [r.game_id for r in self._log],
            }
