"""`python -m service.tools.request_cost` plays its games through the app and prints
the app's CPU per request (a tool, not a timed test: only that it works is checked)."""

from __future__ import annotations

import re

from tool_run import run_tool


def test_the_request_cost_tool_plays_whole_games_and_prints_its_figure() -> None:
    done = run_tool("service.tools.request_cost", "--games", "2", timeout_s=120)
    assert done.returncode == 0, done.stderr[-3000:]
    figure = re.search(r"(\d+) requests over 2 games: ([\d.]+) µs CPU per request", done.stdout)
    assert figure is not None, done.stdout
    # Two games of one hand: a create, views and dozens of commands each.
    assert int(figure.group(1)) > 40 and float(figure.group(2)) > 0
