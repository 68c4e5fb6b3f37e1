"""A finished game's league result, from its log and meta: the wiring of `result_of_game`.

Who held each seat: a bot seat is its level's league player (`bot:3`); a human
seat is the player whose id the game's meta records for it. A human seat
with no player id (taken with a bare seat token) is nobody the league can
credit: it is left out of the result (`result_of_game`), so it neither gains
nor gives rating, and the others are rated by how they finished among
themselves. Imported and forked games count as stacked: their first hands
were not dealt from the service's own secret seed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime

import msgspec

from domain.events import GameEnded
from service.app.envelope import Envelope
from service.app.games import Game, GameService
from service.app.league.results import GameResult, Sitter, bot_id, result_of_game

__all__ = [
    "ABANDONED_TAG",
    "Directory",
    "ends_game",
    "PlayerFacts",
    "game_result",
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


def seat_players(game: Game) -> dict[int, str]:
    """Seat -> the player id holding it, as the game's meta records it."""
    players: dict[int, str] = getattr(game, "players", {})
    return players


async def sitters_of(game: Game, directory: Directory = no_directory) -> list[Sitter | None]:
    players = seat_players(game)
    sitters: list[Sitter | None] = []
    for seat, spec in enumerate(game.info.seats):
        if spec.kind == "bot":
            sitters.append(Sitter(player=bot_id(spec.level or 1), kind="bot"))
            continue
        player = players.get(seat)
        if player is None:
            sitters.append(None)
            continue
        facts = await directory(player) or PlayerFacts()
        sitters.append(
            Sitter(
                player=player,
                guest=facts.guest,
                guest_created_at=facts.created_at if facts.guest else None,
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
    state = game.record.state
    last = await games.log(game_id, after=game.record.version - 1)
    if not last:
        return None
    abandoned = _tag(last[-1].event) == ABANDONED_TAG
    if state.phase != "over" and not abandoned:
        return None
    return result_of_game(
        game_id,
        game.info.preset,
        state,
        await sitters_of(game, directory),
        datetime.fromisoformat(last[-1].at),
        stacked=game.own_hands_from != 0,
    )
