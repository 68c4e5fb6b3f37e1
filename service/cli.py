"""The `rummy` command: one subcommand per entry of SUBCOMMANDS."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

import msgspec

from service import simulate_command
from service.config import Settings, settings_from_env

__all__ = ["SUBCOMMANDS", "Subcommand", "main"]


class Subcommand(NamedTuple):
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


# ------------------------------------------------------------------ serve


def _add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", help="address to bind (env HOST, default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port (env PORT, default 8000)")
    parser.add_argument("--data-dir", help="embedded Redis data folder parent (env DATA_DIR)")
    parser.add_argument("--redis-url", help="use this Redis instead of the embedded one")


def _settings(args: argparse.Namespace) -> Settings:
    overrides = {
        name: value
        for name in ("host", "port", "data_dir", "redis_url")
        if (value := getattr(args, name)) is not None
    }
    return msgspec.structs.replace(settings_from_env(), **overrides)


def _serve(args: argparse.Namespace) -> int:
    import uvicorn
    from redis.asyncio import Redis

    from service.app import create_app
    from service.embedded_redis import EmbeddedRedis
    from service.store import RedisEventStore

    settings = _settings(args)
    embedded: EmbeddedRedis | None = None
    url = settings.redis_url
    if url is None:
        embedded = EmbeddedRedis(Path(settings.data_dir) / "redis")
        embedded.start()
        url = embedded.url
        print(f"embedded Redis on {url}, data in {embedded.data_dir}", file=sys.stderr)
    client = Redis.from_url(url)
    # Long polls get their own connections, so they never starve commands.
    blocking = Redis.from_url(url, socket_timeout=10)

    async def close_clients() -> None:
        await client.aclose()
        await blocking.aclose()

    app = create_app(
        RedisEventStore(client, blocking_client=blocking),
        settings=settings,
        on_shutdown=[close_clients],
    )
    try:
        uvicorn.run(app, host=settings.host, port=settings.port, log_level="info")
    finally:
        if embedded is not None:
            embedded.stop()
    return 0


# ------------------------------------------------------------------ openapi


def _add_openapi_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--write", metavar="PATH", help="write the document here (else stdout)")


def openapi_text() -> str:
    """The OpenAPI document as committed in api-spec/openapi.json."""
    from service.api.openapi import openapi_document
    from service.app import create_app
    from service.store import InMemoryEventStore

    document = openapi_document(create_app(InMemoryEventStore()))
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _openapi(args: argparse.Namespace) -> int:
    text = openapi_text()
    if args.write:
        Path(args.write).parent.mkdir(parents=True, exist_ok=True)
        Path(args.write).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


SUBCOMMANDS: dict[str, Subcommand] = {
    "serve": Subcommand("serve the API (embedded Redis unless REDIS_URL)", _add_serve_arguments, _serve),
    "openapi": Subcommand("print or write the OpenAPI document", _add_openapi_arguments, _openapi),
    "simulate": Subcommand(
        "engine throughput: random players", simulate_command.add_arguments, simulate_command.run
    ),
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rummy", description="Event-sourced Rummy backend.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, subcommand in SUBCOMMANDS.items():
        sub = commands.add_parser(name, help=subcommand.help)
        subcommand.add_arguments(sub)
        sub.set_defaults(run=subcommand.run)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
