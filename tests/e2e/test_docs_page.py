"""The docs UI at /schema loads everything from this origin: it works offline."""

from __future__ import annotations

import re

from litestar import Litestar
from litestar.testing import TestClient

REFERENCE = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']""")
CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""")


def _foreign(references: list[str]) -> list[str]:
    # data: URIs are inline; anything with a scheme or starting with // is another origin.
    return [ref for ref in references if re.match(r"^([a-z]+:|//)", ref) and ref[:5] != "data:"]


def test_the_docs_page_and_its_assets_come_from_this_origin(client: TestClient[Litestar]) -> None:
    page = client.get("/schema")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    references = REFERENCE.findall(page.text)
    assert references and _foreign(references) == []
    assert "validatorUrl: null" in page.text  # no upload of the document to a public validator
    for reference in references:
        asset = client.get(reference)
        assert asset.status_code == 200, reference
        if reference.endswith(".css"):
            assert _foreign(CSS_URL.findall(asset.text)) == []
    scripts = re.findall(r"""<script[^>]*src=["']([^"']+)""", page.text)
    assert any(script.endswith("swagger-ui-bundle.js") for script in scripts)
    assert client.get("/schema/openapi.json").json()["info"]["title"] == "Rummy API"


def test_an_asset_path_no_file_can_have_is_not_found_not_a_failure(
    client: TestClient[Litestar],
) -> None:
    # As the page's own files (test_web_page.py): the stat failed and answered 500.
    for path in ("/schema/assets/%00", "/schema/assets/" + "a" * 300, "/schema/assets/x%00.js"):
        response = client.get(path)
        assert response.status_code == 404, (path, response.text)
        assert response.json()["code"] == "not_found"


def test_a_docs_path_no_page_has_is_a_not_found_problem(client: TestClient[Litestar]) -> None:
    # Litestar's docs router answered its own HTML "Error 404" page for any other path
    # under /schema (`/schema/redoc`, `/schema/swagger`): every other unknown path
    # of the service is a problem with a code.
    for path in ("/schema/redoc", "/schema/swagger", "/schema/x", "/schema/openapi.yaml"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.headers["content-type"].startswith("application/problem+json"), path
        assert response.json()["code"] == "not_found", path
    # The page and the document are still served.
    assert client.get("/schema").status_code == 200
    assert client.get("/schema/").json()["code"] == "not_found"  # one spelling a path
    assert client.get("/schema/openapi.json").status_code == 200
