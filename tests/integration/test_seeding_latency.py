"""`python -m service.tools.seeding_latency` runs end to end on a short seeding (a tool,
not a timed test: only that it measures replies during and after seeding is checked)."""

from __future__ import annotations

from tool_run import run_tool


def test_the_seeding_latency_tool_prints_replies_during_and_after_seeding() -> None:
    done = run_tool(
        "service.tools.seeding_latency", "--seed-games", "1", "--after", "2", timeout_s=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "1 seeding games a preset (seeding took" in done.stdout, done.stdout
    assert "level-1 bot after seeding:  2 replies: median" in done.stdout, done.stdout
