"""The reference web table: its page at `/`, its files under `/web/`, outside the contract."""

from __future__ import annotations

import base64
import functools
import hashlib
import re
from pathlib import Path
from typing import Any

from litestar import MediaType, Response, get, head, route
from litestar.datastructures import CacheControlHeader
from litestar.enums import HttpMethod
from litestar.file_system import BaseLocalFileSystem
from litestar.handlers import HTTPRouteHandler
from litestar.router import Router
from litestar.static_files import create_static_files_router
from litestar.types import PathType
from litestar.types.file_types import FileInfo

__all__ = ["STATIC_DIR", "WEB_ROUTES", "ServedFiles"]

STATIC_DIR = Path(__file__).parent / "static"

# The modules load each other by relative URL with no build step and no
# content hashes in their names: a browser must check again after an upgrade.
NO_CACHE = CacheControlHeader(no_cache=True)

# Every file: never sniffed as another type, and no address of a table (its game id,
# an invite code) sent on to another site.
FILE_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}

_IMPORT_MAP = re.compile(rb'<script type="importmap">(.*?)</script>', re.DOTALL)


@functools.lru_cache(maxsize=1)  # the page read again each request, hashed once
def page_policy(html: bytes) -> str:
    """The page's Content-Security-Policy: its own origin only, no framing (a hidden
    frame could steer a player's clicks), and no inline script but its import map,
    allowed by its hash: a name or a card that ever reached the page as markup could
    run nothing."""
    scripts = ["'self'"]
    for found in _IMPORT_MAP.finditer(html):
        digest = base64.b64encode(hashlib.sha256(found.group(1)).digest()).decode()
        scripts.append(f"'sha256-{digest}'")
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src {' '.join(scripts)}",
            "img-src 'self' data:",  # the page's blank icon
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


def _page_headers(html: bytes) -> dict[str, str]:
    return FILE_HEADERS | {"Content-Security-Policy": page_policy(html)}


@get("/", include_in_schema=False, cache_control=NO_CACHE, sync_to_thread=False)
def page() -> Response[bytes]:
    html = (STATIC_DIR / "index.html").read_bytes()
    return Response(html, media_type=MediaType.HTML, headers=_page_headers(html))


@head("/", include_in_schema=False, cache_control=NO_CACHE, sync_to_thread=False)
def page_head() -> Response[None]:
    """The page's headers without its body: uptime checks and link checkers ask HEAD,
    and a 405 there said the site was down."""
    html = (STATIC_DIR / "index.html").read_bytes()
    headers = _page_headers(html) | {"Content-Length": str(len(html))}
    return Response(None, media_type=MediaType.HTML, headers=headers)


@route("/", http_method=[HttpMethod.OPTIONS], include_in_schema=False, status_code=204)
async def page_options() -> Response[None]:
    # Litestar's own answer for a path of two handlers lists only the first's method.
    return Response(None, status_code=204, headers={"Allow": "GET, HEAD, OPTIONS"})


async def _with_file_headers(response: Response[object]) -> Response[object]:
    response.headers.update(FILE_HEADERS)
    return response


class ServedFiles(BaseLocalFileSystem):
    """Files a static router serves, where a path no file can have is no file: a 404,
    not a 500 (the page's files, the docs' assets)."""

    async def info(self, path: PathType, **kwargs: Any) -> FileInfo:
        try:
            return await super().info(path, **kwargs)
        except (ValueError, OSError) as exc:
            # A NUL byte (ValueError), a name too long, a file taken for a folder: the
            # static router answers 404 for FileNotFoundError only.
            raise FileNotFoundError(str(path)) from exc


# Under /web/ rather than at /: a router at / would answer any other method on
# an unknown path with 405 instead of 404.
WEB_ROUTES: list[Router | HTTPRouteHandler] = [
    page_options,  # first: Litestar adds its own OPTIONS with the first handler of a path
    page,
    page_head,
    create_static_files_router(
        path="/web",
        directories=[STATIC_DIR],
        name="web",
        include_in_schema=False,
        cache_control=NO_CACHE,
        after_request=_with_file_headers,
        file_system=ServedFiles(),
    ),
]
