"""The reference web table: static files served at `/`, outside the API contract."""

from __future__ import annotations

from pathlib import Path

from litestar.datastructures import CacheControlHeader
from litestar.router import Router
from litestar.static_files import create_static_files_router

__all__ = ["STATIC_DIR", "WEB_ROUTES"]

STATIC_DIR = Path(__file__).parent / "static"

# The modules load each other by relative URL with no build step and no
# content hashes in their names: a browser must check again after an upgrade.
WEB_ROUTES: list[Router] = [
    create_static_files_router(
        path="/",
        directories=[STATIC_DIR],
        html_mode=True,
        name="web",
        include_in_schema=False,
        cache_control=CacheControlHeader(no_cache=True),
    )
]
