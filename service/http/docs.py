"""The docs UI at /schema: Swagger UI from a pinned PyPI package, served by the app itself.

No CDN: the page and everything it loads come from this origin, so the docs
work offline and show the same Swagger UI version everywhere.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, Router
from litestar.exceptions import NotFoundException
from litestar.openapi.plugins import OpenAPIRenderPlugin
from litestar.static_files import create_static_files_router
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]

from service.http.web import ServedFiles

__all__ = ["ASSETS_PATH", "DOCS_PATH", "LocalSwaggerPlugin", "docs_assets_router", "docs_router"]

DOCS_PATH = "/schema"
ASSETS_PATH = "/schema/assets"


async def _no_page_here(request: Request[Any, Any, Any]) -> None:
    """Litestar's docs router answers any other path under it (`/schema/redoc`) from a
    handler of its own, `/schema/{path}`, with an HTML "Error 404" page: refused here
    first, as the 404 problem (`not_found`) every other unknown path gets."""
    if "path" in request.path_params:
        raise NotFoundException()


def docs_router() -> Router:
    """The router Litestar fills with the docs' pages (OpenAPIConfig.openapi_router)."""
    return Router(
        DOCS_PATH, route_handlers=[], include_in_schema=False, before_request=_no_page_here
    )


def docs_assets_router() -> Router:
    return create_static_files_router(
        path=ASSETS_PATH,
        directories=[swagger_ui_path],
        include_in_schema=False,
        file_system=ServedFiles(),
    )


class LocalSwaggerPlugin(OpenAPIRenderPlugin):
    """Swagger UI over the served document, its assets from ASSETS_PATH."""

    def __init__(self) -> None:
        favicon = f"<link rel='icon' type='image/png' href='{ASSETS_PATH}/favicon-32x32.png'>"
        super().__init__(path="/", favicon=favicon)

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        title = openapi_schema["info"]["title"]
        # validatorUrl null: Swagger UI would otherwise send the document to a public validator.
        return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
{self.favicon}
<link rel="stylesheet" href="{ASSETS_PATH}/swagger-ui.css">
{self.style}
</head>
<body>
<div id="swagger-ui"></div>
<script src="{ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script>
SwaggerUIBundle({{
  url: "/schema/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
}});
</script>
</body>
</html>
""".encode()
