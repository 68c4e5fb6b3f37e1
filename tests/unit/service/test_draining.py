"""Draining: as the server stops, live channels' waits end at once with what is there."""

from __future__ import annotations

import asyncio

import pytest

from service.app.games import GameService, SeatSpec
from service.app.live import Page, follow, page
from service.runtime.draining import Draining
from service.store import InMemoryEventStore

HUMANS = (SeatSpec(kind="human"), SeatSpec(kind="human"))


def test_draining_cuts_a_wait_short_and_every_later_one_at_once() -> None:
    async def scenario() -> None:
        draining = Draining()
        loop = asyncio.get_running_loop()
        loop.call_later(0.05, draining.begin)
        # Not cut short, the wait would end with "late" (or outlast the test's timeout).
        assert await draining.unless_draining(lambda: asyncio.sleep(600, "late")) is None
        called = []

        async def wait() -> str:
            called.append(True)
            return "late"

        assert await draining.unless_draining(wait) is None
        assert not called  # not even begun

    asyncio.run(scenario())


def test_a_wait_that_ends_first_gives_its_result_and_its_own_timeout_passes_through() -> None:
    async def scenario() -> None:
        draining = Draining()
        assert await draining.unless_draining(lambda: asyncio.sleep(0, "news")) == "news"

        async def timing_out() -> None:
            async with asyncio.timeout(0.01):
                await asyncio.sleep(1)

        with pytest.raises(TimeoutError):
            await draining.unless_draining(timing_out)
        draining.begin()  # no wait is left to cut

    asyncio.run(scenario())


def test_a_long_poll_and_a_follower_end_with_what_is_there_once_draining_begins() -> None:
    async def scenario() -> None:
        games = GameService(InMemoryEventStore())
        created = await games.create(seats=HUMANS)
        game_id, version = created.game_id, created.version
        draining = Draining()
        asyncio.get_running_loop().call_later(0.05, draining.begin)

        async def followed() -> list[Page]:
            pages = follow(games, game_id, None, after=version, idle_s=600, draining=draining)
            return [current async for current in pages]

        # Waits of ten minutes, cut short: a bound far from both ends.
        served, pages = await asyncio.wait_for(
            asyncio.gather(
                page(games, game_id, None, after=version, wait_s=600, limit=10, draining=draining),
                followed(),
            ),
            timeout=120,
        )
        assert served.events == () and served.next_after == version and not served.ended
        assert served.version == version
        assert [(p.events, p.ended) for p in pages] == [((), False)]  # one empty page, then done

    asyncio.run(scenario())
