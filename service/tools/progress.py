"""A small progress bar on stderr for the command-line benchmarks."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    """Redraws at most ten times a second so drawing never shows in the figures."""

    def __init__(self, total: int, label: str = "", stream: TextIO = sys.stderr) -> None:
        self.total = max(total, 1)
        self.label = label
        self.stream = stream
        self.done = 0
        self._drawn_at = 0.0
        # Redrawing in place (`\r`) only makes sense on a terminal.
        isatty = getattr(stream, "isatty", None)
        self._live = bool(isatty and isatty())

    def advance(self, steps: int = 1) -> None:
        self.done += steps
        now = time.monotonic()
        if now - self._drawn_at >= 0.1 or self.done >= self.total:
            self._drawn_at = now
            self._draw()

    def _draw(self) -> None:
        if not self._live:
            return
        width = 30
        filled = int(width * min(self.done, self.total) / self.total)
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        if not self._live:
            # A log or a pipe gets one line at the end, not a line per redraw.
            self.stream.write(f"{self.label} {self.done}/{self.total} done\n")
            self.stream.flush()
            return
        self._draw()
        self.stream.write("\n")
        self.stream.flush()
