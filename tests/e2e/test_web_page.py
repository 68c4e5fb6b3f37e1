"""The web table is served by the API itself, from the package's files, outside the contract."""

from __future__ import annotations

import base64
import hashlib
import json
import re

from litestar import Litestar
from litestar.testing import TestClient

from service.http.web import STATIC_DIR


def test_the_page_and_its_modules_are_served(client: TestClient[Litestar]) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert 'src="web/app.js"' in page.text
    module = client.get("/web/app.js")
    assert module.headers["content-type"].startswith("text/javascript")
    assert module.text == (STATIC_DIR / "app.js").read_text()
    assert client.get("/web/table-phone.png").headers["content-type"] == "image/png"


def test_the_page_imports_the_official_client_served_beside_it(
    client: TestClient[Litestar],
) -> None:
    page = client.get("/").text
    found = re.search(r'<script type="importmap">(.*?)</script>', page, re.DOTALL)
    assert found is not None
    imports = json.loads(found.group(1))["imports"]
    assert set(imports) == {"@rummy/client", "openapi-fetch"}
    for url in imports.values():
        module = client.get("/" + url.removeprefix("./"))
        assert module.status_code == 200, url
        assert module.headers["content-type"].startswith("text/javascript")


def test_the_page_is_not_part_of_the_api_contract(client: TestClient[Litestar]) -> None:
    paths = client.get("/schema/openapi.json").json()["paths"]
    assert not [path for path in paths if path == "/" or path.startswith("/web")]


def test_unknown_paths_stay_problems_for_every_method(client: TestClient[Litestar]) -> None:
    for method in ("GET", "POST", "DELETE"):
        response = client.request(method, "/nowhere/games")
        assert response.status_code == 404, method
        assert response.json()["code"] == "not_found"
    assert client.get("/web/../pyproject.toml").status_code == 404


def test_the_page_runs_only_its_own_scripts_and_no_site_frames_it(
    client: TestClient[Litestar],
) -> None:
    page = client.get("/")
    policy = dict(
        directive.strip().split(" ", 1)
        for directive in page.headers["content-security-policy"].split(";")
    )
    # The import map is the page's one inline script: allowed by its hash, nothing else.
    found = re.search(r'<script type="importmap">(.*?)</script>', page.text, re.DOTALL)
    assert found is not None
    digest = base64.b64encode(hashlib.sha256(found.group(1).encode()).digest()).decode()
    assert policy["script-src"].split() == ["'self'", f"'sha256-{digest}'"]
    assert policy["default-src"] == "'self'" and policy["frame-ancestors"] == "'none'"
    assert policy["object-src"] == "'none'" and policy["base-uri"] == "'none'"
    for path in ("/", "/web/app.js", "/web/style.css"):
        headers = client.get(path).headers
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["referrer-policy"] == "no-referrer", path


def test_a_path_no_file_can_have_is_not_found_not_a_failure(client: TestClient[Litestar]) -> None:
    # A NUL byte, a name longer than the file system takes, a file taken for a folder:
    # each failed inside the file system's stat and answered 500.
    for path in ("/web/%00", "/web/app.js%00.png", "/web/" + "a" * 300, "/web/app.js/x"):
        response = client.get(path)
        assert response.status_code == 404, (path, response.text)
        assert response.json()["code"] == "not_found"


def test_the_page_answers_head_as_it_answers_get(client: TestClient[Litestar]) -> None:
    # Uptime checks and link checkers ask HEAD /: it was a 405 problem, so the site
    # looked down while the page was up.
    page = client.get("/")
    head = client.head("/")
    assert head.status_code == 200, head.text
    assert head.content == b""
    for header in (
        "content-type",
        "content-security-policy",
        "cache-control",
        "x-content-type-options",
    ):
        assert head.headers[header] == page.headers[header], header
    assert head.headers["content-length"] == str(len(page.content))
    assert client.options("/").headers["allow"] == "GET, HEAD, OPTIONS"
