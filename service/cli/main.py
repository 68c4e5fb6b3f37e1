"""The `rummy` command: one subcommand per entry of SUBCOMMANDS."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import NamedTuple

from redis.exceptions import ConnectionError as RedisConnectionError

from service.cli import league_commands, rebuild_commands, upgrade_command
from service.cli import log_subcommands as logs
from service.cli.openapi_spec import add_openapi_arguments, write_asyncapi, write_openapi
from service.cli.serve import add_serve_arguments, serve
from service.runtime.settings import SettingsError
from workers import command as worker_command

__all__ = ["SUBCOMMANDS", "Subcommand", "main"]


class Subcommand(NamedTuple):
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _tool(help: str, module: str) -> Subcommand:
    """A subcommand from the tools package, imported only when it is the one run:
    the API and the worker never load the benchmarks."""

    def add_arguments(parser: argparse.ArgumentParser) -> None:
        importlib.import_module(module).add_arguments(parser)

    def run(args: argparse.Namespace) -> int:
        return int(importlib.import_module(module).run(args))

    return Subcommand(help, add_arguments, run)


SUBCOMMANDS: dict[str, Subcommand] = {
    "serve": Subcommand(
        "serve the API (embedded Redis unless REDIS_URL)", add_serve_arguments, serve
    ),
    "asyncapi": Subcommand(
        "print or write the live channels' AsyncAPI document", add_openapi_arguments, write_asyncapi
    ),
    "openapi": Subcommand(
        "print or write the OpenAPI document", add_openapi_arguments, write_openapi
    ),
    "worker": Subcommand(
        "an rq worker with a scheduler thread: bot turns and turn timers (reconciles on start)",
        worker_command.add_arguments,
        worker_command.run,
    ),
    "simulate": _tool("engine throughput: random players", "service.tools.simulate_command"),
    "loadtest": _tool(
        "HTTP load: whole games against a one-XADD ceiling", "service.tools.load.command"
    ),
    "chaos": _tool(
        "kill the worker, Redis and API at random under games; check none lost or frozen",
        "service.tools.chaos",
    ),
    "league": Subcommand(
        "the league: `league seed` rates the bots from bot-versus-bot games, "
        "`league rebuild` folds its log again",
        league_commands.add_arguments,
        league_commands.run,
    ),
    "games": Subcommand(
        "games: `games rebuild` writes each game's info again from its log",
        rebuild_commands.add_games_arguments,
        rebuild_commands.run,
    ),
    "lobby": Subcommand(
        "the lobby: `lobby rebuild` files every game in its index again",
        rebuild_commands.add_lobby_arguments,
        rebuild_commands.run,
    ),
    "players": Subcommand(
        "players: `players rebuild` files every game among its players' games again",
        rebuild_commands.add_players_arguments,
        rebuild_commands.run,
    ),
    "upgrade": Subcommand(
        "put the games an earlier release stored in today's form (`serve` runs it first)",
        upgrade_command.add_arguments,
        upgrade_command.run,
    ),
    "replay": Subcommand(
        "replay a log FILE or a stored GAME_ID, checking every event",
        logs.add_replay_arguments,
        logs.replay,
    ),
    "export": Subcommand(
        "write a stored game's log (JSON lines)", logs.add_export_arguments, logs.export
    ),
    "import": Subcommand(
        "check a log file and store it as a new game", logs.add_import_arguments, logs.import_log
    ),
}


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rummy-backend")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rummy", description="Event-sourced Rummy backend.")
    parser.add_argument("--version", action="version", version=f"rummy {_version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    argv = sys.argv[1:] if argv is None else list(argv)
    chosen = next((word for word in argv if not word.startswith("-")), None)
    for name, subcommand in SUBCOMMANDS.items():
        sub = commands.add_parser(name, help=subcommand.help)
        # Only the chosen subcommand's arguments are needed (and its modules loaded).
        if name == chosen:
            subcommand.add_arguments(sub)
        sub.set_defaults(run=subcommand.run)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except RedisConnectionError as unreachable:
        # A store named by --redis-url or REDIS_URL, or a server stopped since it was
        # found: a sentence, not a traceback.
        print(f"rummy {args.command}: cannot reach Redis: {unreachable}", file=sys.stderr)
        return 1
    except SettingsError as refused:
        print(f"rummy {args.command}: {refused}", file=sys.stderr)
        return 2
    except OSError as failed:
        # A file it cannot write (a folder, no permission), a port it cannot bind.
        print(f"rummy {args.command}: {failed}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
