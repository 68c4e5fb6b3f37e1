"""`python -m service.tools.states_bench`: `/states/{v}` of a long game, and `/health`
while big imports and state readers run, against an embedded Redis and `rummy serve`.

Prints `/states/{v}` p50/p99 at random versions of a game of about 50,000 events
(imported, so its log is the simulation driver's), then `/health` p50/p99, probed
from a process of its own, while `--imports` imports of that log (about 8 MiB
each) and `--readers` state readers run at once. Targets (issue 15): states p99
under 10 ms, health p99 under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import http.client
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from domain.events import CardsDrawn
from domain.rules import build_ruleset
from service.app.envelope import Envelope
from service.logs.logfile import write_log
from service.tools.load.processes import embedded_redis, running_server
from service.tools.serve_process import free_port
from service.tools.simulated_logs import simulated_log

# Failed requests by route and status.
FAILURES: Counter[str] = Counter()
NDJSON = {"content-type": "application/x-ndjson"}


def long_log(events: int, max_bytes: int) -> bytes:
    """A two-seat game of at least `events` events whose log fits `max_bytes`: the
    simulation driver plays a `target` game to its end, hand cap lifted by the target."""
    ruleset = build_ruleset("basic", {"game_end": "target:10000"})
    for seed in range(1, 50):
        header, envelopes = simulated_log(ruleset, 2, seed=seed, max_hands=400)
        if len(envelopes) >= events:
            data = write_log(header, envelopes[: _cut(envelopes, events)])
            if len(data) <= max_bytes:
                return data
    raise SystemExit(f"no simulated game reached {events} events")


def _cut(envelopes: list[Envelope], events: int) -> int:
    """Where to stop: before the first draw at or after `events`, between two turns
    (a log cut inside a command's events would not verify)."""
    end = events
    while end < len(envelopes) and not isinstance(envelopes[end].event, CardsDrawn):
        end += 1
    return end


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


async def _timed(client: httpx.AsyncClient, method: str, path: str, **kw: object) -> float:
    started = time.perf_counter()
    response = await client.request(method, path, **kw)  # type: ignore[arg-type]
    elapsed = time.perf_counter() - started
    if response.status_code >= 400:
        # Counted, not fatal: a refusal under load is one of the figures.
        FAILURES[f"{method} {path.split('/')[1]} {response.status_code}"] += 1
    return elapsed


async def _states(url: str, game_id: str, last: int, count: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        return [
            await _timed(client, "GET", f"/games/{game_id}/states/{rng.randint(1, last)}")
            for _ in range(count)
        ]


async def _import(url: str, data: bytes) -> float:
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        return await _timed(client, "POST", "/games/import", content=data, headers=NDJSON)


def _probe_health(url: str, every_s: float, stop: EventType, out: Connection) -> None:
    """/health every `every_s` until `stop`, from a process of its own: in the load's
    event loop, a sample waited whenever that loop was busy sending the imports (one
    sample of 448 ms as they began, while a prober in its own process saw 45 ms)."""
    address = urlsplit(url)
    connection = http.client.HTTPConnection(
        address.hostname or "127.0.0.1", address.port, timeout=60
    )
    samples: list[float] = []
    try:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                connection.request("GET", "/health")
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                connection.close()  # counted; the next request connects again
                status = 599
            samples.append(time.perf_counter() - started)
            if status >= 400:
                FAILURES[f"GET health {status}"] += 1
            if len(samples) == 1:
                out.send(None)  # probing: the load may start
            time.sleep(every_s)
    finally:
        if not samples:
            out.send(None)
        out.send((samples, dict(FAILURES)))


async def _under_load(
    url: str, data: bytes, game_id: str, last: int, args: argparse.Namespace
) -> tuple[list[float], list[float], list[float]]:
    spawn = multiprocessing.get_context("spawn")
    stop = spawn.Event()
    results, out = spawn.Pipe(duplex=False)
    prober = spawn.Process(target=_probe_health, args=(url, 0.01, stop, out), daemon=True)
    prober.start()
    await asyncio.to_thread(results.recv)
    imports = [asyncio.create_task(_import(url, data)) for _ in range(args.imports)]
    readers = [
        asyncio.create_task(_states(url, game_id, last, args.reader_requests, seed))
        for seed in range(args.readers)
    ]
    imported = await asyncio.gather(*imports)
    read = [sample for samples in await asyncio.gather(*readers) for sample in samples]
    stop.set()
    health, failures = await asyncio.to_thread(results.recv)
    prober.join()
    FAILURES.update(failures)
    return health, list(imported), read


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=50_000)
    parser.add_argument("--requests", type=int, default=300, help="sequential state reads")
    parser.add_argument("--imports", type=int, default=4)
    parser.add_argument("--readers", type=int, default=20)
    parser.add_argument("--reader-requests", type=int, default=20)
    args = parser.parse_args()
    data = long_log(args.events, 8 * 1024 * 1024)
    events = data.count(b"\n") - 1
    # The client's own collections must not count as the server's latency: what it
    # made so far lives to the end (measured: full collections of 30-47 ms in it).
    gc.collect()
    gc.freeze()
    print(f"log: {events} events, {len(data) / 2**20:.2f} MiB")
    with contextlib.ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        redis_url = embedded_redis(stack, scratch)
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        serve = ["-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
        try:
            stack.enter_context(
                running_server(
                    "api",
                    [*serve, "--redis-url", redis_url, "--no-worker"],
                    f"{url}/health",
                    scratch,
                )
            )
        except RuntimeError:
            print((scratch / "api.log").read_text()[-3000:], file=sys.stderr)
            raise
        print(f"API on {url} (log in {scratch})", file=sys.stderr)
        response = httpx.post(f"{url}/games/import", content=data, headers=NDJSON, timeout=120)
        response.raise_for_status()
        game_id, last = response.json()["game_id"], response.json()["version"]
        first = asyncio.run(_states(url, game_id, last, 1, seed=-1))
        print(f"first /states read (cold): {first[0] * 1000:.1f} ms")
        p50, p99 = percentiles(asyncio.run(_states(url, game_id, last, args.requests, seed=1)))
        print(f"/states/{{v}} x{args.requests}: p50 {p50:.2f} ms  p99 {p99:.2f} ms  (target <10)")
        health, imports, reads = asyncio.run(_under_load(url, data, game_id, last, args))
        h50, h99 = percentiles(health)
        r50, r99 = percentiles(reads)
        print(
            f"under {args.imports} imports + {args.readers} readers: /health x{len(health)} "
            f"p50 {h50:.2f} ms  p99 {h99:.2f} ms  (target <50); /states p50 {r50:.1f} ms "
            f"p99 {r99:.1f} ms; imports took {min(imports):.2f}-{max(imports):.2f} s"
        )
        print(f"failed requests: {dict(FAILURES) or 'none'}")


if __name__ == "__main__":
    main()
