"""`rummy replay`, `rummy export` and `rummy import`: game logs from the command line."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from redis.asyncio import Redis

from domain.state import GameState
from domain.views import redact
from service.app.envelope import Envelope
from service.app.errors import ServiceError
from service.app.games import GameService
from service.app.records import CreatedGame
from service.cli.store_location import add_redis_argument, say_none_found, store_url
from service.logs.logfile import LogError, MetaReader, export_log, read_log
from service.logs.render import describe, render_table
from service.logs.transfers import GameTransfers
from service.logs.verify import states_at, verify_log
from service.store.base import InvalidGameId, check_game_id
from service.store.ports import EventStore
from service.store.redis_cluster import is_cluster_url, open_redis_cluster
from service.store.redis_store import RedisEventStore

__all__ = [
    "add_export_arguments",
    "add_import_arguments",
    "add_replay_arguments",
    "redis_store",
    "run_export",
    "run_import",
    "run_replay",
]


# ------------------------------------------------------------------ replay


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="log file (JSON lines), or - for stdin")
    parser.add_argument("--to", type=int, default=None, help="stop at this version")
    parser.add_argument("--seat", type=int, default=None, help="show the game as this seat sees it")
    parser.add_argument("--step", action="store_true", help="wait for Enter after each event")
    parser.add_argument("--all", action="store_true", help="print everything at once")
    parser.add_argument(
        "--no-verify", action="store_true", help="replay without checking the rules"
    )


def run_replay(args: argparse.Namespace) -> int:
    try:
        header, envelopes = read_log(_read_input(args.file))
        if not args.no_verify:
            verify_log(header, envelopes)
    except (LogError, OSError) as exc:
        print(f"rummy replay: {exc}", file=sys.stderr)
        return 1
    if args.seat is not None and not 0 <= args.seat < header.seats:
        print(f"rummy replay: no seat {args.seat} (seats 0-{header.seats - 1})", file=sys.stderr)
        return 2
    shown = [e for e in envelopes if args.to is None or e.version <= args.to]
    kinds = ", ".join(
        k.kind + (f" {k.level}" if k.level is not None else "") for k in header.seat_kinds
    )
    print(f"game {header.game_id}: {header.seats} seats ({kinds}), created {header.created_at}")
    # Enter is read from stdin, so stepping needs a terminal there and a log from a file.
    stepping = args.step and not args.all and args.file != "-" and sys.stdin.isatty()
    try:
        state = _replay(shown, args.seat, stepping)
    except _Unreplayable as broken:
        print(f"rummy replay: {broken}", file=sys.stderr)
        return 1
    if state is not None and not stepping:
        print()
        print(render_table(state, args.seat))
    return 0


def _read_input(path: str) -> bytes:
    return sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()


class _Unreplayable(Exception):
    """An event the rules cannot fold (only a log replayed with --no-verify has one)."""


def _folded(envelopes: Sequence[Envelope]) -> Iterator[tuple[int, GameState]]:
    """`states_at`, where an event no rules made (a seat that does not exist, a card
    nobody holds) is a sentence naming its version, not a traceback."""
    states = states_at(envelopes)
    for envelope in envelopes:
        try:
            yield next(states)
        except Exception as exc:  # noqa: BLE001 - whatever the fold tripped on, say where
            raise _Unreplayable(
                f"version {envelope.version} cannot be replayed ({type(exc).__name__}: {exc}); "
                "replay without --no-verify to have the log checked"
            ) from exc


def _replay(envelopes: Sequence[Envelope], seat: int | None, stepping: bool) -> GameState | None:
    state: GameState | None = None
    for (version, state), envelope in zip(_folded(envelopes), envelopes, strict=True):
        event = redact(envelope.event, seat) if seat is not None else envelope.event
        print(f"{version:>5}  {describe(event)}")
        if stepping:
            print(render_table(state, seat))
            try:
                input("-- Enter for the next event --")
            except EOFError:
                return state
    return state


# ------------------------------------------------------------------ export / import


@asynccontextmanager
async def redis_store(url: str) -> AsyncIterator[EventStore]:
    from service.runtime.settings import settings_from_env
    from service.store.archived_store import with_archive

    client = open_redis_cluster(url) if is_cluster_url(url) else Redis.from_url(url)
    try:
        # A game archived under DATA_DIR exports (and re-imports) like one in Redis.
        yield with_archive(RedisEventStore(client), settings_from_env().data_dir)
    finally:
        await client.aclose()


def _redis_url(args: argparse.Namespace) -> str | None:
    url, data_dir = store_url(args)
    if not url:
        say_none_found("event store", data_dir)
    return url


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game_id", help="the game to export")
    parser.add_argument("--out", default=None, help="file to write (default: stdout)")
    add_redis_argument(parser, "event store")


def run_export(args: argparse.Namespace, read_meta: MetaReader | None = None) -> int:
    """`read_meta` turns the game's meta record into the header's seat kinds
    and creation time (the API layer owns that layout)."""
    url = _redis_url(args)
    if url is None:
        return 2

    async def export() -> bytes:
        async with redis_store(url) as store:
            return await export_log(store, args.game_id, read_meta)

    try:
        check_game_id(args.game_id)
    except InvalidGameId as refused:
        print(f"rummy export: {refused}", file=sys.stderr)
        return 2
    try:
        data = asyncio.run(export())
    except LogError as exc:
        print(f"rummy export: {exc}", file=sys.stderr)
        return 1
    if args.out is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        Path(args.out).write_bytes(data)
    return 0


def add_import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="log file (JSON lines), or - for stdin")
    parser.add_argument(
        "--game-id", default=None, help="the new game's id, 32 hex digits (default: a fresh one)"
    )
    add_redis_argument(parser, "event store")


def run_import(args: argparse.Namespace) -> int:
    """Import as a game the API serves: the log checked event by event, a fresh id
    unless --game-id, tokens for every human seat (printed once), a lobby entry."""
    url = _redis_url(args)
    if url is None:
        return 2

    async def store_log() -> CreatedGame:
        data = _read_input(args.file)
        async with redis_store(url) as store:
            transfers = GameTransfers(GameService(store), store)
            return await transfers.import_game(data, game_id=args.game_id)

    try:
        created = asyncio.run(store_log())
    except ServiceError as refused:
        print(f"rummy import: {refused.code}: {refused}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"rummy import: {exc}", file=sys.stderr)
        return 1
    print(f"imported game {created.game_id}: version {created.version}")
    for seat, token in sorted(created.tokens.items()):
        print(f"seat {seat} token: {token}")
    return 0
