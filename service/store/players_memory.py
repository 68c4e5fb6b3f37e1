"""InMemoryPlayerStore: the PlayerStore in process memory, for unit tests and throwaway runs."""

from __future__ import annotations

from collections.abc import Mapping

from service.store.base import check_listing
from service.store.players import PlayerStore, check_player_id

__all__ = ["InMemoryPlayerStore"]


class InMemoryPlayerStore(PlayerStore):
    """Same contract as the Redis store; atomic because no method awaits mid-update."""

    def __init__(self) -> None:
        self._players: dict[str, dict[str, bytes]] = {}
        self._games: dict[str, dict[str, float]] = {}

    async def create_player(self, player_id: str, fields: Mapping[str, bytes]) -> bool:
        check_player_id(player_id)
        if player_id in self._players or not fields:
            return False
        self._players[player_id] = dict(fields)
        return True

    async def get_player(self, player_id: str) -> dict[str, bytes]:
        check_player_id(player_id)
        return dict(self._players.get(player_id, {}))

    async def update_player(self, player_id: str, fields: Mapping[str, bytes]) -> bool:
        check_player_id(player_id)
        record = self._players.get(player_id)
        if record is None:
            return False
        record.update(fields)
        return True

    async def add_game(self, player_id: str, game_id: str, score: float) -> None:
        check_player_id(player_id)
        self._games.setdefault(player_id, {})[game_id] = score

    async def remove_game(self, player_id: str, game_id: str) -> None:
        check_player_id(player_id)
        self._games.get(player_id, {}).pop(game_id, None)

    async def games(self, player_id: str, limit: int = 50, offset: int = 0) -> list[str]:
        check_player_id(player_id)
        check_listing(limit, offset)
        # Ties broken by id, highest first, as ZREVRANGE orders equal scores.
        filed = sorted(
            ((score, game_id) for game_id, score in self._games.get(player_id, {}).items()),
            reverse=True,
        )
        return [game_id for _, game_id in filed[offset : offset + limit]]
