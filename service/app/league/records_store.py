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
    RankingPage,
    oldest_group_day,
    ranking_score,
)
from service.store.league import FigureRecords, LeagueCommit, LeagueRecords
from service.store.redis_league import RedisLeagueRecords, open_league_client

__all__ = ["RecordsLeagueStore", "open_league_store"]

_encode = msgspec.json.Encoder().encode
_rating = msgspec.json.Decoder(Rating)
_change = msgspec.json.Decoder(GameChange)
_result = msgspec.json.Decoder(GameResult)


def _group_field(group: str, day: str) -> str:
    # A day holds no '|': the first one ends it.
    return f"{day}|{group}"


class RecordsLeagueStore:
    """The league on a `LeagueRecords` (Redis, standalone or cluster)."""

    def __init__(self, records: LeagueRecords) -> None:
        self.records = records

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
        figures = folded.export()
        return self.records.replace(
            position,
            FigureRecords(
                changes={game_id: _encode(c) for game_id, c in figures.changes.items()},
                ratings={
                    ladder: {p: (_encode(r), ranking_score(r)) for p, r in ratings.items()}
                    for ladder, ratings in figures.ratings.items()
                },
                experience=figures.experience,
                recent=figures.recent,
                groups={_group_field(g, day): n for (g, day), n in figures.groups.items()},
                group_day=figures.group_day,
                oldest_day=None
                if figures.group_day is None
                else oldest_group_day(figures.group_day),
            ),
        )

    def change(self, game_id: str) -> GameChange | None:
        found = self.records.change(game_id)
        return None if found is None else _change.decode(found)

    def applied(self, game_ids: Sequence[str]) -> set[str]:
        return self.records.applied(game_ids)

    def results(self) -> list[GameResult]:
        return [_result.decode(r) for r in self.records.results()]

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
