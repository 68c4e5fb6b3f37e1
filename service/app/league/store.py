"""The league's storage port, and its in-memory adapter.

One write, `commit`, records a game's marker, its result in the log, and
every figure it changes, as a single atomic step, and only if the store is
still at the position and generation the settlement was computed from (the
generation moves on with every swap of a rebuild, which keeps the log's
length: a settlement read before the swap would undo the rebuild's repair). So a job run twice,
or a worker that dies before or after its commit, leaves the game applied
exactly once: either the commit happened (marker and figures together) or
nothing did. A concurrent commit moves the position on and the loser
re-reads and settles again (`apply.apply_result`).

A Redis adapter keeps every key under one hash tag (`{league}:...`) so the
commit is one Lua script in one slot (service/store/redis_league.py).

The same-group counters (eligible games of one set of humans on one UTC day,
`eligibility.py`'s decay) are kept for two days only: the newest day any
counted result ended on, and the day before. When a result moves the newest
day on, older days' counters are dropped; a result older than both (a job
applied days late) reads 0 and writes no counter. What is kept depends only
on the results applied and their order, so a rebuild keeps the same counters.

`replace_figures` swaps every figure but the log for a fold computed off to
the side, in one atomic step, only if no commit landed since the fold read
the log (`apply.rebuild`): a rebuild never loses a game applied meanwhile, and
readers never see a league half rebuilt.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import NamedTuple, Protocol, runtime_checkable

from service.app.league.ratings import Rating, shown
from service.app.league.results import GameResult
from service.app.league.settle import GameChange, Settlement, Snapshot


class RankingPage(NamedTuple):
    """`total` players rated on the ladder; `entries` one page of them; `ahead`
    the players whose displayed rating (as shown) is better than the first
    entry's (its competition rank less one; 0 for an empty page)."""

    total: int
    entries: list[tuple[str, Rating]]
    ahead: int


# Checkable: the API's dependency injection checks the type of what it hands a route.
@runtime_checkable
class LeagueStore(Protocol):
    def read(
        self, game_id: str, ladder: str, players: Sequence[str], group: str, day: str
    ) -> Snapshot:
        """The figures one result needs, read at one position."""
        ...

    def commit(self, snapshot: Snapshot, settlement: Settlement) -> bool:
        """Write the settlement atomically if the store is still where `snapshot` was
        read (its position, and no rebuild swapped since: its generation) and the
        game is not applied; False (and nothing written) otherwise."""
        ...

    def change(self, game_id: str) -> GameChange | None: ...

    def applied(self, game_ids: Sequence[str]) -> set[str]:
        """Those of these games the league has applied (the reconciler's cheap check)."""
        ...

    def results(self, since: int = 0) -> list[GameResult]:
        """The applied results in the order they were applied, from the `since`-th
        (0: every one; a rebuild's retry reads only those applied since its last read)."""
        ...

    def ranking(self, ladder: str, offset: int, limit: int) -> RankingPage:
        """One page of the ladder's players in `ranking_key` order: best displayed
        rating (as shown) first, then higher mu (to a millionth), then player id.
        Its cost does not grow with the players tied on a rating (Redis: one
        ZRANGE and one ZCOUNT)."""
        ...

    def ratings_of(self, player: str) -> dict[str, Rating]:
        """The player's rating on each ladder they have a counted game on."""
        ...

    def experience_of(self, players: Sequence[str]) -> dict[str, int]: ...

    def recent(self, player: str, limit: int) -> list[GameChange]:
        """The player's last applied games, newest first."""
        ...

    def clear(self) -> None:
        """Drop everything, the log included (the generation moves on)."""
        ...

    def replace_figures(self, position: int, folded: InMemoryLeagueStore) -> bool:
        """Replace every figure but the log with `folded`'s (the fold of this store's
        first `position` results), atomically, if the store is still at `position`,
        and move the generation on; False (nothing written) otherwise."""
        ...


# A player's recent games kept: the most a profile shows.
RECENT_KEPT = 100


def oldest_group_day(newest: str) -> str:
    """The oldest day whose same-group counters are kept while `newest` is the newest."""
    return (date.fromisoformat(newest) - timedelta(days=1)).isoformat()


@dataclass
class LeagueFigures:
    """Every figure of a league but its log (what a rebuild replaces)."""

    changes: dict[str, GameChange] = field(default_factory=dict)
    ratings: dict[str, dict[str, Rating]] = field(default_factory=dict)  # ladder -> player
    experience: dict[str, int] = field(default_factory=dict)
    recent: dict[str, list[str]] = field(default_factory=dict)  # player -> ids, oldest first
    groups: dict[tuple[str, str], int] = field(default_factory=dict)  # (group, day) -> games
    group_day: str | None = None  # the newest day of the counters kept


# A ladder's order is one number a player (lower first), then the player id: the
# displayed rating as shown in cents (high part), then mu in millionths (low part),
# so Redis's sorted set orders a page by itself however many players tie (equal
# scores by member, the id). Exact in a double: |cents| < 2**21 (a rating within
# +-20,971.52) times 2**31 millionths of mu (mu within -1000 to 1147) is < 2**53.
MU_STEPS = 2**31
_CENTS_LIMIT = 2**21
_MU_FLOOR = -1000.0


def shown_cents(rating: Rating) -> int:
    """The displayed rating as shown (two decimals), in cents; ranks tie on it."""
    cents = round(shown(rating.displayed) * 100)
    return max(-_CENTS_LIMIT, min(_CENTS_LIMIT - 1, cents))


def ranking_score(rating: Rating) -> float:
    """Lower ranks first: the best displayed rating as shown, then the higher mu (to a
    millionth); `-(cents * MU_STEPS + mu's millionths above -1000)`."""
    micros = max(0, min(MU_STEPS - 1, round((rating.mu - _MU_FLOOR) * 1_000_000)))
    return -float(shown_cents(rating) * MU_STEPS + micros)


def ranking_key(player: str, rating: Rating) -> tuple[float, str]:
    return (ranking_score(rating), player)


class InMemoryLeagueStore:
    """The store in one process's memory: tests, the simulation, a single-process server."""

    def __init__(self, figures: LeagueFigures | None = None) -> None:
        """An empty league, or one holding `figures` with an empty log (a fold to swap in)."""
        self._lock = threading.Lock()
        self._log: list[GameResult] = []
        self._figures = figures or LeagueFigures()
        self._generation = 0

    def clear(self) -> None:
        with self._lock:
            self._figures = LeagueFigures()
            self._log.clear()
            self._generation += 1

    def read(
        self, game_id: str, ladder: str, players: Sequence[str], group: str, day: str
    ) -> Snapshot:
        with self._lock:
            figures = self._figures
            ladder_ratings = figures.ratings.get(ladder, {})
            return Snapshot(
                position=len(self._log),
                generation=self._generation,
                applied=game_id in figures.changes,
                ratings={p: ladder_ratings[p] for p in players if p in ladder_ratings},
                experience={p: figures.experience[p] for p in players if p in figures.experience},
                group_games=figures.groups.get((group, day), 0),
            )

    def commit(self, snapshot: Snapshot, settlement: Settlement) -> bool:
        change = settlement.change
        with self._lock:
            figures = self._figures
            moved = (snapshot.position, snapshot.generation) != (len(self._log), self._generation)
            if moved or change.game_id in figures.changes:
                return False
            self._log.append(settlement.result)
            figures.changes[change.game_id] = change
            if settlement.ratings:
                figures.ratings.setdefault(change.ladder, {}).update(settlement.ratings)
            figures.experience.update(settlement.experience)
            for player in dict.fromkeys(s.player for s in change.seats if s.kind == "human"):
                recent = figures.recent.setdefault(player, [])
                recent.append(change.game_id)
                del recent[:-RECENT_KEPT]
            if settlement.group_games is not None:
                _count_group(figures, settlement.group, settlement.day, settlement.group_games)
            return True

    def replace_figures(self, position: int, folded: InMemoryLeagueStore) -> bool:
        replacement = folded.export()
        with self._lock:
            if position != len(self._log):
                return False
            self._figures = replacement
            self._generation += 1
            return True

    def figures_of(self, game_ids: Sequence[str]) -> LeagueFigures:
        """The figures these applied games wrote, as they stand now: their changes,
        their players' ratings on their ladders, experience and recent games; and
        the same-group counters whole. What a rebuild's retry stages (the rest of
        its fold is staged already)."""
        with self._lock:
            figures = self._figures
            touched = LeagueFigures(groups=dict(figures.groups), group_day=figures.group_day)
            for game_id in game_ids:
                change = touched.changes[game_id] = figures.changes[game_id]
                ladder = figures.ratings.get(change.ladder, {})
                for seat in change.seats:
                    if seat.player in ladder:
                        rated = touched.ratings.setdefault(change.ladder, {})
                        rated[seat.player] = ladder[seat.player]
                    if seat.kind == "human":
                        touched.experience[seat.player] = figures.experience[seat.player]
                        touched.recent[seat.player] = list(figures.recent[seat.player])
            return touched

    def export(self) -> LeagueFigures:
        """A copy of every figure but the log."""
        with self._lock:
            figures = self._figures
            return LeagueFigures(
                changes=dict(figures.changes),
                ratings={ladder: dict(r) for ladder, r in figures.ratings.items()},
                experience=dict(figures.experience),
                recent={p: list(ids) for p, ids in figures.recent.items()},
                groups=dict(figures.groups),
                group_day=figures.group_day,
            )

    def change(self, game_id: str) -> GameChange | None:
        with self._lock:
            return self._figures.changes.get(game_id)

    def applied(self, game_ids: Sequence[str]) -> set[str]:
        with self._lock:
            return {game_id for game_id in game_ids if game_id in self._figures.changes}

    def results(self, since: int = 0) -> list[GameResult]:
        with self._lock:
            return self._log[since:]

    def ranking(self, ladder: str, offset: int, limit: int) -> RankingPage:
        with self._lock:
            rated = list(self._figures.ratings.get(ladder, {}).items())
        rated.sort(key=lambda item: ranking_key(*item))
        page = rated[offset : offset + limit]
        first = shown_cents(page[0][1]) if page else None
        ahead = sum(1 for _, rating in rated if first is not None and shown_cents(rating) > first)
        return RankingPage(len(rated), page, ahead)

    def ratings_of(self, player: str) -> dict[str, Rating]:
        with self._lock:
            return {
                ladder: ratings[player]
                for ladder, ratings in sorted(self._figures.ratings.items())
                if player in ratings
            }

    def experience_of(self, players: Sequence[str]) -> dict[str, int]:
        with self._lock:
            return {p: self._figures.experience.get(p, 0) for p in players}

    def recent(self, player: str, limit: int) -> list[GameChange]:
        with self._lock:
            ids = self._figures.recent.get(player, [])[::-1][:limit]
            return [self._figures.changes[game_id] for game_id in ids]

    def figures(self) -> dict[str, object]:
        """Every figure the store holds, for comparing two stores (tests, rebuilds)."""
        figures = self.export()
        return {
            "ratings": figures.ratings,
            "experience": figures.experience,
            "changes": figures.changes,
            "recent": figures.recent,
            "groups": figures.groups,
            "group_day": figures.group_day,
            "log": [r.game_id for r in self.results()],
        }


def _count_group(figures: LeagueFigures, group: str, day: str, games: int) -> None:
    """Keep a group's count of the day, if its day is still kept (the module's docstring)."""
    if figures.group_day is None or day > figures.group_day:
        figures.group_day = day
        oldest = oldest_group_day(day)
        figures.groups = {key: n for key, n in figures.groups.items() if key[1] >= oldest}
    if day >= oldest_group_day(figures.group_day):
        figures.groups[(group, day)] = games
