"""Fixtures for the browser tests: `rummy serve` (embedded Redis, bot worker) on a free
port, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_artifacts import ARTIFACTS

from service.http.rate_limits import LIMITS_OFF
from service.runtime.children import stop_child
from service.tools.serve_process import free_port, start_serve, wait_healthy

CHROMIUM = Path("/usr/bin/chromium")
# Without the network flags Chromium keeps dialling out (updates, sync) and is refused.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

playwright_sync = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of `rummy serve` as `make run` starts it, bots included."""
    folder = tmp_path_factory.mktemp("serve")
    port = free_port()
    # Every browser of every test is one client address: the per-client limits
    # (60 creations a minute) would refuse the later tests' tables.
    log_path = folder / "serve.log"
    process = start_serve(port, log_path, "--data-dir", str(folder / "data"), extra_env=LIMITS_OFF)
    base = f"http://127.0.0.1:{port}"
    try:
        try:
            wait_healthy(process, f"{base}/health", log_path)
        except RuntimeError as failed:
            pytest.fail(f"{failed}: {log_path.read_text()[-2000:]}")
        yield base
    finally:
        stop_child(process, 20)


# Module-scoped: while Playwright's sync API is open it runs an event loop in this
# thread, and the anyio tests that follow could not start their own.
@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("/usr/bin/chromium is missing: `make browser` installs it")
        pytest.skip("/usr/bin/chromium is missing: `make browser` installs it")
    with playwright_sync.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
