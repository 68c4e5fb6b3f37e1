"""Slow clients against `rummy serve`: how long they hold their connections, and
what `/health` costs meanwhile.

    python -m service.tools.slow_clients --connections 1000 --header-timeout 10 --body-timeout 30

starts `rummy serve --no-worker` (its own embedded Redis, a temporary folder)
with those deadlines, opens the connections, a third each: empty, a header
trickled a byte a second, a body trickled a byte a second after whole headers;
then asks `/health` one request after another while they are open, and prints
its latency percentiles, then how many slow connections the server closed and
after how long. Exits 1 if any is still open past its deadline plus `--grace`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

from service.tools.serve_process import free_port, start_serve, wait_healthy

_HEADER_START = b"GET /health HTTP/1.1\r\nHost: probe\r\nX-Slow: "
_BODY_START = (
    b"POST /players HTTP/1.1\r\nHost: probe\r\nContent-Type: application/json\r\n"
    b"Content-Length: 10000\r\n\r\n{"
)


async def _slow_connection(port: int, start: bytes | None, opened: list[float]) -> float:
    """Hold one connection, trickling after `start` (None: send nothing); seconds until closed."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    began = time.monotonic()
    opened.append(began)
    try:
        if start is not None:
            writer.write(start)
        while True:
            with contextlib.suppress(TimeoutError):
                if not await asyncio.wait_for(reader.read(4096), timeout=1.0):
                    break
            if start is not None:
                writer.write(b"a")
                await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()
    return time.monotonic() - began


async def _health_latencies(port: int, seconds: float) -> list[float]:
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            began = time.perf_counter()
            answer = await client.get("/health")
            latencies.append(time.perf_counter() - began)
            if answer.status_code != 200:
                raise RuntimeError(f"/health answered {answer.status_code}")
    return latencies


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def _probe(port: int, args: argparse.Namespace) -> int:
    starts = [None, _HEADER_START, _BODY_START]
    opened: list[float] = []
    held = [
        asyncio.create_task(_slow_connection(port, starts[n % 3], opened))
        for n in range(args.connections)
    ]
    while len(opened) < args.connections:
        await asyncio.sleep(0.1)
    print(f"{args.connections} slow connections open", file=sys.stderr)
    # While every slow connection is open: before the first deadline ends them.
    latencies = await _health_latencies(port, min(args.measure_s, args.header_timeout * 0.8))
    print(
        f"/health while they are open: {len(latencies)} requests, "
        f"p50 {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {_percentile(latencies, 0.99) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms"
    )
    bound = max(args.header_timeout, args.body_timeout) + args.grace
    done, pending = await asyncio.wait(held, timeout=bound)
    for task in pending:
        task.cancel()
    closed = [task.result() for task in done if task.exception() is None]
    print(
        f"closed by the server within {bound:.0f} s: {len(closed)} of {args.connections}; "
        f"held at most {max(closed, default=0):.1f} s"
    )
    return 0 if not pending else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--header-timeout", type=float, default=10.0)
    parser.add_argument("--body-timeout", type=float, default=30.0)
    parser.add_argument("--measure-s", type=float, default=8.0, help="seconds of /health probes")
    parser.add_argument("--grace", type=float, default=15.0, help="past a deadline, still fine")
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "serve.log"
        environment = {
            "DATA_DIR": folder,
            "HEADER_TIMEOUT_S": str(args.header_timeout),
            "BODY_TIMEOUT_S": str(args.body_timeout),
        }
        server = start_serve(port, log, "--no-worker", extra_env=environment)
        try:
            wait_healthy(server, f"http://127.0.0.1:{port}/health", log)
            return asyncio.run(_probe(port, args))
        finally:
            server.terminate()
            server.wait(timeout=60)


if __name__ == "__main__":
    sys.exit(main())
