"""Redis round trips per API request, counted on the client the store uses."""

from __future__ import annotations

import random

import httpx
import msgspec
import pytest
from redis.asyncio import Redis
from store_table import CountingRoundTrips

from domain.commands import PlayerCommand
from service.app.writes import Executed
from service.http.app import create_app
from service.http.schemas_commands import from_domain
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.tools.simulation import random_player

pytestmark = pytest.mark.anyio


async def test_a_command_with_its_scheduler_and_a_view_read_are_one_redis_call_each(
    embedded_redis: EmbeddedRedis,
) -> None:
    client = Redis.from_url(embedded_redis.url)
    await client.flushall()
    counter = CountingRoundTrips(client)
    store = RedisEventStore(client)
    scheduled: list[Executed] = []

    async def schedule(appended: Executed) -> None:
        # As the TurnScheduler does: who plays each seat comes with the append (the
        # log's say), so scheduling reads nothing more.
        assert len(appended.controllers) == appended.state.seats
        scheduled.append(appended)

    app = create_app(store, on_appended=schedule)
    games = app.state.games
    transport = httpx.ASGITransport(app=app)
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            body = {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4}
            created = (await http.post("/games", json=body)).json()
            game_id, tokens = created["game_id"], created["tokens"]
            rng = random.Random(4)
            per_command, per_view = [], []
            for _ in range(12):
                state = (await games.game(game_id)).record.state
                headers = {"authorization": f"Bearer {tokens[str(state.turn)]}"}
                command = random_player(state, state.turn, rng)
                before = counter.taken
                posted = await http.post(
                    f"/games/{game_id}/commands", content=_wire(command), headers=headers
                )
                per_command.append(counter.taken - before)
                assert posted.status_code == 200, posted.text
                other = {"authorization": f"Bearer {tokens[str(1 - state.turn)]}"}
                before = counter.taken
                viewed = await http.get(f"/games/{game_id}/view", headers=other)
                per_view.append(counter.taken - before)
                assert viewed.status_code == 200 and viewed.json()["seat"] == 1 - state.turn
            # The first of each may load the scripts (NOSCRIPT, then EVAL).
            assert per_command[2:] == [1] * 10, per_command
            assert per_view[2:] == [1] * 10, per_view
            assert len(scheduled) == 13  # the creation and every command
    finally:
        await client.aclose()


def _wire(command: PlayerCommand) -> bytes:
    return msgspec.json.encode(from_domain(command))
