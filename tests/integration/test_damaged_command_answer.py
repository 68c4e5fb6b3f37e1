"""A command's answer recorded under its id and damaged in Redis (torn, not JSON)
cannot answer a retry: the retry is refused as one whose record's versions do not
parse, 409 `command_id_reused`, never a 500, and nothing is written again."""

from __future__ import annotations

import pytest
from redis import Redis as SyncRedis
from workers_table import auth, worker_app

from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_keys import game_key


@pytest.mark.parametrize(
    "answer", [b"\xff\xfe", b'{"version":3,"view":{'], ids=["not_json", "torn"]
)
def test_a_retry_whose_recorded_answer_is_damaged_is_refused(
    embedded_redis: EmbeddedRedis, answer: bytes
) -> None:
    url = embedded_redis.url
    draw = {"type": "draw", "source": "stock", "command_id": "draw-1"}
    with worker_app(url) as (client, _):
        seats = [{"kind": "human"}, {"kind": "human"}]
        created = client.post("/games", json={"seats": seats}).json()
        game_id, token = created["game_id"], created["tokens"]["0"]
        first = client.post(f"/games/{game_id}/commands", json=draw, headers=auth(token))
        assert first.status_code == 200, first.text
    redis = SyncRedis.from_url(url)
    try:
        records = game_key(game_id, "cmds")
        answers = [field for field in redis.hkeys(records) if field.startswith(b"r:")]
        assert answers
        for field in answers:
            redis.hset(records, field, answer)
    finally:
        redis.close()
    with worker_app(url, flush=False) as (client, _):
        retry = client.post(f"/games/{game_id}/commands", json=draw, headers=auth(token))
        assert retry.status_code == 409, retry.text
        assert retry.json()["code"] == "command_id_reused"
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
    assert view["version"] == first.json()["version"]
