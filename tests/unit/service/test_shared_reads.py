"""Concurrent reads of one key share one read, and a sharer's cancellation is its own."""

from __future__ import annotations

import asyncio

import pytest

from service.app.shared_reads import SharedReads


def test_a_crowd_shares_one_read() -> None:
    async def scenario() -> None:
        reads = SharedReads[int]()
        calls = 0
        release = asyncio.Event()

        async def fetch() -> int:
            nonlocal calls
            calls += 1
            await release.wait()
            return 7

        crowd = [asyncio.create_task(reads.read("g", fetch, lambda _: True)) for _ in range(50)]
        await asyncio.sleep(0)
        release.set()
        assert await asyncio.gather(*crowd) == [7] * 50
        assert calls == 1

    asyncio.run(scenario())


def test_the_reader_who_began_it_may_leave_without_failing_those_who_share_it() -> None:
    # A WebSocket whose client left was cancelled mid-read, and the long poll sharing
    # its read answered 500 with its CancelledError.
    async def scenario() -> None:
        reads = SharedReads[int]()
        release = asyncio.Event()

        async def fetch() -> int:
            await release.wait()
            return 7

        first = asyncio.create_task(reads.read("g", fetch, lambda _: True))
        await asyncio.sleep(0)
        second = asyncio.create_task(reads.read("g", fetch, lambda _: True))
        await asyncio.sleep(0)
        first.cancel()
        await asyncio.sleep(0)
        release.set()
        assert await second == 7
        with pytest.raises(asyncio.CancelledError):
            await first

    asyncio.run(scenario())


def test_a_failed_read_fails_each_sharer_and_the_next_reads_again() -> None:
    async def scenario() -> None:
        reads = SharedReads[int]()

        async def failing() -> int:
            await asyncio.sleep(0)
            raise ConnectionError("down")

        async def working() -> int:
            return 3

        crowd = [asyncio.create_task(reads.read("g", failing, lambda _: True)) for _ in range(3)]
        results = await asyncio.gather(*crowd, return_exceptions=True)
        assert all(isinstance(result, ConnectionError) for result in results)
        assert await reads.read("g", working, lambda _: True) == 3

    asyncio.run(scenario())
