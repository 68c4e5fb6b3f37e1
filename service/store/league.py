"""The league's records port: the figures of every applied game, as opaque bytes.

The service owns their meaning (service/app/league: results, changes and
ratings encoded as JSON); this role only keeps them, and writes one game's
settlement in a single atomic step, only if the records are still at the
position and generation it was computed from and the game is not applied yet;
and replaces every figure but the log in one atomic step too (a rebuild's),
only if the log has not grown since the replacement was folded from it,
moving the generation on (so a settlement read before the swap is refused).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import msgspec

__all__ = [
    "FigureRecords",
    "StagingLost",
    "LeagueCommit",
    "LeagueDump",
    "LeagueRead",
    "LeagueRecords",
    "RankingWindow",
]


class LeagueRead(msgspec.Struct, frozen=True, kw_only=True):
    """What one result needs, read at one position and generation (absent players: None)."""

    position: int
    generation: int
    applied: bool
    ratings: dict[str, bytes]
    experience: dict[str, int]
    group_games: int


class LeagueCommit(msgspec.Struct, frozen=True, kw_only=True):
    """Everything one applied game writes, if the records are still at `position`
    and `generation`. `ratings`: player -> (encoded rating, ranking score; lower
    ranks first). `recent`: the players whose
    recent games list the game. `group` is the group counter's field
    (`<day>|<group>`), `group_games` its new count (None: the count stays).
    Counters are kept for the newest `day` counted and the day before: a
    `day` newer than the newest drops the counters of days before
    `oldest_day` (the day before it); one older than the days kept writes none."""

    position: int
    generation: int
    game_id: str
    result: bytes
    change: bytes
    ladder: str
    ratings: Mapping[str, tuple[bytes, float]]
    experience: Mapping[str, int]
    recent: Sequence[str]
    recent_kept: int
    group: str
    group_games: int | None
    day: str
    oldest_day: str


class FigureRecords(msgspec.Struct, frozen=True, kw_only=True):
    """Every figure but the log, as a rebuild writes them in one step. `ratings`:
    ladder -> player -> (encoded rating, ranking score); `recent`: player -> game
    ids, oldest first; `groups`: counter field -> count; `group_day` the newest
    day of the counters and `oldest_day` the oldest day kept (both None: none)."""

    changes: Mapping[str, bytes]
    ratings: Mapping[str, Mapping[str, tuple[bytes, float]]]
    experience: Mapping[str, int]
    recent: Mapping[str, Sequence[str]]
    groups: Mapping[str, int]
    group_day: str | None
    oldest_day: str | None


class StagingLost(Exception):
    """A `replace(..., changed_only=True)` found the figures staged by the last
    refused `replace` gone (expired): call again with every figure."""


class RankingWindow(msgspec.Struct, frozen=True, kw_only=True):
    """One page of a ladder by ranking score, equal scores by player id: `total`
    players on the ladder, `ahead` of them in a higher step than `players[0]`'s
    (a score's step: its value divided by `step`, rounded toward minus infinity)."""

    total: int
    ahead: int
    players: list[tuple[str, bytes]]


class LeagueDump(msgspec.Struct, frozen=True, kw_only=True):
    """Every figure, for comparing two leagues (tests, rebuilds)."""

    log: list[bytes]
    changes: dict[str, bytes]
    ratings: dict[str, dict[str, bytes]]
    experience: dict[str, int]
    recent: dict[str, list[str]]  # oldest first
    groups: dict[str, int]
    group_day: str | None


class LeagueRecords(Protocol):
    def read(self, game_id: str, ladder: str, players: Sequence[str], group: str) -> LeagueRead: ...

    def commit(self, commit: LeagueCommit) -> bool:
        """Write it all if the log holds `commit.position` results, the generation is
        `commit.generation` and the game is not applied; False (nothing written) otherwise."""
        ...

    def change(self, game_id: str) -> bytes | None: ...

    def applied(self, game_ids: Sequence[str]) -> set[str]: ...

    def results(self, since: int = 0) -> list[bytes]:
        """The log: the applied results in the order applied, from the `since`-th."""
        ...

    def ranking(self, ladder: str, offset: int, limit: int, step: int) -> RankingWindow:
        """The page `offset` to `offset + limit - 1`; `ahead` counts the scores below the
        first entry's step (`step`: the score's span that ties on the ranking)."""
        ...

    def ratings_of(self, player: str) -> dict[str, bytes]:
        """The player's rating on each ladder that has one, by ladder name."""
        ...

    def experience_of(self, players: Sequence[str]) -> dict[str, int]: ...

    def recent(self, player: str, limit: int) -> list[bytes]:
        """The changes of the player's last games, newest first."""
        ...

    def clear(self) -> None:
        """Drop everything but the generation, which moves on."""
        ...

    def replace(self, position: int, figures: FigureRecords, *, changed_only: bool = False) -> bool:
        """Replace every figure but the log with `figures`, atomically, if the log
        holds `position` results, and move the generation on; False (nothing
        changed; what was staged kept for the next call) otherwise.

        `changed_only` (a rebuild's retry): `figures` holds only what changed since
        the figures of the last refused `replace`: their changes, ratings and
        experience over those, their recent lists instead of those, and the
        same-group counters and days whole. StagingLost if those are gone."""
        ...

    def dump(self) -> LeagueDump: ...

    def close(self) -> None:
        """Close the connections."""
        ...
