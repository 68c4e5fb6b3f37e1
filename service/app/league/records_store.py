"""`LeagueStore` over the league's records port (service/store/league.py): the
Redis adapter's typed side. Results, changes and ratings travel as JSON."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from service.app.league.ratings import Rating
from service.app.league.results import GameResult
from service.app.league.settle import GameChange, Settlement, Snapshot
from service.app.league.store import (
    MU_STEPS,
    RECENT_KEPT,
    InMemoryLeagueStore,
    LeagueFigures,
    RankingPage,
    oldest_group_day,
    ranking_score,
)
from service.store.league import FigureRecords, LeagueCommit, LeagueRecords, StagingLost
from service.store.redis_league import RedisLeagueRecords, open_league_client

__all__ = ["RecordsLeagueStore", "open_league_store"]

_encode = msgspec.json.Encoder().encode
_rating = msgspec.json.Decoder(Rating)
_change = msgspec.json.Decoder(GameChange)
_result = msgspec.json.Decoder(GameResult)


def _group_field(group: str, day: str) -> str:
    # A day holds no '|': the first one ends it.
    return f"{day}|{group}"


def _records(figures: LeagueFigures) -> FigureRecords:
    return FigureRecords(
        changes={game_id: _encode(c) for game_id, c in figures.changes.items()},
        ratings={
            ladder: {p: (_encode(r), ranking_score(r)) for p, r in ratings.items()}
            for ladder, ratings in figures.ratings.items()
        },
        experience=figures.experience,
        recent=figures.recent,
        groups={_group_field(g, day): n for (g, day), n in figures.groups.items()},
        group_day=figures.group_day,
        oldest_day=None if figures.group_day is None else oldest_group_day(figures.group_day),
    )


class RecordsLeagueStore:
    """The league on a `LeagueRecords` (Redis, standalone or cluster)."""

    def __init__(self, records: LeagueRecords) -> None:
        self.records = records
        # The fold a refused `replace_figures` staged, and its results then.
        self._staged: tuple[InMemoryLeagueStore, int] | None = None

    def read(
        self, game_id: str, ladder: str, players: Sequence[str], group: str, day: str
    ) -> Snapshot:
        read = self.records.read(game_id, ladder, players, _group_field(group, day))
        return Snapshot(
            position=read.position,
            generation=read.generation,
            applied=read.applied,
            ratings={p: _rating.decode(r) for p, r in read.ratings.items()},
            experience=read.experience,
            group_games=read.group_games,
        )

    def commit(self, snapshot: Snapshot, settlement: Settlement) -> bool:
        change = settlement.change
        recent = list(dict.fromkeys(s.player for s in change.seats if s.kind == "human"))
        return self.records.commit(
            LeagueCommit(
                position=snapshot.position,
                generation=snapshot.generation,
                game_id=change.game_id,
                result=_encode(settlement.result),
                change=_encode(change),
                ladder=change.ladder,
                ratings={p: (_encode(r), ranking_score(r)) for p, r in settlement.ratings.items()},
                experience=settlement.experience,
                recent=recent,
                recent_kept=RECENT_KEPT,
                group=_group_field(settlement.group, settlement.day),
                group_games=settlement.group_games,
                day=settlement.day,
                oldest_day=oldest_group_day(settlement.day),
            )
        )

    def replace_figures(self, position: int, folded: InMemoryLeagueStore) -> bool:
        # A retry of the same fold (a rebuild's, after commits landed) stages only
        # what the results folded since its last attempt wrote.
        staged, self._staged = self._staged, None
        if staged is not None and staged[0] is folded and staged[1] <= position:
            added = [result.game_id for result in folded.results(staged[1])]
            try:
                done = self.records.replace(
                    position, _records(folded.figures_of(added)), changed_only=True
                )
            except StagingLost:
                done = self.records.replace(position, _records(folded.export()))
        else:
            done = self.records.replace(position, _records(folded.export()))
        if not done:
            self._staged = (folded, position)
        return done

    def change(self, game_id: str) -> GameChange | None:
        found = self.records.change(game_id)
        return None if found is None else _change.decode(found)

    def applied(self, game_ids: Sequence[str]) -> set[str]:
        return self.records.applied(game_ids)

    def results(self, since: int = 0) -> list[GameResult]:
        return [_result.decode(r) for r in self.records.results(since)]

    def ranking(self, ladder: str, offset: int, limit: int) -> RankingPage:
        # The score orders the page whatever the ties (`store.ranking_score`).
        window = self.records.ranking(ladder, offset, limit, MU_STEPS)
        rated = [(p, _rating.decode(r)) for p, r in window.players]
        return RankingPage(window.total, rated, window.ahead)

    def ratings_of(self, player: str) -> dict[str, Rating]:
        return {ladder: _rating.decode(r) for ladder, r in self.records.ratings_of(player).items()}

    def experience_of(self, players: Sequence[str]) -> dict[str, int]:
        return self.records.experience_of(players)

    def recent(self, player: str, limit: int) -> list[GameChange]:
        return [_change.decode(c) for c in self.records.recent(player, limit)]

    def clear(self) -> None:
        self.records.clear()

    def close(self) -> None:
        self.records.close()

    def figures(self) -> dict[str, object]:
        """Every figure, in `InMemoryLeagueStore.figures`'s shape."""
        dump = self.records.dump()
        groups = {}
        for field, count in dump.groups.items():
            day, _, group = field.partition("|")
            groups[(group, day)] = count
        return {
            "ratings": {
                ladder: {p: _rating.decode(r) for p, r in ratings.items()}
                for ladder, ratings in dump.ratings.items()
            },
            "experience": dump.experience,
            "changes": {g: _change.decode(c) for g, c in dump.changes.items()},
            "recent": dump.recent,
            "groups": groups,
            "group_day": dump.group_day,
            "log": [_result.decode(r).game_id for r in dump.log],
        }


def open_league_store(url: str) -> RecordsLeagueStore:
    """The league on the Redis (or Redis Cluster) at `url` (`close()` it when done)."""
    return RecordsLeagueStore(RedisLeagueRecords(open_league_client(url)))
