"""Where a running `rummy serve` keeps its embedded Redis: a file in the data folder,
so `rummy export`, `rummy replay` and `rummy league` on the same machine find it by themselves."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

__all__ = ["URL_FILE", "announce", "find", "store_url", "withdraw"]

URL_FILE = "redis.url"


def announce(data_dir: str | Path, url: str) -> None:
    path = Path(data_dir) / URL_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(url + "\n", encoding="utf-8")


def withdraw(data_dir: str | Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        (Path(data_dir) / URL_FILE).unlink()


def find(data_dir: str | Path) -> str | None:
    """The URL the server running over `data_dir` announced, if any."""
    try:
        text = (Path(data_dir) / URL_FILE).read_text(encoding="utf-8").strip()
    except (FileNotFoundError, NotADirectoryError):
        return None
    return text or None


def store_url(explicit: str | None, data_dir: str | Path) -> str | None:
    """The event store a command-line tool works on: `explicit` (its --redis-url),
    else REDIS_URL, else the embedded Redis of a `rummy serve` running over `data_dir`."""
    return explicit or os.environ.get("REDIS_URL") or find(data_dir)
