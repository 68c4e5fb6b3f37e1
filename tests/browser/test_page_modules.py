"""The page's code stays in modules a reader takes in at once: none above about 300 lines
(issue 31; table.js was one 1,090-line closure, app.js and api.js about 500 lines each)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "service" / "http" / "static"
# About 300: the module that opens and follows a table is allowed a little over.
MOST_LINES = 330


def test_each_page_module_stays_about_300_lines() -> None:
    sizes = {path.name: len(path.read_text().splitlines()) for path in STATIC.glob("*.js")}
    assert {"app.js", "api.js", "table.js"} <= set(sizes), sizes
    assert {name: lines for name, lines in sizes.items() if lines > MOST_LINES} == {}


def test_only_the_official_client_talks_to_the_server() -> None:
    # api.js hands the client (served in client/) the fetch that notes whether the server
    # answered; no other module opens a request or a channel of its own.
    talking = re.compile(r"\bfetch\(|\bnew (WebSocket|EventSource|XMLHttpRequest)\b")
    modules = {path.name for path in STATIC.glob("*.js") if talking.search(path.read_text())}
    assert modules == {"api.js"}
