"""`rummy replay`, `export` and `import` as subcommands: a stored game by its id or a log
file, loading `log_commands` (the store, the logs) only when one is run."""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

__all__ = [
    "add_export_arguments",
    "add_import_arguments",
    "add_replay_arguments",
    "export",
    "import_log",
    "replay",
]

# The ids the service makes; `rummy replay` takes one of these for a stored game.
_GAME_ID = re.compile(r"[0-9a-f]{32}")


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    from service.cli import log_commands as commands

    commands.add_replay_arguments(parser)
    parser.add_argument(
        "--redis-url",
        default=None,
        help="store of a GAME_ID (default: REDIS_URL, else a running `rummy serve`'s)",
    )


def replay(args: argparse.Namespace) -> int:
    """A log file, or a stored game's log read from the store (REDIS_URL) by its id."""
    from service.cli import log_commands as commands

    if args.file == "-" or Path(args.file).exists() or not _GAME_ID.fullmatch(args.file):
        return commands.run_replay(args)
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / f"{args.file}.jsonl")
        exported = argparse.Namespace(game_id=args.file, out=path, redis_url=args.redis_url)
        if (status := export(exported)) != 0:
            return status
        return commands.run_replay(argparse.Namespace(**{**vars(args), "file": path}))


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    from service.cli import log_commands as commands

    commands.add_export_arguments(parser)


def export(args: argparse.Namespace) -> int:
    from service.cli import log_commands as commands
    from service.logs.transfers import log_header_facts

    return commands.run_export(args, log_header_facts)


def add_import_arguments(parser: argparse.ArgumentParser) -> None:
    from service.cli import log_commands as commands

    commands.add_import_arguments(parser)


def import_log(args: argparse.Namespace) -> int:
    from service.cli import log_commands as commands

    if args.game_id is not None and not _GAME_ID.fullmatch(args.game_id):
        print("rummy import: --game-id must be 32 hex digits", file=sys.stderr)
        return 2
    return commands.run_import(args)
