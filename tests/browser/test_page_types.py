"""The page talks to the server through the official TypeScript client: the compiled copy it
is served (service/http/static/client/) is what the client's source compiles to today, and
tsc --checkJs passes over the page's modules against that source's types."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

# Long (tsc over the page): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow

REPO_ROOT = Path(__file__).resolve().parents[2]
TYPECHECK = REPO_ROOT / "service" / "http" / "typecheck"
SERVED = REPO_ROOT / "service" / "http" / "static" / "client"
CLIENT = REPO_ROOT / "api-spec" / "clients" / "typescript"


def _tool(folder: Path, name: str) -> Path:
    tool = folder / "node_modules" / ".bin" / name
    if not tool.exists():
        message = f"{tool} is missing: `make web-tools` runs npm ci in {folder}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return tool


def test_the_served_client_is_the_typescript_client_compiled(tmp_path: Path) -> None:
    compiled = subprocess.run(
        [str(_tool(CLIENT, "tsc")), "-p", "tsconfig.web.json", "--outDir", str(tmp_path)],
        cwd=CLIENT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    fetch_package = CLIENT / "node_modules" / "openapi-fetch"
    expected = {
        "index.js": (tmp_path / "index.js").read_bytes(),
        "openapi-fetch.js": (fetch_package / "dist" / "index.mjs").read_bytes(),
        "openapi-fetch.LICENSE": (fetch_package / "LICENSE").read_bytes(),
    }
    served = {path.name: path.read_bytes() for path in SERVED.iterdir()}
    names = expected.keys() | served.keys()
    stale = sorted(name for name in names if expected.get(name) != served.get(name))
    assert stale == [], f"{stale} differ from the client's build: run `make web-client`"


def test_the_page_type_checks_against_the_client() -> None:
    _tool(CLIENT, "tsc")  # the client's source, with openapi-fetch's types, must be there
    checked = subprocess.run(
        [str(_tool(TYPECHECK, "tsc")), "-p", "tsconfig.json"],
        cwd=TYPECHECK,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
