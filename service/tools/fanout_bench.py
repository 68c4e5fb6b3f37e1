"""Live fan-out: many watchers of one game on one API process, and how long after a
command is acknowledged every watcher holds its event.

    python -m service.tools.fanout_bench --watchers 10000 --commands 20

Starts `rummy serve` (an embedded Redis, no worker, no rate limits) in a temporary
folder, creates a two-seat game, opens the watchers as spectators, a third each on
the WebSocket `/live`, the event stream and the long poll, then plays `--commands`
commands, one every `--gap-ms`. For each command it takes the moment its answer
arrived and the moment each watcher read the event, and prints the delays (p50,
p99, max) by channel, how long until the last watcher held each event, and the
API process's resident memory before and after the watchers joined.

`--floor` serves `service.tools.fanout_floor` instead: the same channels with no store,
credentials or redaction, the least delay this stack reaches with these watchers.

The watchers are raw sockets on one event loop (a full client library per watcher
would make the driver, not the server, the bottleneck); they share the 2 cores
with the server, so the figures are an upper bound of the server's own delay.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import httpx

from service.tools.serve_process import REPO_ROOT, free_port, start_serve, wait_healthy

KINDS = ("websocket", "sse", "long_poll")
# Opening this many at once, then a breath: the server accepts without a backlog overflow.
OPEN_BATCH = 250
# How long a batch waits at most for the one before the last to open.
OPEN_BATCH_WAIT_S = 5.0
_SSE_ID = re.compile(rb"^id: (\d+)$", re.M)
_WS_VERSION = re.compile(rb'"envelope":\{"version":(\d+)')


class Watchers:
    """When each watcher first held each version: {version: [monotonic seconds]} per kind."""

    def __init__(self) -> None:
        self.held: dict[str, dict[int, list[float]]] = {kind: defaultdict(list) for kind in KINDS}
        self.open = dict.fromkeys(KINDS, 0)
        self.refused: dict[str, int] = defaultdict(int)

    def saw(self, kind: str, version: int) -> None:
        self.held[kind][version].append(time.monotonic())


async def _request(
    host: str, port: int, path: str, extra: str = ""
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection(host, port, limit=1 << 20)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{extra}\r\n".encode())
    return reader, writer


def _client_frame(opcode: int, payload: bytes) -> bytes:
    """A whole, masked frame (as clients must send them), its payload under 126 bytes."""
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked


async def _websocket(host: str, port: int, game: str, after: int, watchers: Watchers) -> None:
    key = base64.b64encode(os.urandom(16)).decode()
    upgrade = (
        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n"
    )
    reader, writer = await _request(host, port, f"/games/{game}/live?after={after}", upgrade)
    await reader.readuntil(b"\r\n\r\n")
    # The first message says who it is: {} for a spectator.
    writer.write(_client_frame(0x1, b"{}"))
    watchers.open["websocket"] += 1
    try:
        while True:
            head = await reader.readexactly(2)
            length = head[1] & 0x7F
            if length == 126:
                length = int.from_bytes(await reader.readexactly(2), "big")
            elif length == 127:
                length = int.from_bytes(await reader.readexactly(8), "big")
            frame = await reader.readexactly(length)
            if head[0] & 0x0F == 0x8:  # close
                return
            if head[0] & 0x0F == 0x9:
                # The server's keep-alive ping: unanswered, it closes the socket.
                writer.write(_client_frame(0xA, frame))
                continue
            for found in _WS_VERSION.finditer(frame):
                watchers.saw("websocket", int(found.group(1)))
    finally:
        writer.close()


async def _sse(host: str, port: int, game: str, after: int, watchers: Watchers) -> None:
    reader, writer = await _request(host, port, f"/games/{game}/events/stream?after={after}")
    await reader.readuntil(b"\r\n\r\n")
    watchers.open["sse"] += 1
    try:
        while line := await reader.readline():
            if line.startswith(b"id: "):
                watchers.saw("sse", int(_SSE_ID.match(line.rstrip(b"\r\n")).group(1)))  # type: ignore[union-attr]
    finally:
        writer.close()


async def _long_poll(host: str, port: int, game: str, after: int, watchers: Watchers) -> None:
    reader, writer = await asyncio.open_connection(host, port, limit=1 << 20)
    watchers.open["long_poll"] += 1
    try:
        while True:
            path = f"/games/{game}/events?after={after}&wait=30"
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
            head = await reader.readuntil(b"\r\n\r\n")
            length = int(re.search(rb"content-length: (\d+)", head, re.I).group(1))  # type: ignore[union-attr]
            page = json.loads(await reader.readexactly(length))
            if "events" not in page:  # a problem: counted, and asked again after a breath
                watchers.refused[page.get("code", "unknown")] += 1
                await asyncio.sleep(1.0)
                continue
            for envelope in page["events"]:
                watchers.saw("long_poll", envelope["version"])
            after = page["next_after"]
            if page.get("ended"):
                return
    finally:
        writer.close()


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_s(pid: int) -> float:
    """The CPU seconds (user and system) the process has spent so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    # After the state: utime and stime are the 12th and 13th fields, in clock ticks.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _run_loop(main: Coroutine[Any, Any, int]) -> int:
    """On uvloop where it is installed: the driver's own loop, not the server's, costs less."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover
        return asyncio.run(main)
    return uvloop.run(main)


async def _run(args: argparse.Namespace, base: str, api_pid: int) -> int:
    host, port = "127.0.0.1", int(base.rsplit(":", 1)[1])
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        if args.floor:
            game, tokens, version = "floor", {}, 0
        else:
            created = (
                await http.post("/games", json={"seats": [{"kind": "human"}, {"kind": "human"}]})
            ).json()
            game, tokens = created["game_id"], created["tokens"]
            version = created["version"]
        rss_before = _rss_kib(api_pid)
        watchers = Watchers()
        openers = {"websocket": _websocket, "sse": _sse, "long_poll": _long_poll}
        tasks = []
        started = time.monotonic()
        for index in range(args.watchers):
            kind = KINDS[index % len(KINDS)]
            tasks.append(asyncio.create_task(openers[kind](host, port, game, version, watchers)))
            if index % OPEN_BATCH == OPEN_BATCH - 1:
                await asyncio.sleep(0.05)
                # On busy cores the server opens fewer than a batch a breath: the
                # handshakes piled up held its Redis connections past their 10 s
                # (503s, channels failed). At most two batches wait to be opened.
                until = time.monotonic() + OPEN_BATCH_WAIT_S
                while (
                    sum(watchers.open.values()) < index + 1 - 2 * OPEN_BATCH
                    and time.monotonic() < until
                ):
                    await asyncio.sleep(0.05)
        deadline = time.monotonic() + args.open_timeout_s
        while sum(watchers.open.values()) < args.watchers and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        opened = dict(watchers.open)
        print(
            f"{sum(opened.values())} of {args.watchers} watchers open in "
            f"{time.monotonic() - started:.1f} s: {opened}"
        )
        await asyncio.sleep(1.0)  # long polls reach their wait
        rss_watching = _rss_kib(api_pid)

        acknowledged: dict[int, float] = {}
        # When each event's command was sent: a watcher may hold the event before the
        # answer arrives (its delay after the answer is then 0), so both are shown.
        sent_at: dict[int, float] = {}
        # Both processes' CPU while the commands are fanned out: what one delivery costs
        # each side, a figure the other work sharing the cores disturbs less than delays.
        cpu_before = _cpu_s(api_pid), _cpu_s(os.getpid())
        for turn in range(args.commands):
            # The floor takes any body: each command is its next event.
            prepared = ({}, {}) if args.floor else await _next_command(http, game, tokens)
            if isinstance(prepared, str):
                print(prepared)
                return 1
            command, headers = prepared
            sent = time.monotonic()
            answer = await http.post(f"/games/{game}/commands", json=command, headers=headers)
            at = time.monotonic()
            if answer.status_code != 200:
                print(f"command {turn} refused: {answer.status_code} {answer.text[:200]}")
                return 1
            result = answer.json()
            for event in result["events"]:
                acknowledged[event["version"]] = at
                sent_at[event["version"]] = sent
            version = result["version"]
            await asyncio.sleep(args.gap_ms / 1000)
        await asyncio.sleep(args.settle_s)
        cpu_spent = [
            after - before
            for after, before in zip(
                (_cpu_s(api_pid), _cpu_s(os.getpid())), cpu_before, strict=True
            )
        ]
        for task in tasks:
            task.cancel()
        failures = [
            r
            for r in await asyncio.gather(*tasks, return_exceptions=True)
            if isinstance(r, Exception) and not isinstance(r, asyncio.CancelledError)
        ]
        if failures:
            print(f"{len(failures)} watchers failed, e.g. {failures[0]!r}")

    print(
        f"API process RSS: {rss_before / 1024:.0f} MiB before the watchers, "
        f"{rss_watching / 1024:.0f} MiB with them "
        f"({(rss_watching - rss_before) / max(1, sum(opened.values())):.1f} KiB a watcher)"
    )
    everyone: list[float] = []
    last_holder: list[float] = []
    missing = 0
    for kind in KINDS:
        delays = []
        for event_version, at in acknowledged.items():
            held = watchers.held[kind].get(event_version, [])
            missing += opened[kind] - len(held)
            delays += [max(0.0, moment - at) * 1000 for moment in held]
        everyone += delays
        if delays:
            print(
                f"{kind:>10}: {len(delays)} deliveries, delay after the answer "
                f"p50 {statistics.median(delays):.1f} ms, p99 {_percentile(delays, 0.99):.1f} ms, "
                f"max {max(delays):.1f} ms"
            )
    since_sent: list[float] = []
    early = 0
    for event_version, at in acknowledged.items():
        moments = [m for kind in KINDS for m in watchers.held[kind].get(event_version, [])]
        if moments:
            last_holder.append(max(0.0, max(moments) - at) * 1000)
        since_sent += [(moment - sent_at[event_version]) * 1000 for moment in moments]
        early += sum(moment < at for moment in moments)
    answered = [(acknowledged[v] - sent_at[v]) * 1000 for v in acknowledged]
    if everyone:
        print(
            f"       all: p50 {statistics.median(everyone):.1f} ms, "
            f"p99 {_percentile(everyone, 0.99):.1f} ms, max {max(everyone):.1f} ms; "
            f"until the last watcher held an event: p50 {statistics.median(last_holder):.1f} ms, "
            f"max {max(last_holder):.1f} ms"
        )
    if since_sent:
        print(
            f"   command: answered p50 {statistics.median(answered):.1f} ms, "
            f"max {max(answered):.1f} ms after it was sent; {early} deliveries came before "
            f"the answer; from the sending to each delivery p50 "
            f"{statistics.median(since_sent):.1f} ms, p99 {_percentile(since_sent, 0.99):.1f} ms, "
            f"max {max(since_sent):.1f} ms"
        )
    print(f"deliveries missing: {missing}; long polls refused: {dict(watchers.refused)}")
    if everyone:
        server_s, driver_s = cpu_spent
        print(
            f"CPU while the commands were fanned out: API process {server_s:.2f} s "
            f"({server_s / len(everyone) * 1e6:.0f} us a delivery), this driver {driver_s:.2f} s "
            f"({driver_s / len(everyone) * 1e6:.0f} us a delivery)"
        )
    target = bool(everyone) and _percentile(everyone, 0.99) < 100 and missing == 0
    print("target (p99 < 100 ms, none missing):", "met" if target else "NOT met")
    return 0


async def _next_command(
    http: httpx.AsyncClient, game: str, tokens: dict[str, str]
) -> tuple[dict[str, Any], dict[str, str]] | str:
    """The next turn's command (a draw from the stock, else its hand's first card
    discarded) and its seat's headers; what was refused, if something was."""
    summary = (await http.get(f"/games/{game}")).json()
    if "view" not in summary:
        return f"the game's summary was refused: {summary}"
    headers = _bearer(tokens[str(summary["view"]["turn"])])
    view = (await http.get(f"/games/{game}/view", headers=headers)).json()
    if "phase" not in view:
        return f"the seat's view was refused: {view}"
    command = (
        {"type": "draw", "source": "stock"}
        if view["phase"] == "draw"
        else {"type": "discard", "card": view["hand"][0]}
    )
    return command | {"expected_version": view["version"]}, headers


def _bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=10_000)
    parser.add_argument("--commands", type=int, default=20)
    parser.add_argument("--gap-ms", type=int, default=500)
    parser.add_argument("--open-timeout-s", type=float, default=120.0)
    parser.add_argument("--settle-s", type=float, default=3.0)
    parser.add_argument("--server-log", type=Path, help="keep the server's log in this file")
    parser.add_argument(
        "--floor",
        action="store_true",
        help="serve service.tools.fanout_floor instead: the least delay this stack reaches",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        log = Path(folder) / "serve.log"
        if args.floor:
            process = _start_floor(port, log)
        else:
            env = {
                "RATE_LIMIT_CREATE": "off",
                "RATE_LIMIT_COMMANDS": "off",
                # Every watcher connects from this one address.
                "LIVE_CHANNELS_PER_CLIENT": "off",
                "LEAGUE_SEED_GAMES": "0",
            }
            process = start_serve(
                port, log, "--data-dir", str(Path(folder) / "data"), "--no-worker", extra_env=env
            )
        try:
            wait_healthy(process, f"http://127.0.0.1:{port}/health", log)
            return _run_loop(_run(args, f"http://127.0.0.1:{port}", process.pid))
        finally:
            process.terminate()
            with contextlib.suppress(Exception):
                process.wait(timeout=30)
            if args.server_log is not None:
                shutil.copyfile(log, args.server_log)


def _start_floor(port: int, log: Path) -> subprocess.Popen[bytes]:
    """The floor app under uvicorn, as `rummy serve` runs the API (its fast loop and parser)."""
    app = "service.tools.fanout_floor:app"
    command = [sys.executable, "-m", "uvicorn", app, "--host", "127.0.0.1", "--port", str(port)]
    with log.open("ab") as out:
        return subprocess.Popen(
            # Open streams would hold a graceful shutdown for as long as they last.
            [*command, "--log-level", "warning", "--timeout-graceful-shutdown", "1"],
            cwd=REPO_ROOT,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )


if __name__ == "__main__":
    sys.exit(main())
