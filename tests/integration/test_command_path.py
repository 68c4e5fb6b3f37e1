"""`python -m service.tools.command_path` serves a draw through the app and prints the
modules and record types it crosses (a tool, not a gate on the figures: that it works)."""

from __future__ import annotations

import re

import pytest
from tool_run import run_tool


@pytest.mark.parametrize(
    ("flags", "store_module"),
    [((), "service/store/memory.py"), (("--redis",), "service/store/redis_store.py")],
)
def test_the_command_path_tool_traces_a_draw_from_the_route_to_the_store(
    flags: tuple[str, ...], store_module: str
) -> None:
    done = run_tool("service.tools.command_path", *flags, timeout_s=120)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = re.search(r"figures: modules=(\d+) service_records=(\d+)", done.stdout)
    assert figures is not None, done.stdout
    assert int(figures.group(1)) > 0 and int(figures.group(2)) > 0
    layers = re.search(r"modules by layer: service/http (\d+), service/app (\d+)", done.stdout)
    assert layers is not None, done.stdout
    # The path begins at the route and reaches the store's append.
    assert "service/http/routes_games.py" in done.stdout
    assert store_module in done.stdout
    # The middleware the request's task awaits through is resumed, not entered.
    assert "service/http/request_id.py" not in done.stdout
