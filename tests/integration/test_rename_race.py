"""Two renames of one player at once, on Redis (where their writes interleave): every
table ends with the name the player's record keeps, never a mix of the two."""

from __future__ import annotations

import asyncio

import pytest
from redis.asyncio import Redis

from service.app.games import GameService, SeatSpec
from service.app.player_games import rename_player
from service.store import RedisEventStore

pytestmark = pytest.mark.anyio
HUMAN = SeatSpec(kind="human")


async def test_two_renames_at_once_leave_every_table_with_the_players_name(
    redis_client: Redis,
) -> None:
    games = GameService(RedisEventStore(redis_client))
    created = await games.players.create("Ada")
    ada = await games.players.authenticate(created.token)
    made = [await games.create(seats=(HUMAN, HUMAN), player=ada) for _ in range(30)]
    for round_ in range(10):
        names = (f"Ann{round_}", f"Bea{round_}")
        await asyncio.gather(*(rename_player(games, ada, name) for name in names))
        kept = await games.players.get(ada.player_id)
        assert kept is not None and kept.name in names
        shown = [(await games.reader.read_facts(game.game_id)).names[0] for game in made]
        assert set(shown) == {kept.name}, (kept.name, shown)
