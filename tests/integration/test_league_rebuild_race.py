"""`python -m service.tools.league_rebuild_race` runs end to end on a small league (a tool,
not a timed test: only that the rebuild completes under its racing commits is checked)."""

from __future__ import annotations

from tool_run import run_tool


def test_the_rebuild_race_completes_and_prints_its_figures() -> None:
    done = run_tool("service.tools.league_rebuild_race", "--results", "300", "--every-ms", "5")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "300 games, a commit every ~5 ms: rebuilt from" in done.stdout, done.stdout
