"""A finished game's league result, from its log and meta: the wiring of `result_of_game`.

Who held each seat: a bot seat is its level's league player (`bot:3`); a human
seat is the player whose id the game's meta records for it (with the guest
flag and the account's creation time, from the players' directory: the abuse
policy reads every account's age), resigned if it resigned, handed over if a
bot played any of its moves at its owner's request (`handed_over_seats`), with
the hands it finished having made a move of its own in them (`hands_played`).
A human seat with no player id (taken with a bare seat token) is nobody the
league can credit: it is left out of the result (`result_of_game`), so it
neither gains nor gives rating, and the others are rated by how they finished
among themselves. A seat a bot took when its table started (an open seat
filled) is that level's bot.

A game is rated unless its `rated` knob is off (a training table). Stacked
games (created with a `seed` or a `deck`), and imported or forked ones, whose
first hands were not dealt from the service's own secret seed, never count.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime

import msgspec

from domain.events import GameEnded, HandEnded, SeatControlChanged, SeatResigned
from service.app.envelope import Envelope, by_bot, is_system
from service.app.errors import UNREADABLE_RECORD
from service.app.games import Game, GameService
from service.app.league.results import GameResult, Sitter, bot_id, result_of_game
from service.app.players import PlayerService

__all__ = [
    "ABANDONED_TAG",
    "Directory",
    "ending_of",
    "ends_game",
    "PlayerFacts",
    "game_result",
    "directory_of",
    "handed_over_seats",
    "hands_played",
    "no_directory",
    "sitters_of",
]

_log = logging.getLogger(__name__)

# The tag of the event that ends a game without a normal end (never counts).
ABANDONED_TAG = "game_abandoned"


class PlayerFacts(msgspec.Struct, frozen=True, kw_only=True):
    """What the league reads of a player: the guest flag and when the player was made."""

    guest: bool = False
    created_at: datetime | None = None


Directory = Callable[[str], Awaitable[PlayerFacts | None]]


async def no_directory(player_id: str) -> PlayerFacts | None:
    return None


def directory_of(players: PlayerService) -> Directory:
    """The players' directory as the league reads it."""

    async def lookup(player_id: str) -> PlayerFacts | None:
        try:
            player = await players.get(player_id)
            if player is None:
                return None
            created = datetime.fromisoformat(player.created_at) if player.created_at else None
        except UNREADABLE_RECORD:
            # Written wrong (by hand, by an older release): as a player the directory
            # does not hold, or the job would fail on the game at every retry.
            _log.warning("player %s: their record is unreadable", player_id, exc_info=True)
            return None
        return PlayerFacts(guest=player.guest, created_at=created)

    return lookup


def hands_played(log: Sequence[Envelope]) -> dict[int, int]:
    """Seat -> the hands it finished having made a move of its own in them: what
    experience credits. A move of its own is one its owner issued, not a bot's,
    the turn timer's or the service's: a seat handed to a bot at once earns
    nothing for the hands the bot played. After a seat resigns, no hand counts,
    the one it resigned in included."""
    credited: dict[int, int] = {}
    moved: set[int] = set()
    resigned: set[int] = set()
    for envelope in log:
        match envelope.event:
            case SeatResigned(seat=seat):
                resigned.add(seat)
                moved.discard(seat)
            case HandEnded():
                for seat in moved:
                    credited[seat] = credited.get(seat, 0) + 1
                moved.clear()
            case _ if envelope.seat is not None and not is_system(envelope):
                if envelope.seat not in resigned:
                    moved.add(envelope.seat)
    return credited


def handed_over_seats(log: Sequence[Envelope]) -> set[int]:
    """The seats a bot played any move of at their owner's request.

    The log says why a bot plays a human seat (`seat_control_changed`): handed
    over by its owner, or on autopilot after its turns timed out. A bot's move
    on a seat under `timeouts` is the service standing in for someone gone (a
    level-2 bot, weaker than most players: see the league's README), so it
    counts as the owner's. Any other bot move counts as handed over, a move
    no control event explains included (the meta took the seat, and a crash
    lost the event that tells it): the league credits the owner only with
    play the log shows was theirs or the timeout autopilot's."""
    on_timeouts: set[int] = set()
    handed: set[int] = set()
    for envelope in log:
        match envelope.event:
            case SeatControlChanged(seat=seat, controller="autopilot", reason="timeouts"):
                on_timeouts.add(seat)
            case SeatControlChanged(seat=seat):
                on_timeouts.discard(seat)
            case _ if envelope.seat is not None and by_bot(envelope):
                if envelope.seat not in on_timeouts:
                    handed.add(envelope.seat)
    return handed


async def sitters_of(
    game: Game, log: Sequence[Envelope], directory: Directory = no_directory
) -> list[Sitter | None]:
    played = hands_played(log)
    handed = handed_over_seats(log)
    sitters: list[Sitter | None] = []
    for seat, spec in enumerate(game.info.seats):
        player = game.players.get(seat)
        if player is None:
            # A bot from the start, or an open seat a bot took when the table started.
            level = spec.level if spec.kind == "bot" else game.filled.get(seat)
            sitters.append(None if level is None else Sitter(player=bot_id(level), kind="bot"))
            continue
        facts = await directory(player) or PlayerFacts()
        sitters.append(
            Sitter(
                player=player,
                guest=facts.guest,
                created_at=facts.created_at,
                resigned=seat in game.resigned,
                handed_over=seat in handed,
                hands=played.get(seat, 0),
            )
        )
    return sitters


def _tag(event: object) -> str | None:
    tag = type(event).__struct_config__.tag  # type: ignore[attr-defined]
    return tag if isinstance(tag, str) else None


def ends_game(envelopes: Sequence[Envelope]) -> bool:
    """Whether these new events end the game, normally or not: the league's moment."""
    return any(
        isinstance(envelope.event, GameEnded) or _tag(envelope.event) == ABANDONED_TAG
        for envelope in envelopes
    )


async def game_result(
    games: GameService, game_id: str, directory: Directory = no_directory
) -> GameResult | None:
    """The league's result of a game that is over or abandoned; None for a game
    still being played (nothing to apply yet)."""
    game = await games.game(game_id)
    log = await games.log(game_id)
    ending = ending_of(log)
    if ending is None:
        return None
    return result_of_game(
        game_id,
        game.info.preset,
        game.record.state,
        await sitters_of(game, log, directory),
        datetime.fromisoformat(ending.at),
        stacked=game.info.stacked or game.own_hands_from != 0,
        abandoned=_tag(ending.event) == ABANDONED_TAG,
    )


def ending_of(log: Sequence[Envelope]) -> Envelope | None:
    """The event that ended the game (game_ended or game_abandoned), None while it
    is played. Not simply the last event: a rematch offered after the end is
    appended to the finished game's log too."""
    return next((envelope for envelope in reversed(log) if ends_game([envelope])), None)
