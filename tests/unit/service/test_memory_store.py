"""What the shared contract cannot see of InMemoryEventStore: event loops, cancellation, copies."""

from __future__ import annotations

import asyncio

from service.store import InMemoryEventStore, StoredEvent


def test_one_store_serves_waiters_in_successive_event_loops() -> None:
    # Unit tests often build the store once and run each test in a fresh loop.
    store = InMemoryEventStore()

    async def wait_and_append(version: int) -> list[StoredEvent]:
        waiter = asyncio.create_task(store.wait_for("g1", after=version, timeout_s=2))
        await asyncio.sleep(0.01)
        await store.append(
            "g1", [b"e"], expected_version=version, command_id=None, command_digest=None
        )
        return await waiter

    assert [event.version for event in asyncio.run(wait_and_append(0))] == [1]
    assert [event.version for event in asyncio.run(wait_and_append(1))] == [2]


def test_a_cancelled_wait_leaves_the_store_usable() -> None:
    store = InMemoryEventStore()

    async def scenario() -> list[StoredEvent]:
        cancelled = asyncio.create_task(store.wait_for("g1", after=0, timeout_s=5))
        await asyncio.sleep(0.01)
        cancelled.cancel()
        await asyncio.gather(cancelled, return_exceptions=True)
        waiter = asyncio.create_task(store.wait_for("g1", after=0, timeout_s=2))
        await asyncio.sleep(0.01)
        await store.append("g1", [b"e"], expected_version=0, command_id=None, command_digest=None)
        return await waiter

    assert asyncio.run(scenario()) == [StoredEvent(version=1, data=b"e")]


def test_returned_records_do_not_alias_the_stored_ones() -> None:
    store = InMemoryEventStore()

    async def scenario() -> dict[str, bytes]:
        await store.put_meta("g1", {"k": b"v"})
        (await store.get_meta("g1"))["k"] = b"changed"
        return await store.get_meta("g1")

    assert asyncio.run(scenario()) == {"k": b"v"}
