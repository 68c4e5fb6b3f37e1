"""`python -m service.tools.fanout_bench` runs end to end with a few watchers of each
channel and prints its figures, against `rummy serve` and against the floor app (the
bench is a tool, not a timed test: only that every watcher got every event is checked)."""

from __future__ import annotations

import pytest
from tool_run import run_tool


@pytest.mark.parametrize("server", [[], ["--floor"]], ids=["rummy serve", "the floor"])
def test_the_fanout_bench_delivers_every_event_to_every_watcher(server: list[str]) -> None:
    small = ["--watchers", "30", "--commands", "3", "--gap-ms", "100", "--settle-s", "0.5"]
    done = run_tool("service.tools.fanout_bench", *small, *server, timeout_s=240)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "30 of 30 watchers open" in done.stdout
    for channel in ("websocket", "sse", "long_poll"):
        assert f"{channel}: 30 deliveries" in done.stdout, done.stdout
    assert "deliveries missing: 0; long polls refused: {}" in done.stdout
