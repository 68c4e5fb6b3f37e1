"""Fixtures for the browser tests: `rummy serve` (embedded Redis, bot worker) on a free
port, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from browser_artifacts import ARTIFACTS, REPO_ROOT

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
STARTUP_TIMEOUT_S = 60.0

playwright_sync = pytest.importorskip("playwright.sync_api")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of `rummy serve` as `make run` starts it, bots included."""
    folder = tmp_path_factory.mktemp("serve")
    port = _free_port()
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("REDIS_URL", "RQ_REDIS_URL", "HOST", "PORT", "DATA_DIR")
    }
    environment["PYTHONPATH"] = str(REPO_ROOT)
    # Every browser of every test is one client address: the per-client limits
    # (60 creations a minute) would refuse the later tests' tables.
    environment["RATE_LIMIT_CREATE"] = "off"
    environment["RATE_LIMIT_COMMANDS"] = "off"
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    command += ["--data-dir", str(folder / "data")]
    log_path = folder / "serve.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, cwd=REPO_ROOT, env=environment, stdout=log, stderr=subprocess.STDOUT
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while True:
            if process.poll() is not None:
                pytest.fail(f"rummy serve exited: {log_path.read_text()[-2000:]}")
            try:
                if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"rummy serve did not start: {log_path.read_text()[-2000:]}")
            time.sleep(0.2)
        yield base
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


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
