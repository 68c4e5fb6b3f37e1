"""The ViewCache port's contract, which every store passes."""

from __future__ import annotations

import pytest
from store_table import append

from service.store import (
    CommandIdReused,
    EventStore,
    InvalidGameId,
    Snapshot,
    StoredView,
    VersionConflict,
)

pytestmark = pytest.mark.anyio


async def test_views_are_cached_per_viewer_and_never_go_back_in_version(
    store: EventStore,
) -> None:
    assert await store.get_view("g1", "seat:0") is None

    await store.put_view("g1", "seat:0", 3, b"v3")
    await store.put_view("g1", "seat:0", 2, b"v2-late")
    await store.put_view("g1", "spectator", 1, b"s1")
    assert await store.get_view("g1", "seat:0") == StoredView(version=3, data=b"v3")

    await store.put_view("g1", "seat:0", 4, b"v4")
    assert await store.get_view("g1", "seat:0") == StoredView(version=4, data=b"v4")
    assert await store.get_view("g1", "spectator") == StoredView(version=1, data=b"s1")

    await store.drop_views("g1")
    assert await store.get_view("g1", "seat:0") is None
    assert await store.get_view("g1", "spectator") is None


async def test_an_append_caches_its_views_at_the_new_version(store: EventStore) -> None:
    await store.put_view("g1", "seat:1", 1, b"old")
    await store.put_view("g1", "seat:2", 9, b"fresher")
    appended = await store.append(
        "g1",
        [b"a", b"b"],
        expected_version=0,
        command_id=None,
        command_digest=None,
        views={"seat:0": b"v2", "seat:1": b"w2", "seat:2": b"stale"},
    )

    assert appended.version == 2
    assert await store.get_view("g1", "seat:0") == StoredView(version=2, data=b"v2")
    assert await store.get_view("g1", "seat:1") == StoredView(version=2, data=b"w2")
    # Like put_view: never over a fresher projection.
    assert await store.get_view("g1", "seat:2") == StoredView(version=9, data=b"fresher")


async def test_an_append_whose_every_view_is_behind_the_cache_keeps_them_all(
    store: EventStore,
) -> None:
    await store.put_view("g1", "seat:0", 7, b"fresher0")
    await store.put_view("g1", "seat:1", 8, b"fresher1")
    appended = await store.append(
        "g1",
        [b"a"],
        expected_version=0,
        command_id="c",
        command_digest="d",
        views={"seat:0": b"stale0", "seat:1": b"stale1"},
    )

    assert appended.version == 1
    assert await store.get_view("g1", "seat:0") == StoredView(version=7, data=b"fresher0")
    assert await store.get_view("g1", "seat:1") == StoredView(version=8, data=b"fresher1")


async def test_a_refused_or_duplicate_append_caches_no_views(store: EventStore) -> None:
    await append(store, "g1", b"a", command_id="c", digest="d", result=b"r")
    with pytest.raises(VersionConflict):
        await store.append(
            "g1", [b"b"], expected_version=0, command_id=None, command_digest=None,
            views={"seat:0": b"refused"},
        )  # fmt: skip
    retried = await store.append(
        "g1", [b"a"], expected_version=0, command_id="c", command_digest="d",
        views={"seat:0": b"duplicate"},
    )  # fmt: skip
    with pytest.raises(CommandIdReused):
        await store.append(
            "g1", [b"a"], expected_version=None, command_id="c", command_digest="other",
            views={"seat:0": b"reused"},
        )  # fmt: skip

    assert retried.duplicate
    assert await store.get_view("g1", "seat:0") is None


async def test_a_snapshot_reads_the_version_views_and_meta_together(store: EventStore) -> None:
    assert await store.snapshot("g1", ["seat:0"], meta=True) == Snapshot(version=0, meta={})
    await append(store, "g1", b"a", b"b", b"c")
    await store.put_view("g1", "seat:0", 2, b"v2")
    await store.put_view("g1", "state", 3, b"s3")
    await store.put_meta("g1", {"info": b"i", "seed": b"\x00\xff"})

    assert await store.snapshot("g1") == Snapshot(version=3)
    assert await store.snapshot("g1", ["seat:0", "seat:1", "state"]) == Snapshot(
        version=3,
        views={
            "seat:0": StoredView(version=2, data=b"v2"),
            "state": StoredView(version=3, data=b"s3"),
        },
    )
    with_meta = await store.snapshot("g1", ["seat:1"], meta=True)
    assert with_meta == Snapshot(version=3, meta={"info": b"i", "seed": b"\x00\xff"})
    assert (await store.snapshot("g2", ["seat:0"], meta=True)).meta == {}
    # Or those of the record's fields asked for that it has, with the views and the
    # fallback as without them.
    some = await store.snapshot(
        "g1", ["seat:0"], meta=["seed", "absent"], fallback=["state"], have=1
    )
    assert some == Snapshot(
        version=3,
        views={
            "seat:0": StoredView(version=2, data=b"v2"),
            "state": StoredView(version=3, data=b"s3"),
        },
        meta={"seed": b"\x00\xff"},
    )
    assert (await store.snapshot("g1", meta=["absent"])).meta == {}
    with pytest.raises(InvalidGameId):
        await store.snapshot("{bad}")


async def test_a_snapshot_brings_the_fallback_only_to_build_a_stale_view(
    store: EventStore,
) -> None:
    await append(store, "g1", b"a", b"b", b"c")
    await store.put_view("g1", "seat:0", 3, b"v3")
    await store.put_view("g1", "seat:1", 2, b"w2")
    await store.put_view("g1", "state", 3, b"s3")
    state = {"state": StoredView(version=3, data=b"s3")}
    fresh = {"seat:0": StoredView(version=3, data=b"v3")}
    stale = {"seat:1": StoredView(version=2, data=b"w2")}

    async def views(viewers: list[str], have: int = 0) -> dict[str, StoredView]:
        snapshot = await store.snapshot("g1", viewers, fallback=["state"], have=have)
        assert snapshot.version == 3
        return snapshot.views

    assert await views(["seat:0"]) == fresh
    assert await views(["seat:1"]) == stale | state
    assert await views(["seat:2"]) == state
    assert await views(["seat:0", "seat:1"]) == fresh | stale | state
    # The caller holds the game at its version already, or is asking for no view.
    assert await views(["seat:1"], have=3) == stale
    assert await views([], have=2) == state
    assert await views([], have=3) == {}
    # A game with no events has nothing to build from.
    empty = await store.snapshot("g2", ["seat:0"], fallback=["state"])
    assert empty == Snapshot(version=0)
