"""The API over a real (embedded) Redis: restarts keep games, races have one winner."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from http_table import auth
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis

from service.http.app import create_app
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis

pytestmark = pytest.mark.anyio


def _client_for(server: EmbeddedRedis) -> Any:
    # The app runs in the test client's own loop: the Redis client is closed there too.
    redis = Redis.from_url(server.url)
    return AsyncTestClient(create_app(RedisEventStore(redis), on_shutdown=[redis.aclose]))


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[EmbeddedRedis]:
    with EmbeddedRedis(tmp_path / "redis") as embedded:
        yield embedded


async def test_a_game_survives_a_redis_restart_on_the_same_data_dir(tmp_path: Path) -> None:
    data = tmp_path / "redis"
    with EmbeddedRedis(data) as server:
        client = _client_for(server)
        async with client:
            created = (
                await client.post("/games", json={"seats": [{"kind": "human"}] * 2, "seed": 4})
            ).json()
            game_id = created["game_id"]
            turn = (await client.get(f"/games/{game_id}")).json()["view"]["turn"]
            token = created["tokens"][str(turn)]
            drawn = await client.post(
                f"/games/{game_id}/commands", json={"type": "draw"}, headers=auth(token)
            )
            assert drawn.status_code == 200
            before = (await client.get(f"/games/{game_id}/view", headers=auth(token))).json()
    with EmbeddedRedis(data) as server:
        client = _client_for(server)
        async with client:
            summary = (await client.get(f"/games/{game_id}")).json()
            assert summary["version"] == drawn.json()["version"]
            after = (await client.get(f"/games/{game_id}/view", headers=auth(token))).json()
            assert after == before
            card = after["hand"][0]
            legal = [c for c in after["legal_commands"] if c["type"] == "discard"]
            assert legal, after
            body = legal[0] | {"expected_version": summary["version"]}
            resumed = await client.post(
                f"/games/{game_id}/commands", json=body, headers=auth(token)
            )
            assert resumed.status_code == 200, (card, resumed.text)
            assert resumed.json()["version"] > summary["version"]


async def test_of_concurrent_commands_on_redis_exactly_one_wins(server: EmbeddedRedis) -> None:
    client = _client_for(server)
    async with client:
        created = (
            await client.post("/games", json={"seats": [{"kind": "human"}] * 2, "seed": 9})
        ).json()
        game_id = created["game_id"]
        turn = (await client.get(f"/games/{game_id}")).json()["view"]["turn"]
        headers = auth(created["tokens"][str(turn)])
        answers: list[tuple[int, str | None]] = []

        async def draw(index: int) -> None:
            body = {"type": "draw", "command_id": f"race-{index}", "expected_version": 2}
            response = await client.post(f"/games/{game_id}/commands", json=body, headers=headers)
            code = response.json().get("code") if response.status_code != 200 else None
            answers.append((response.status_code, code))

        async with anyio.create_task_group() as group:
            for index in range(8):
                group.start_soon(draw, index)
        assert sorted(answers, key=str)[0][0] == 200
        assert [status for status, _ in answers].count(200) == 1
        assert {answer for answer in answers if answer[0] != 200} == {(409, "version_conflict")}
        assert (await client.get(f"/games/{game_id}")).json()["version"] == 3


async def test_racing_service_calls_on_redis_have_one_winner(server: EmbeddedRedis) -> None:
    # Straight through the service in one loop: the awaits on Redis interleave,
    # so the losers really race to the append (the HTTP test client may queue requests).
    from domain.commands import Draw
    from service.app.errors import ServiceError
    from service.app.games import GameService, SeatSpec

    redis = Redis.from_url(server.url)
    try:
        store = RedisEventStore(redis)
        service = GameService(store)
        created = await service.create(seats=(SeatSpec(kind="human"),) * 2, seed=9)
        turn = (await service.game(created.game_id)).record.state.turn
        outcomes: list[str] = []

        async def draw(index: int) -> None:
            try:
                await service.commands.handle(
                    created.game_id, turn, Draw(), expected_version=2, command_id=f"r{index}"
                )
                outcomes.append("won")
            except ServiceError as refused:
                outcomes.append(refused.code)

        async with anyio.create_task_group() as group:
            for index in range(8):
                group.start_soon(draw, index)
        assert sorted(outcomes) == ["version_conflict"] * 7 + ["won"]
        assert await store.version(created.game_id) == 3
    finally:
        await redis.aclose()


async def test_players_live_in_redis_beside_the_games(server: EmbeddedRedis) -> None:
    async with _client_for(server) as client:
        ada = (await client.post("/players", json={"name": "Ada"})).json()
        seats = [{"kind": "human"}, {"kind": "human", "open": True}]
        game = (
            await client.post("/games", json={"seats": seats}, headers=auth(ada["token"]))
        ).json()
    # Another app over the same Redis knows the player and the seat they hold.
    async with _client_for(server) as client:
        me = await client.get("/players/me", headers=auth(ada["token"]))
        assert me.json()["name"] == "Ada"
        view = await client.get(f"/games/{game['game_id']}/view", headers=auth(ada["token"]))
        assert view.json()["seat"] == 0
        mine = (await client.get("/players/me/games", headers=auth(ada["token"]))).json()
        assert [entry["game_id"] for entry in mine["games"]] == [game["game_id"]]
    redis = Redis.from_url(server.url)
    try:
        keys = {key async for key in redis.scan_iter(match="{p:*")}
    finally:
        await redis.aclose()
    assert keys == {
        f"{{p:{ada['player_id']}}}:player".encode(),
        f"{{p:{ada['player_id']}}}:games".encode(),
    }


async def test_racing_claims_and_a_racing_start_on_redis_have_one_winner(
    server: EmbeddedRedis,
) -> None:
    # Eight players claim the one open seat of a table while its host starts it:
    # the seat goes to exactly one of them (or to the start's bot), and the first
    # hand is dealt exactly once.
    from service.app.errors import ServiceError
    from service.app.games import GameService, SeatSpec
    from service.app.tables import Caller, start

    redis = Redis.from_url(server.url)
    try:
        store = RedisEventStore(redis)
        service = GameService(store)
        host = (await service.players.create("Host")).player
        seats = (SeatSpec(kind="human"), SeatSpec(kind="human", open=True))
        created = await service.create(seats=seats, player=host)
        players = [(await service.players.create(f"P{n}")).player for n in range(8)]
        outcomes: list[str] = []

        async def claim(index: int) -> None:
            try:
                await service.claim(created.game_id, 1, players[index])
                outcomes.append("won")
            except ServiceError as refused:
                outcomes.append(refused.code)

        async def begin() -> None:
            try:
                await start(service, created.game_id, Caller(player=host, seats=(0,)), "bots", 1)
                outcomes.append("started")
            except ServiceError as refused:
                outcomes.append(refused.code)

        async with anyio.create_task_group() as group:
            for index in range(8):
                group.start_soon(claim, index)
            group.start_soon(begin)
        game = await service.game(created.game_id)
        human_won = outcomes.count("won")
        assert human_won + (1 if 1 in game.filled else 0) == 1, outcomes
        assert set(outcomes) <= {"won", "started", "seat_taken", "table_started"}
        assert game.record.state.hand_number == 1
        log = await store.read(created.game_id)
        assert sum(b"hand_dealt" in stored.data for stored in log) == 1
    finally:
        await redis.aclose()


async def test_a_player_racing_for_two_seats_of_one_table_gets_one(server: EmbeddedRedis) -> None:
    # Without hot seat a player holds one seat of a table, even when their claims
    # of two different seats race each other; the seat refused stays open.
    from service.app.errors import ServiceError
    from service.app.games import GameService, SeatSpec

    redis = Redis.from_url(server.url)
    try:
        service = GameService(RedisEventStore(redis))
        host = (await service.players.create("Host")).player
        eve = (await service.players.create("Eve")).player
        seats = (SeatSpec(kind="human"),) + (SeatSpec(kind="human", open=True),) * 3
        created = await service.create(seats=seats, player=host)
        outcomes: list[str] = []

        async def claim(seat: int) -> None:
            try:
                await service.claim(created.game_id, seat, eve)
                outcomes.append("won")
            except ServiceError as refused:
                outcomes.append(refused.code)

        for _ in range(5):
            async with anyio.create_task_group() as group:
                for seat in (1, 2, 3):
                    group.start_soon(claim, seat)
            facts = await service.fresh_facts(created.game_id)
            assert facts.seats_of(eve.player_id) and len(facts.seats_of(eve.player_id)) == 1
            assert outcomes.count("won") == 1, outcomes
            assert set(outcomes) == {"won", "already_seated"}, outcomes
            # Leaving gives the seat back, and the next race again seats Eve once.
            from service.app.tables import Caller, leave

            held = facts.seats_of(eve.player_id)[0]
            await leave(service, created.game_id, held, Caller(player=eve, seats=(held,)))
            outcomes.clear()
    finally:
        await redis.aclose()


async def test_a_rename_through_another_api_process_shows_in_the_next_view(
    server: EmbeddedRedis,
) -> None:
    """API processes share only the store: the one serving a table in play learns of a
    rename made through another at the next view, however long it remembers the table."""
    async with _client_for(server) as here, _client_for(server) as there:
        ada = (await here.post("/players", json={"name": "Ada"})).json()
        bo = (await here.post("/players", json={"name": "Bo"})).json()
        seats = [{"kind": "human"}, {"kind": "human", "open": True}]
        created = await here.post("/games", json={"seats": seats}, headers=auth(ada["token"]))
        game_id = created.json()["game_id"]
        claimed = await here.post(f"/games/{game_id}/seats/1", headers=auth(bo["token"]))
        assert claimed.status_code == 201, claimed.text

        async def names_seen() -> list[str | None]:
            view = await here.get(f"/games/{game_id}/view", headers=auth(ada["token"]))
            assert view.status_code == 200, view.text
            return [label["name"] for label in view.json()["seat_labels"]]

        assert await names_seen() == ["Ada", "Bo"]
        renamed = await there.patch(
            "/players/me", json={"name": "Bobby"}, headers=auth(bo["token"])
        )
        assert renamed.status_code == 200, renamed.text
        assert await names_seen() == ["Ada", "Bobby"]
