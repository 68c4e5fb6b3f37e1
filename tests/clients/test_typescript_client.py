"""The official TypeScript client (api-spec/clients/typescript): its types are what the
contract generates under openapi-typescript's default options, and its own tests (node's
test runner) pass against a real `rummy serve`."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from served import rummy_served

# Long (tsc and the client's own tests): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "api-spec" / "clients" / "typescript"
TOOLS = CLIENT / "node_modules" / ".bin"


def _run(*command: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=CLIENT, capture_output=True, text=True, timeout=300, env=env)


def test_the_committed_types_are_what_the_contract_generates(tmp_path: Path) -> None:
    fresh = tmp_path / "schema.d.ts"
    done = _run(str(TOOLS / "openapi-typescript"), "../../openapi.json", "-o", str(fresh))
    assert done.returncode == 0, done.stdout + done.stderr
    assert fresh.read_text() == (CLIENT / "src" / "schema.d.ts").read_text(), "run `make clients`"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with rummy_served(tmp_path_factory.mktemp("serve")) as url:
        yield url


def test_the_clients_own_tests_play_follow_and_move_a_log(server: str) -> None:
    built = _run(str(TOOLS / "tsc"), "-p", "tsconfig.json")
    assert built.returncode == 0, built.stdout + built.stderr
    node = shutil.which("node")
    assert node is not None
    ran = _run(
        node,
        "--experimental-websocket",
        "--no-warnings",
        "--test",
        "dist/test/",
        env=os.environ | {"RUMMY_URL": server},
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "# pass 5" in ran.stdout and "# fail 0" in ran.stdout
