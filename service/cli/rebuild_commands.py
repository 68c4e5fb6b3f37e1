"""`rummy games rebuild`, `rummy lobby rebuild` and `rummy players rebuild`: what
the service keeps of the games beside their logs, made again from the logs.

    rummy games rebuild [--redis-url URL]
    rummy lobby rebuild [--redis-url URL]
    rummy players rebuild [--redis-url URL]

Each game's `info` (how its table was opened: its log's first event says so), the
lobby's index (which games are waiting, in play, finished; newest first) and each
player's games are projections: lost or damaged, they are rebuilt from what the
games say. Run `games` first: a game without its info is no game to the others.
Safe while a server runs: each is idempotent, and a game that changes meanwhile
is filed again by its own write.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from service.cli.store_location import add_redis_argument, say_none_found, store_url

if TYPE_CHECKING:
    from service.store import EventStore

__all__ = ["add_games_arguments", "add_lobby_arguments", "add_players_arguments", "run"]


def add_games_arguments(parser: argparse.ArgumentParser) -> None:
    _add_rebuild(parser, "games_command", "write each game's info again from its log")


def add_lobby_arguments(parser: argparse.ArgumentParser) -> None:
    _add_rebuild(parser, "lobby_command", "file every game in the lobby's index again")


def add_players_arguments(parser: argparse.ArgumentParser) -> None:
    _add_rebuild(parser, "players_command", "file every game among its players' games again")


def _add_rebuild(parser: argparse.ArgumentParser, dest: str, help: str) -> None:
    commands = parser.add_subparsers(dest=dest, required=True)
    rebuild = commands.add_parser("rebuild", help=help)
    add_redis_argument(rebuild, "the games' Redis")


def run(args: argparse.Namespace) -> int:
    from service.app.games import GameService
    from service.app.infos import rebuild_infos
    from service.app.player_games import rebuild_players_games
    from service.app.projections import Projections
    from service.app.reading import GameReader
    from service.cli.log_commands import redis_store

    url, data_dir = store_url(args)
    if url is None:
        say_none_found("event store", data_dir)
        return 2
    rebuilds: dict[str, tuple[Callable[[EventStore], Awaitable[int]], str]] = {
        "games": (rebuild_infos, "games' info written again"),
        "lobby": (
            lambda store: GameReader(store, Projections(store)).rebuild_lobby(),
            "games filed again",
        ),
        "players": (
            lambda store: rebuild_players_games(GameService(store)),
            "games filed again among their players' games",
        ),
    }
    rebuilding, filed_what = rebuilds[args.command]

    async def rebuild() -> int:
        async with redis_store(url) as store:
            return await rebuilding(store)

    started = time.perf_counter()
    filed = asyncio.run(rebuild())
    seconds = time.perf_counter() - started
    print(f"{args.command} at {url}: {filed} {filed_what} ({seconds:.1f} s)")
    return 0
