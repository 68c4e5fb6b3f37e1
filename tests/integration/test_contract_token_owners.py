"""The TokenOwners port's contract, which every store passes (the keys an earlier
release recorded tokens under are `rummy upgrade`'s:
tests/integration/test_previous_release_upgrade.py)."""

from __future__ import annotations

import hashlib

import pytest

from service.store import EventStore, RedisEventStore
from service.store.redis_keys import token_key

pytestmark = pytest.mark.anyio


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def test_a_tokens_game_is_found_by_its_hash_and_no_other(store: EventStore) -> None:
    await store.put_token_owner(_digest("a"), "g1")
    await store.put_token_owner(_digest("b"), "g2")

    assert await store.token_owner(_digest("a")) == "g1"
    assert await store.token_owner(_digest("b")) == "g2"
    assert await store.token_owner(_digest("never dealt")) is None
    # Nothing of it is a game: scans of the games never meet a token.
    assert [game_id async for game_id in store.meta_ids()] == []
    with pytest.raises(ValueError):
        await store.token_owner("t_" + _digest("a")[:62])


async def test_removed_tokens_name_no_game_and_the_others_stay(store: EventStore) -> None:
    for token in ("a", "b", "c"):
        await store.put_token_owner(_digest(token), "g1")

    await store.remove_token_owners([_digest("a"), _digest("b"), _digest("never dealt")])
    await store.remove_token_owners([])

    assert await store.token_owner(_digest("a")) is None
    assert await store.token_owner(_digest("b")) is None
    assert await store.token_owner(_digest("c")) == "g1"
    with pytest.raises(ValueError):
        await store.remove_token_owners(["t_" + _digest("c")[:62]])
    assert await store.token_owner(_digest("c")) == "g1"


async def test_a_token_key_whose_game_is_no_game_id_names_no_game(store: EventStore) -> None:
    """Written by hand (not UTF-8, not an id), it failed every request made with its
    token (a 500): it names no game, as a key lost does (the token is unknown)."""
    if not isinstance(store, RedisEventStore):
        pytest.skip("only Redis holds a value put_token_owner would not write")
    for token, value in (("a", b"\xff\xfe"), ("b", b"no game"), ("c", b"g1")):
        await store.client.set(token_key(_digest(token)), value)
    assert await store.token_owner(_digest("a")) is None
    assert await store.token_owner(_digest("b")) is None
    assert await store.token_owner(_digest("c")) == "g1"
