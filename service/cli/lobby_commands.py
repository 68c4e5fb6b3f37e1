"""`rummy lobby rebuild`: the lobby's index filed again from the games' logs and meta.

    rummy lobby rebuild [--redis-url URL]

The lobby's index (which games are waiting, in play, finished; newest first) is
a projection: lost or damaged, it is rebuilt from what each game's log and meta
say. Safe while a server runs: filing a game is idempotent, and a game that
changes status meanwhile is filed again by its own append.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from service.cli.store_location import add_redis_argument, say_none_found, store_url

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="lobby_command", required=True)
    rebuild = commands.add_parser("rebuild", help="file every game in the lobby's index again")
    add_redis_argument(rebuild, "the games' Redis")


def run(args: argparse.Namespace) -> int:
    from service.app.games import GameService
    from service.cli.log_commands import redis_store

    url, data_dir = store_url(args)
    if url is None:
        say_none_found("event store", data_dir)
        return 2

    async def rebuild() -> int:
        async with redis_store(url) as store:
            return await GameService(store).rebuild_lobby()

    started = time.perf_counter()
    filed = asyncio.run(rebuild())
    seconds = time.perf_counter() - started
    print(f"lobby at {url}: {filed} games filed again ({seconds:.1f} s)")
    return 0
