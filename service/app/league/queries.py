"""The league's reads: a ladder's leaderboard page, a player's profile, a game's rating changes.

Names come from a `Names` callable (the players' directory, wired later):
ids it does not know show as bots' level names or as the id itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

import msgspec

from service.app.league.eligibility import Reason, current_reason
from service.app.league.ratings import shown
from service.app.league.results import BOT_PREFIX, SeatKind, is_bot_id
from service.app.league.settle import GameChange
from service.app.league.store import LeagueStore

Names = Callable[[Sequence[str]], Mapping[str, str]]

MAX_PAGE = 100
DEFAULT_PAGE = 20
RECENT_GAMES = 10


class LeagueError(Exception):
    """A refused league query, with a stable code (`invalid_parameter` is a
    400 and `game_not_found` a 404 in service/errors.py's table)."""

    def __init__(self, code: str, message: str, **facts: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.facts = facts


def no_names(players: Sequence[str]) -> Mapping[str, str]:
    return {}


def _names(names: Names, players: Sequence[str]) -> dict[str, str]:
    known = names(players)
    return {player: known.get(player) or default_name(player) for player in players}


def default_name(player: str) -> str:
    if is_bot_id(player):
        return f"Level {player[len(BOT_PREFIX) :]} bot"
    return player


class LeaderboardEntry(msgspec.Struct, frozen=True, kw_only=True):
    rank: int  # standard competition ranking on the displayed rating (1, 2, 2, 4)
    player: str
    name: str
    kind: SeatKind
    rating: float  # displayed: mu - 3 sigma
    mu: float
    sigma: float
    games: int
    experience: int


class LeaderboardPage(msgspec.Struct, frozen=True, kw_only=True):
    ladder: str
    offset: int
    limit: int
    total: int
    entries: list[LeaderboardEntry]


def leaderboard(
    store: LeagueStore,
    ladder: str,
    offset: int = 0,
    limit: int = DEFAULT_PAGE,
    names: Names = no_names,
) -> LeaderboardPage:
    """One page of the ladder, best first; bots stand on it like players.

    Ranks are standard competition ranking on the displayed rating as shown:
    players showing the same rating share a rank, and the next rank skips as
    many (1, 2, 2, 4); within a tie, higher mu first, then player id."""
    if offset < 0:
        raise LeagueError("invalid_parameter", "offset must not be negative", parameter="offset")
    if not 1 <= limit <= MAX_PAGE:
        raise LeagueError("invalid_parameter", f"limit must be 1 to {MAX_PAGE}", parameter="limit")
    total, page, ahead = store.ranking(ladder, offset, limit)
    players = [player for player, _ in page]
    named = _names(names, players)
    experience = store.experience_of(players)
    ranks = _competition_ranks([shown(rating.displayed) for _, rating in page], offset, ahead)
    entries = [
        LeaderboardEntry(
            rank=rank,
            player=player,
            name=named[player],
            kind="bot" if is_bot_id(player) else "human",
            rating=shown(rating.displayed),
            mu=shown(rating.mu),
            sigma=shown(rating.sigma),
            games=rating.games,
            experience=experience[player],
        )
        for rank, (player, rating) in zip(ranks, page, strict=True)
    ]
    return LeaderboardPage(ladder=ladder, offset=offset, limit=limit, total=total, entries=entries)


def _competition_ranks(ratings: Sequence[float], offset: int, ahead: int) -> list[int]:
    """Ranks of a page's ratings (best first) starting at `offset`, whose first
    rating has `ahead` players better: a tie keeps the rank of its first player."""
    ranks: list[int] = []
    for index, rating in enumerate(ratings):
        if index == 0:
            ranks.append(ahead + 1)
        elif rating == ratings[index - 1]:
            ranks.append(ranks[-1])
        else:
            ranks.append(offset + index + 1)
    return ranks


class LadderRating(msgspec.Struct, frozen=True, kw_only=True):
    ladder: str
    rating: float
    mu: float
    sigma: float
    games: int


class SeatRatingChange(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    player: str
    name: str
    kind: SeatKind
    place: int
    rating_before: float
    rating_after: float
    rating_change: float
    mu: float
    sigma: float
    experience: int


class GameRatingChanges(msgspec.Struct, frozen=True, kw_only=True):
    """Shown at game end: whether the game counted (and why not), and each seat's change."""

    game_id: str
    ladder: str
    ended_at: datetime
    counted: bool
    reason: Reason
    weight: float
    seats: list[SeatRatingChange]


class RecentGame(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    ladder: str
    ended_at: datetime
    counted: bool
    place: int
    seats: int
    rating_change: float
    experience: int


class Profile(msgspec.Struct, frozen=True, kw_only=True):
    player: str
    name: str
    experience: int
    ratings: list[LadderRating]
    recent: list[RecentGame]


def _changes_view(change: GameChange, names: Names) -> GameRatingChanges:
    named = _names(names, [seat.player for seat in change.seats])
    return GameRatingChanges(
        game_id=change.game_id,
        ladder=change.ladder,
        ended_at=change.ended_at,
        counted=change.counted,
        reason=current_reason(change.reason),
        weight=change.weight,
        seats=[
            SeatRatingChange(
                seat=seat.seat,
                player=seat.player,
                name=named[seat.player],
                kind=seat.kind,
                place=seat.place,
                rating_before=shown(seat.before.displayed),
                rating_after=shown(seat.after.displayed),
                rating_change=shown(seat.rating_change),
                mu=shown(seat.after.mu),
                sigma=shown(seat.after.sigma),
                experience=seat.experience,
            )
            for seat in change.seats
        ],
    )


def game_rating_changes(
    store: LeagueStore, game_id: str, names: Names = no_names
) -> GameRatingChanges:
    change = store.change(game_id)
    if change is None:
        raise LeagueError("game_not_found", f"no league result for game {game_id}", game_id=game_id)
    return _changes_view(change, names)


def profile(
    store: LeagueStore, player: str, recent: int = RECENT_GAMES, names: Names = no_names
) -> Profile:
    """A player's public figures: a rating per ladder, experience, last games.
    A player the league has not seen has an empty profile: whether the player
    exists is the players' directory's to say (its 404), not the league's."""
    if not 1 <= recent <= MAX_PAGE:
        raise LeagueError(
            "invalid_parameter", f"recent must be 1 to {MAX_PAGE}", parameter="recent"
        )
    ratings = store.ratings_of(player)
    games = store.recent(player, recent)
    recent_games = []
    for change in games:
        # A player in several seats (a hot-seat table) is credited for the best one.
        seat = max(
            (seat for seat in change.seats if seat.player == player),
            key=lambda seat: seat.experience,
        )
        recent_games.append(
            RecentGame(
                game_id=change.game_id,
                ladder=change.ladder,
                ended_at=change.ended_at,
                counted=change.counted,
                place=seat.place,
                seats=len(change.seats),
                rating_change=shown(seat.rating_change),
                experience=seat.experience,
            )
        )
    return Profile(
        player=player,
        name=_names(names, [player])[player],
        experience=store.experience_of([player])[player],
        ratings=[
            LadderRating(
                ladder=ladder,
                rating=shown(rating.displayed),
                mu=shown(rating.mu),
                sigma=shown(rating.sigma),
                games=rating.games,
            )
            for ladder, rating in ratings.items()
        ],
        recent=recent_games,
    )
