"""A waiting table nobody filled in time is removed by the reconciler once it has stayed
expired for EXPIRED_KEPT_S: its keys, its lobby line and its players' lines go. Before,
it was shown as expired and kept for good. A claim or a start that lands before the
removal wins: the removal deletes only the table as it read it."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from redis.asyncio import Redis
from workers_table import auth, worker_app

from service.app.expired_tables import EXPIRED_KEPT_S
from service.app.games import GameService
from service.app.seating import TablePolicy
from service.app.tokens import token_hash
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from service.store.players_redis import player_key
from service.store.redis_keys import token_key
from workers.queue import open_queue
from workers.reconcile import Reconciled, reconcile
from workers.schedule import TurnScheduler

TTL_S = TablePolicy().waiting_expires_after_s or 0.0
THREE = [{"kind": "human"}, {"kind": "human", "open": True}, {"kind": "human", "open": True}]


def _player(client: Any, name: str) -> dict[str, Any]:
    created = client.post("/players", json={"name": name})
    assert created.status_code == 201, created.text
    made: dict[str, Any] = created.json()
    return made


def _table(client: Any, host: dict[str, Any], **body: Any) -> dict[str, Any]:
    created = client.post("/games", json={"seats": THREE, **body}, headers=auth(host["token"]))
    assert created.status_code == 201, created.text
    table: dict[str, Any] = created.json()
    return table


def _invited(code: str | None) -> dict[str, str]:
    return {} if code is None else {"invite": code}


def _waiting_games(client: Any, who: dict[str, Any]) -> list[str]:
    page = client.get("/players/me/games", headers=auth(who["token"])).json()
    return [game["game_id"] for game in page["games"]]


def _reconcile_at(url: str, now: float) -> Reconciled:
    async def run() -> Reconciled:
        redis = Redis.from_url(url)
        jobs = open_queue(url)
        try:
            store = RedisEventStore(redis)
            return await reconcile(GameService(store), store, TurnScheduler(store, jobs), now=now)
        finally:
            await redis.aclose()
            jobs.connection.close()

    return asyncio.run(run())


def _keys_of(url: str, game_id: str) -> list[bytes]:
    async def run() -> list[bytes]:
        redis = Redis.from_url(url)
        try:
            return [key async for key in redis.scan_iter(match=f"*{game_id}*")]
        finally:
            await redis.aclose()

    return asyncio.run(run())


def _lines_of(url: str, player_id: str) -> list[bytes]:
    async def run() -> list[bytes]:
        redis = Redis.from_url(url)
        try:
            return list(await redis.zrange(player_key(player_id, "games"), 0, -1))
        finally:
            await redis.aclose()

    return asyncio.run(run())


def test_a_table_long_expired_is_removed_and_a_fresher_one_kept(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, _queue):
        ada, bo, cy = _player(client, "Ada"), _player(client, "Bo"), _player(client, "Cy")
        tables = [_table(client, ada), _table(client, ada, private=True)]
        public, private = (table["game_id"] for table in tables)
        # Cy hosts a table from no seat of hers: it is among her games until removed.
        all_open = {"seats": [{"kind": "human", "open": True}] * 2}
        hosted = client.post("/games", json=all_open, headers=auth(cy["token"])).json()["game_id"]
        for table in tables:
            path, code = f"/games/{table['game_id']}/seats/1", table.get("invite_code")
            claimed = client.post(path, headers=auth(bo["token"]), params=_invited(code))
            assert claimed.status_code == 201, claimed.text
        created = time.time()
        # Expired, but not for long: still listed to its players, marked expired.
        kept = _reconcile_at(url, created + TTL_S + EXPIRED_KEPT_S / 2)
        assert kept.expired_tables == 0
        assert set(_waiting_games(client, bo)) == {public, private}
        assert _waiting_games(client, cy) == [hosted]
        removed = _reconcile_at(url, created + TTL_S + EXPIRED_KEPT_S + 60)
        assert removed.expired_tables == 3
        for game_id in (public, private, hosted):
            assert client.get(f"/games/{game_id}").status_code == 404
            assert _keys_of(url, game_id) == []
        assert _waiting_games(client, ada) == _waiting_games(client, bo) == []
        # Not only hidden (a listing skips a game gone): no player's index keeps a line.
        for who in (ada, bo, cy):
            assert _lines_of(url, who["player_id"]) == []
        assert client.get("/games", params={"status": "waiting"}).json()["games"] == []


def test_a_start_that_lands_before_the_removal_keeps_the_table(
    embedded_redis: EmbeddedRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, _queue):
        ada = _player(client, "Ada")
        game_id = _table(client, ada)["game_id"]
        removing = RedisEventStore.remove_game_at

        async def start_first(store: RedisEventStore, removed: str, version: int) -> bool:
            # The host starts the table between the reconciler's read and its removal.
            started = client.post(f"/games/{removed}/start", headers=auth(ada["token"]))
            assert started.status_code == 200, started.text
            return await removing(store, removed, version)

        monkeypatch.setattr(RedisEventStore, "remove_game_at", start_first)
        counts = _reconcile_at(url, time.time() + TTL_S + EXPIRED_KEPT_S + 60)
        assert counts.expired_tables == 0
        summary = client.get(f"/games/{game_id}").json()
        assert summary["status"] == "active"
        assert _waiting_games(client, ada) == [game_id]


def _token_keys(url: str) -> list[bytes]:
    async def run() -> list[bytes]:
        redis = Redis.from_url(url)
        try:
            return [key async for key in redis.scan_iter(match="{tok:*")]
        finally:
            await redis.aclose()

    return asyncio.run(run())


def test_a_removed_tables_tokens_are_forgotten(embedded_redis: EmbeddedRedis) -> None:
    """The tokens dealt for a removed table (its host's seat, a claim's, a seat given
    back) name no game any more: shown to another game they are unknown (401), not
    another game's (403), and their keys go with the table's."""
    url = embedded_redis.url
    with worker_app(url) as (client, _queue):
        ada, bo, cy = _player(client, "Ada"), _player(client, "Bo"), _player(client, "Cy")
        table = _table(client, ada)
        game_id, token = table["game_id"], next(iter(table["tokens"].values()))
        for who, seat in ((bo, 1), (cy, 2)):
            claimed = client.post(f"/games/{game_id}/seats/{seat}", headers=auth(who["token"]))
            assert claimed.status_code == 201, claimed.text
            if who is bo:  # Bo gets up again: his claim's token opens no seat now
                left = client.delete(f"/games/{game_id}/seats/1", headers=auth(bo["token"]))
                assert left.status_code in (200, 204), left.text
        # A game in play, which no removal touches.
        seats = [{"kind": "human"}, {"kind": "bot", "level": 1}]
        playing = client.post("/games", json={"seats": seats}).json()
        other = playing["game_id"]
        before = client.get(f"/games/{other}/view", headers=auth(token))
        assert before.status_code == 403, before.text
        assert len(_token_keys(url)) == 4  # Ada's seat, Bo's and Cy's claims, the game's

        removed = _reconcile_at(url, time.time() + TTL_S + EXPIRED_KEPT_S + 60)
        assert removed.expired_tables == 1
        after = client.get(f"/games/{other}/view", headers=auth(token))
        assert after.status_code == 401, after.text
        assert after.json()["code"] == "invalid_token"
        # The game in play keeps its token's; the removed table's three are gone.
        assert _token_keys(url) == [token_key(token_hash(playing["tokens"]["0"])).encode()]
