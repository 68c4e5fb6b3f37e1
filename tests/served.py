"""`rummy serve` as `make run` starts it (an embedded Redis, a worker, the API) for a test."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from service.tools.serve_process import alive, children_of, free_port, start_serve, wait_healthy


@contextmanager
def rummy_served(
    folder: Path, extra_env: Mapping[str, str] | None = None, *arguments: str
) -> Iterator[str]:
    """Serve from `folder` (data and log, `serve.log`) for the block, with `extra_env`
    settings and `arguments`: its base URL. Stopped, with whatever children it left,
    however the block ends."""
    port = free_port()
    log = folder / "serve.log"
    process = start_serve(
        port, log, "--data-dir", str(folder / "data"), *arguments, extra_env=extra_env
    )
    children: dict[int, str] = {}
    try:
        wait_healthy(process, f"http://127.0.0.1:{port}/health", log)
        children.update(children_of(process.pid))
        yield f"http://127.0.0.1:{port}"
    finally:
        children.update(children_of(process.pid))
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for pid in children:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
