"""Where a running `rummy serve` keeps its embedded Redis: a file in the data folder,
so `rummy export` and `rummy replay` on the same machine find it by themselves."""

from __future__ import annotations

import contextlib
from pathlib import Path

__all__ = ["URL_FILE", "announce", "find", "withdraw"]

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
