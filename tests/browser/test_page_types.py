"""The page's modules are type-checked against the contract: the committed types are what
openapi-typescript makes of api-spec/openapi.json today, and tsc --checkJs passes over them."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
TYPECHECK = REPO_ROOT / "service" / "http" / "typecheck"
STATIC = REPO_ROOT / "service" / "http" / "static"
BIN = TYPECHECK / "node_modules" / ".bin"


def _tool(name: str) -> Path:
    tool = BIN / name
    if not tool.exists():
        message = f"{tool} is missing: `make web-tools` runs npm ci in {TYPECHECK}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return tool


def test_the_committed_types_are_generated_from_the_contract(tmp_path: Path) -> None:
    generated = tmp_path / "api-types.d.ts"
    subprocess.run(
        [
            str(_tool("openapi-typescript")),
            str(REPO_ROOT / "api-spec" / "openapi.json"),
            "--default-non-nullable",
            "false",
            "-o",
            str(generated),
        ],
        cwd=TYPECHECK,
        check=True,
        capture_output=True,
        timeout=120,
    )
    committed = (STATIC / "api-types.d.ts").read_text()
    assert generated.read_text() == committed, (
        "api-types.d.ts is stale: run `npm run types` in service/http/typecheck"
    )


def test_the_page_type_checks_against_the_contract() -> None:
    checked = subprocess.run(
        [str(_tool("tsc")), "-p", "tsconfig.json"],
        cwd=TYPECHECK,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
