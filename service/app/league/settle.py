"""The league's functional core: what one game's result changes, from what the store holds now.

`settle(snapshot, result)` is pure: the same snapshot and result give the
same settlement, so a fold over the applied results in their order rebuilds
every figure exactly.
"""

from __future__ import annotations

from datetime import datetime

import msgspec

from service.app.league.eligibility import (
    DEFAULT_POLICY,
    Policy,
    StoredReason,
    counting,
    day_key,
    group_key,
    refusal,
)
from service.app.league.experience import experience
from service.app.league.ladders import ladder_of_result
from service.app.league.ratings import NEW_RATING, Rating, rate
from service.app.league.results import GameResult, SeatKind, places


class Snapshot(msgspec.Struct, frozen=True, kw_only=True):
    """What the store holds for one result: its position in the fold (the
    count of results applied) and generation (how many times a rebuild swapped
    its figures, or it was cleared), whether this game is among them, the
    seats' ratings on the game's ladder and experience (absent: new), and how
    many eligible games this set of humans had applied this day."""

    position: int
    applied: bool
    generation: int = 0
    ratings: dict[str, Rating] = msgspec.field(default_factory=dict)
    experience: dict[str, int] = msgspec.field(default_factory=dict)
    group_games: int = 0


class SeatChange(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    player: str
    kind: SeatKind
    place: int
    before: Rating
    after: Rating
    experience: int  # gained from this game

    @property
    def rating_change(self) -> float:
        return self.after.displayed - self.before.displayed


class GameChange(msgspec.Struct, frozen=True, kw_only=True):
    """Each seat's rating change for one game: the view shown at game end."""

    game_id: str
    ladder: str
    ended_at: datetime
    reason: StoredReason
    weight: float
    seats: tuple[SeatChange, ...]

    @property
    def counted(self) -> bool:
        return self.reason == "counted" and self.weight > 0


class Settlement(msgspec.Struct, frozen=True, kw_only=True):
    """Everything one applied result writes, in one atomic step of the store."""

    result: GameResult
    change: GameChange
    ratings: dict[str, Rating]  # new ratings on change.ladder (empty when not counted)
    experience: dict[str, int]  # new experience totals of the humans
    group: str
    day: str
    group_games: int | None  # the new count of eligible games, None when not eligible


def settle(snapshot: Snapshot, result: GameResult, policy: Policy = DEFAULT_POLICY) -> Settlement:
    ladder = ladder_of_result(result)
    players = [seat.player for seat in result.seats]
    before = {player: snapshot.ratings.get(player, NEW_RATING) for player in players}
    seat_places = places(result)
    eligible = refusal(result, policy) is None
    verdict = counting(result, snapshot.group_games, policy)
    after = rate(players, before, seat_places, verdict.weight) if verdict.counted else {}
    gained = experience(result)
    totals: dict[str, int] = {}
    for seat, points in zip(result.seats, gained, strict=True):
        if seat.kind == "human":
            start = totals.get(seat.player, snapshot.experience.get(seat.player, 0))
            totals[seat.player] = start + points
    seats = tuple(
        SeatChange(
            seat=index if seat.seat is None else seat.seat,
            player=seat.player,
            kind=seat.kind,
            place=place,
            before=before[seat.player],
            after=after.get(seat.player, before[seat.player]),
            experience=points,
        )
        for index, (seat, place, points) in enumerate(
            zip(result.seats, seat_places, gained, strict=True)
        )
    )
    change = GameChange(
        game_id=result.game_id,
        ladder=ladder,
        ended_at=result.ended_at,
        reason=verdict.reason,
        weight=verdict.weight,
        seats=seats,
    )
    return Settlement(
        result=result,
        change=change,
        ratings=after,
        experience=totals,
        group=group_key(result),
        day=day_key(result),
        group_games=snapshot.group_games + 1 if eligible else None,
    )
