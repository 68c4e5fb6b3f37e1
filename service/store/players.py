"""The PlayerStore role: one small record per player and the games that player sits at.

A player's records are opaque fields here, as a game's meta is to the
EventStore; the service owns their meaning (name, token hash, guest flag).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Protocol

__all__ = ["PlayerStore", "check_player_id"]

# Player ids become part of Redis keys inside a `{p:<id>}` hash tag: only
# characters that cannot break the tag.
_PLAYER_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def check_player_id(player_id: str) -> None:
    if not _PLAYER_ID.fullmatch(player_id):
        raise ValueError(f"invalid player id {player_id!r}: use 1-64 of [A-Za-z0-9_-]")


class PlayerStore(Protocol):
    """Players and, per player, the games they hold a seat in (newest first)."""

    async def create_player(self, player_id: str, fields: Mapping[str, bytes]) -> bool:
        """Write a new player's record; False (and nothing written) if the id exists."""
        ...

    async def get_player(self, player_id: str) -> dict[str, bytes]:
        """All fields of the player's record; {} when there is no such player."""
        ...

    async def update_player(self, player_id: str, fields: Mapping[str, bytes]) -> bool:
        """Merge fields into an existing record; False (nothing written) if there is none."""
        ...

    async def add_game(self, player_id: str, game_id: str, score: float) -> None:
        """File a game under the player, ordered by `score` (a later filing moves it)."""
        ...

    async def remove_game(self, player_id: str, game_id: str) -> None:
        """Forget a game of the player (a seat left); nothing if it is not filed."""
        ...

    async def games(self, player_id: str, limit: int = 50, offset: int = 0) -> list[str]:
        """The player's games, highest score (newest) first."""
        ...
