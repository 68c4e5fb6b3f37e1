"""`python -m service.tools.states_bench` runs end to end on a small game and prints
its figures (the bench is a tool, not a timed test: only that it works is checked)."""

from __future__ import annotations

from tool_run import run_tool


def test_the_states_bench_prints_its_figures_and_no_failure() -> None:
    small = ["--events", "600", "--requests", "5", "--imports", "1"]
    small += ["--readers", "2", "--reader-requests", "2"]
    done = run_tool("service.tools.states_bench", *small, timeout_s=240)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "/states/{v} x5: p50" in done.stdout
    assert "under 1 imports + 2 readers: /health" in done.stdout
    assert "failed requests: none" in done.stdout
