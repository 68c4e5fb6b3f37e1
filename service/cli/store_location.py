"""Where a command line finds the store: `--redis-url`, else REDIS_URL, else the
embedded Redis of a `rummy serve` running over DATA_DIR (shared by `rummy export`,
`import` and `rummy league`)."""

from __future__ import annotations

import argparse
import sys

__all__ = ["add_redis_argument", "say_none_found", "store_url"]


def add_redis_argument(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--redis-url",
        default=None,
        help=f"{what} (default: REDIS_URL, else the embedded Redis of a running "
        "`rummy serve` over DATA_DIR)",
    )


def store_url(args: argparse.Namespace) -> tuple[str | None, str]:
    """The store's Redis URL (None: none found) and the data folder searched."""
    from service.runtime import running
    from service.runtime.settings import settings_from_env

    data_dir = settings_from_env().data_dir
    return running.store_url(args.redis_url, data_dir), data_dir


def say_none_found(what: str, data_dir: str) -> None:
    """Tell the user, on stderr, how to point the command at a store."""
    from service.runtime import running

    print(
        f"no {what}: pass --redis-url, set REDIS_URL, or start `rummy serve` "
        f"(its embedded Redis is found through {data_dir}/{running.URL_FILE})",
        file=sys.stderr,
    )
