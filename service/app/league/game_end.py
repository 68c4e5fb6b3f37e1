"""A finished game's league result, from its log and meta: the wiring of `result_of_game`.

Who held each seat: a bot seat is its level's league player (`bot:3`); a human
seat is the player whose id the game's meta records for it (with the guest
flag and the account's creation time, from the players' directory: the abuse
policy reads every account's age), resigned if it resigned, with
the hands it finished before. A human seat with no player id (taken with a
bare seat token) is nobody the league can credit: it is left out of the
result (`result_of_game`), so it neither gains nor gives rating, and the
others are rated by how they finished among themselves. A seat a bot took
when its table started (an open seat filled) is that level's bot.

A game is rated unless its `rated` knob is off (a training table). Stacked
games (created with a `seed` or a `deck`), and imported or forked ones, whose
first hands were not dealt from the service's own secret seed, never count.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime

import msgspec

from domain.events import GameEnded, HandEnded, SeatResigned
from service.app.envelope import Envelope
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
    "no_directory",
    "sitters_of",
]

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
        player = await players.get(player_id)
        if player is None:
            return None
        created = datetime.fromisoformat(player.created_at) if player.created_at else None
        return PlayerFacts(guest=player.guest, created_at=created)

    return lookup


def hands_before_resigning(log: Sequence[Envelope]) -> dict[int, int]:
    """Seat -> the hands it finished before it resigned."""
    ended = 0
    resigned: dict[int, int] = {}
    for envelope in log:
        if isinstance(envelope.event, HandEnded):
            ended += 1
        elif isinstance(envelope.event, SeatResigned):
            resigned.setdefault(envelope.event.seat, ended)
    return resigned


async def sitters_of(
    game: Game, log: Sequence[Envelope], directory: Directory = no_directory
) -> list[Sitter | None]:
    resigned = hands_before_resigning(log) if game.resigned else {}
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
                hands=resigned.get(seat),
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
