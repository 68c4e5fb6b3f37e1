"""A stream entry of a game's log damaged in Redis (bytes that are no JSON, its
field renamed, a field of the wrong type, an entry numbered other than its place)
makes that game unreadable: every read and command is a 409 `game_unreadable`,
never a 500, its bot's job does nothing, and another game's bot plays on."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from redis import Redis as SyncRedis
from workers_table import auth, work, worker_app

from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_keys import game_key
from workers.jobs import turn_timer


def _garbage(fields: dict[bytes, bytes]) -> dict[bytes, bytes]:
    return {b"e": b"\xff\xfe not json"}


def _renamed(fields: dict[bytes, bytes]) -> dict[bytes, bytes]:
    return {b"x": fields[b"e"]}


def _wrong_type(fields: dict[bytes, bytes]) -> dict[bytes, bytes]:
    return {b"e": json.dumps({**json.loads(fields[b"e"]), "version": "two"}).encode()}


def _misnumbered(fields: dict[bytes, bytes]) -> dict[bytes, bytes]:
    return {b"e": json.dumps({**json.loads(fields[b"e"]), "version": 7}).encode()}


def _unfoldable(fields: dict[bytes, bytes]) -> dict[bytes, bytes]:
    # Well formed, in place of the deal: before it no seat holds a card to discard.
    envelope = json.loads(fields[b"e"])
    discard = {"type": "card_discarded", "seat": 0, "card": "AS"}
    return {b"e": json.dumps({**envelope, "seat": 0, "event": discard}).encode()}


def _named(damage: Callable[..., Any]) -> str:
    return damage.__name__.strip("_")


_DAMAGES = [_garbage, _renamed, _wrong_type, _misnumbered, _unfoldable]


def _damage(url: str, game_id: str, version: int, how: Callable[..., dict[bytes, bytes]]) -> None:
    """Rewrite the game's stream with the entry at `version` damaged, and drop the
    cached state, as an operator's hand or a faulty tool would leave it."""
    redis = SyncRedis.from_url(url)
    try:
        events = game_key(game_id, "events")
        entries = redis.xrange(events)
        redis.delete(events, game_key(game_id, "views"))
        for entry_id, fields in entries:
            damaged = entry_id == f"0-{version}".encode()
            redis.xadd(events, how(fields) if damaged else fields, id=entry_id)
    finally:
        redis.close()


def _play_a_turn(client: Any, game_id: str, token: str) -> int:
    for _ in range(2):
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        command = view["legal_commands"][0 if view["phase"] == "draw" else -1]
        sent = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        assert sent.status_code == 200, sent.text
    version: int = sent.json()["version"]
    return version


def _two_games(client: Any) -> tuple[str, str, str, str]:
    """Two games of a human against a level 1 bot: (id, seat 0's token) each, the
    first to be damaged."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": 1}]
    made = [client.post("/games", json={"seats": seats}).json() for _ in range(2)]
    return made[0]["game_id"], made[0]["tokens"]["0"], made[1]["game_id"], made[1]["tokens"]["0"]


def _unreadable(answer: Any) -> None:
    assert answer.status_code == 409, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["code"] == "game_unreadable"


@pytest.mark.parametrize("how", _DAMAGES, ids=_named)
def test_a_damaged_event_entry_costs_only_its_own_game(
    embedded_redis: EmbeddedRedis, how: Callable[..., dict[bytes, bytes]]
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        broken, token, sound, sound_token = _two_games(client)
        # Each human's turn played: each game's bot has a job waiting.
        broken_at = _play_a_turn(client, broken, token)
        sound_at = _play_a_turn(client, sound, sound_token)
    _damage(url, broken, 2, how)
    # A process that never read the game (one that did keeps the record it folded).
    with worker_app(url, flush=False) as (client, queue):
        work(queue)
        for path in ("/view", "/events", "/states/2"):
            _unreadable(client.get(f"/games/{broken}{path}", headers=auth(token)))
        draw = {"type": "draw", "source": "stock"}
        _unreadable(client.post(f"/games/{broken}/commands", json=draw, headers=auth(token)))
        played = client.get(f"/games/{sound}/view", headers=auth(sound_token)).json()
        assert played["version"] > sound_at and played["turn"] == 0
    redis = SyncRedis.from_url(url)
    try:
        assert redis.xlen(game_key(broken, "events")) == broken_at  # nothing written
    finally:
        redis.close()


def _counter_no_number(redis: SyncRedis, game_id: str) -> None:
    redis.set(game_key(game_id, "version"), b"six")


def _counter_a_hash(redis: SyncRedis, game_id: str) -> None:
    redis.delete(game_key(game_id, "version"))
    redis.hset(game_key(game_id, "version"), "six", b"6")


def _events_a_string(redis: SyncRedis, game_id: str) -> None:
    redis.delete(game_key(game_id, "events"))
    redis.set(game_key(game_id, "events"), b"no stream")


_WRONG_KINDS = [_counter_no_number, _counter_a_hash, _events_a_string]


def _damage_key(
    url: str, game_id: str, damage: Callable[[SyncRedis, str], None], *, drop_views: bool = True
) -> None:
    """Damage one of the game's keys, and drop its cached views (unless told not to)."""
    redis = SyncRedis.from_url(url)
    try:
        damage(redis, game_id)
        if drop_views:
            redis.delete(game_key(game_id, "views"))
    finally:
        redis.close()


@pytest.mark.parametrize("damage", _WRONG_KINDS, ids=_named)
def test_a_game_key_of_the_wrong_kind_costs_only_its_own_game(
    embedded_redis: EmbeddedRedis, damage: Callable[[SyncRedis, str], None]
) -> None:
    url = embedded_redis.url
    with worker_app(url) as (client, queue):
        broken, token, sound, sound_token = _two_games(client)
        sound_at = _play_a_turn(client, sound, sound_token)
    _damage_key(url, broken, damage)
    with worker_app(url, flush=False) as (client, queue):
        work(queue)
        for path in ("", "/view", "/events", "/states/2"):
            _unreadable(client.get(f"/games/{broken}{path}", headers=auth(token)))
        draw = {"type": "draw", "source": "stock"}
        _unreadable(client.post(f"/games/{broken}/commands", json=draw, headers=auth(token)))
        played = client.get(f"/games/{sound}/view", headers=auth(sound_token)).json()
        assert played["version"] > sound_at and played["turn"] == 0
        assert client.get("/games", params={"status": "active"}).status_code == 200


def test_an_unfoldable_event_appended_under_a_process_that_follows_the_game_is_refused(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    seats = [{"kind": "human"}, {"kind": "human"}]
    with worker_app(url) as (client, _):
        created = client.post("/games", json={"seats": seats}).json()
        game_id, token = created["game_id"], created["tokens"]["0"]
        # This process now holds the game's record, and folds the next events into it.
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        redis = SyncRedis.from_url(url)
        try:
            (_, fields), *_ = redis.xrevrange(game_key(game_id, "events"), count=1)
            version = int(redis.get(game_key(game_id, "version")) or 0) + 1
            envelope = {**json.loads(fields[b"e"]), "version": version, "seat": 1}
            # Seat 1 discards a card seat 0 holds (one deck: seat 1 holds no copy).
            discard = {"type": "card_discarded", "seat": 1, "card": view["hand"][0]}
            envelope["event"] = discard
            entry = {b"e": json.dumps(envelope).encode()}
            redis.xadd(game_key(game_id, "events"), entry, id=f"0-{version}")
            redis.set(game_key(game_id, "version"), version)
        finally:
            redis.close()
        _unreadable(client.get(f"/games/{game_id}/events", params={"after": 0}))


def _meta_a_string(redis: SyncRedis, game_id: str) -> None:
    redis.delete(game_key(game_id, "meta"))
    redis.set(game_key(game_id, "meta"), b"no hash")


@pytest.mark.parametrize("damage", [*_WRONG_KINDS, _meta_a_string], ids=_named)
def test_a_players_games_list_the_others_when_one_is_damaged(
    embedded_redis: EmbeddedRedis, damage: Callable[[SyncRedis, str], None]
) -> None:
    url = embedded_redis.url
    seats = [{"kind": "human"}, {"kind": "bot", "level": 1}]
    with worker_app(url) as (client, _):
        token = client.post("/players", json={"name": "Ada"}).json()["token"]
        made = [
            client.post("/games", json={"seats": seats}, headers=auth(token)).json()
            for _ in range(2)
        ]
    broken, sound = (game["game_id"] for game in made)
    _damage_key(url, broken, damage)
    with worker_app(url, flush=False) as (client, _):
        listed = client.get("/players/me/games", headers=auth(token))
        assert listed.status_code == 200, listed.text
        assert sound in [game["game_id"] for game in listed.json()["games"]]
        _unreadable(client.get(f"/games/{broken}", headers=auth(token)))


@pytest.mark.parametrize("damage", _WRONG_KINDS, ids=_named)
def test_a_bots_job_on_a_game_of_the_wrong_kind_ends_without_retries(
    embedded_redis: EmbeddedRedis, damage: Callable[[SyncRedis, str], None]
) -> None:
    # A rerun would fare no better: the job ends (logged), as for any unreadable
    # game, and the reconciler names the game on /health once it is set aside.
    url = embedded_redis.url
    seats = [{"kind": "human"}, {"kind": "bot", "level": 1}]
    with worker_app(url) as (client, queue):
        created = client.post("/games", json={"seats": seats}).json()
        _play_a_turn(client, created["game_id"], created["tokens"]["0"])
    _damage_key(url, created["game_id"], damage, drop_views=False)
    work(queue)
    assert queue.failed_job_registry.count == 0
    assert queue.count == 0 and queue.scheduled_job_registry.count == 0


@pytest.mark.parametrize("how", [_garbage, _unfoldable], ids=_named)
def test_a_turn_timer_on_a_damaged_log_ends_without_retries(
    embedded_redis: EmbeddedRedis, how: Callable[..., dict[bytes, bytes]]
) -> None:
    url = embedded_redis.url
    seats = [{"kind": "human"}, {"kind": "human"}]
    with worker_app(url) as (client, _):
        body = {"seats": seats, "turn_time_limit_s": 30}
        game_id = client.post("/games", json=body).json()["game_id"]
    # The first deadline is the event after the deal: damaged, its timer reads it first.
    _damage(url, game_id, 3, how)
    assert turn_timer(game_id, 3) == "stale"
    _damage(url, game_id, 2, how)
    assert turn_timer(game_id, 3) == "stale"
