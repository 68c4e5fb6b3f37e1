"""Wire schemas of the player routes."""

from __future__ import annotations

from typing import Annotated

import msgspec

from service.app.player_games import PlayerGame
from service.app.players import CreatedPlayer, Player

# Generous on the wire so an overlong name is refused by its rule (422
# invalid_name, after trimming), not as a schema violation.
WireName = Annotated[str, msgspec.Meta(max_length=256)]


class CreatePlayer(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A new player: a display name (1-32 characters once trimmed); a guest may omit it."""

    name: WireName | None = None
    guest: bool = False


class RenamePlayer(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: WireName


class CreatedPlayerOut(msgspec.Struct, frozen=True, kw_only=True):
    """The new player and their secret token, shown once: it acts for every seat they take."""

    player_id: str
    name: str
    guest: bool
    created_at: str
    token: str

    @classmethod
    def of(cls, created: CreatedPlayer) -> CreatedPlayerOut:
        player = created.player
        return cls(
            player_id=player.player_id,
            name=player.name,
            guest=player.guest,
            created_at=player.created_at,
            token=created.token,
        )


class PlayerGames(msgspec.Struct, frozen=True, kw_only=True):
    games: tuple[PlayerGame, ...]
    limit: int
    offset: int


__all__ = [
    "CreatePlayer",
    "CreatedPlayerOut",
    "Player",
    "PlayerGames",
    "RenamePlayer",
]
