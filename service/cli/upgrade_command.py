"""`rummy upgrade`: the games an earlier release stored, in today's form (their
seating and table facts as events in their logs, their secrets under today's meta
fields, their token keys moved). `rummy serve` runs it before it serves; run again,
it changes nothing.

    rummy upgrade [--redis-url URL]

Archived games are upgraded in DATA_DIR's archive (once: `archive/.upgraded` then
says so). A run that upgraded everything marks the store (`STORE_DONE`): each later
`rummy serve` start then reads no game's meta (a scan of every game, at every
start of every pod); `rummy upgrade` itself always looks at every game.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path
from typing import TYPE_CHECKING

from service.cli.store_location import add_redis_argument, say_none_found, store_url

if TYPE_CHECKING:
    from service.app.upgrade import Upgraded

__all__ = ["ARCHIVE_DONE", "add_arguments", "run", "upgrade_store"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_redis_argument(parser, "the games' Redis")


# Written in the archive's folder once a run upgraded every archived game: archived
# games never change, and this release archives none of the old form, so later runs
# (every `rummy serve` start) leave the archive unread.
ARCHIVE_DONE = ".upgraded"
# Set in the store once a run upgraded every game in it, for the same reason: this
# release stores none of the old form, and none of the previous release's runs beside
# it (deploy/README.md). The previous release's data restored over it has no such key.
STORE_DONE = "{upgrade}:done"


async def upgrade_store(url: str, data_dir: str | Path, *, again: bool = True) -> Upgraded | None:
    """Upgrade the games at `url` and in `data_dir`'s archive, over a client of its own;
    None, without `again`, when a run before upgraded everything there."""
    from service.app.upgrade import upgrade
    from service.store import RedisEventStore
    from service.store.archived_store import ARCHIVE_FOLDER, with_archive
    from service.store.redis_cluster import open_store_client

    client = open_store_client(url)
    done = Path(data_dir) / ARCHIVE_FOLDER / ARCHIVE_DONE
    try:
        # No archive folder: no archived game to upgrade.
        archive_done = done.exists() or not done.parent.is_dir()
        if not again and archive_done and await client.exists(STORE_DONE):
            return None
        store = with_archive(RedisEventStore(client), data_dir)
        upgraded = await upgrade(store, None if archive_done else store.archive)
        if not upgraded.failed:
            await client.set(STORE_DONE, b"1")
    finally:
        await client.aclose()
    if not upgraded.failed and done.parent.is_dir():
        done.touch()
    return upgraded


def describe(upgraded: Upgraded | None) -> str:
    if upgraded is None:
        return "nothing to do (a run before upgraded every game here)"
    failed = (
        f"; not upgraded (see the log): {', '.join(upgraded.failed)}" if upgraded.failed else ""
    )
    return (
        f"{upgraded.games} games upgraded ({upgraded.events} events appended), "
        f"{upgraded.archived} archived games, {upgraded.tokens} token keys moved{failed}"
    )


def run(args: argparse.Namespace) -> int:
    url, data_dir = store_url(args)
    if url is None:
        say_none_found("event store", data_dir)
        return 2
    started = time.perf_counter()
    upgraded = asyncio.run(upgrade_store(url, data_dir))
    assert upgraded is not None  # run again: it always looks
    seconds = time.perf_counter() - started
    print(f"upgrade at {url}: {describe(upgraded)} ({seconds:.1f} s)")
    return 1 if upgraded.failed else 0
