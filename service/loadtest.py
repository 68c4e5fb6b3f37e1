"""`rummy loadtest`: whole games played over HTTP, beside the one-XADD ceiling of this machine.

Each virtual client creates a two-seat game (one hand, a seed per game), then
plays it to the end with both seat tokens: the seat whose turn it is posts one
of its view's `legal_commands`, and keeps playing from the view that the
command's answer carries. When the turn passes to the other seat, that seat
opens its turn with a draw from the stock, which the answer showed legal
(draw phase, stock not empty), and plays on from its own answer; only
otherwise, or always with `--reads`, is its view read first (GET), as a
client that follows the game by reading views would. Latency is measured on
the command POSTs only; creates and view reads are counted apart.

The same run then drives `service.ceiling_app` (POST /xadd, one XADD) in its
own uvicorn process against the same Redis, with the same concurrency and as
many requests as the games posted commands, and prints the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
import msgspec

from service.progress import ProgressBar
from service.raw_http import HttpError, RawConnection

__all__ = [
    "CeilingReport",
    "Figures",
    "GameLoad",
    "GameLoadReport",
    "Tally",
    "add_arguments",
    "drive_ceiling",
    "play_games",
    "run",
]

# Bounds that keep every run finite whatever the server does.
MAX_COMMANDS_PER_GAME = 5000
DEFAULT_TIMEOUT_S = 900.0
REQUEST_TIMEOUT_S = 30.0
STARTUP_TIMEOUT_S = 30.0
# The ceiling's default request count follows the games' command count, up to this.
CEILING_MAX_REQUESTS = 20_000
# Without a time bound of its own, the game phase leaves the ceiling this share.
CEILING_TIME_SHARE = 0.3
TARGET_RATIO = 0.6
TARGET_P99_MS = 100.0
_ERROR_SAMPLES = 5
_STOCK_DRAW = b'{"type":"draw","source":"stock","count":1}'
# A body about the size of a game command, for the ceiling route.
_CEILING_BODY = _STOCK_DRAW
_REPO_ROOT = Path(__file__).resolve().parents[1]
T = TypeVar("T")


# ------------------------------------------------------------------ figures


@dataclass(frozen=True)
class Figures:
    count: int
    per_s: float
    p50_ms: float
    p99_ms: float
    max_ms: float

    def line(self, unit: str) -> str:
        return (
            f"{self.per_s:8.1f} {unit}/s  p50 {self.p50_ms:6.1f} ms  "
            f"p99 {self.p99_ms:6.1f} ms  max {self.max_ms:6.1f} ms  (n={self.count})"
        )


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending list (0.0 for an empty one)."""
    if not sorted_values:
        return 0.0
    rank = max(1, min(len(sorted_values), int(-(-fraction * len(sorted_values) // 1))))
    return sorted_values[rank - 1]


@dataclass
class Tally:
    """Requests of one kind: the latencies of those answered, and what went wrong."""

    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    transport_errors: int = 0
    error_samples: list[str] = field(default_factory=list)

    @property
    def server_errors(self) -> int:
        return sum(count for status, count in self.statuses.items() if status >= 500)

    @property
    def client_errors(self) -> int:
        return sum(count for status, count in self.statuses.items() if 400 <= status < 500)

    def note_error(self, text: str) -> None:
        if len(self.error_samples) < _ERROR_SAMPLES:
            self.error_samples.append(text)

    def figures(self, elapsed_s: float) -> Figures:
        ordered = sorted(self.latencies)
        return Figures(
            count=len(ordered),
            per_s=len(ordered) / elapsed_s if elapsed_s > 0 else 0.0,
            p50_ms=percentile(ordered, 0.50) * 1000,
            p99_ms=percentile(ordered, 0.99) * 1000,
            max_ms=(ordered[-1] if ordered else 0.0) * 1000,
        )


async def _request(
    connection: RawConnection,
    tally: Tally,
    method: str,
    path: str,
    *,
    expect: int,
    content: bytes | None = None,
    token: str | None = None,
) -> bytes | None:
    """One timed request; its body when the status is `expect`, else None (tallied)."""
    started = time.perf_counter()
    try:
        status, body = await connection.request(method, path, body=content, token=token)
    except HttpError as exc:
        tally.transport_errors += 1
        tally.note_error(str(exc))
        return None
    tally.latencies.append(time.perf_counter() - started)
    tally.statuses[status] += 1
    if status != expect:
        tally.note_error(f"{method} {path} -> {status}: {body[:300].decode(errors='replace')}")
        return None
    return body


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """asyncio.run on uvloop when it is installed: the driver's own CPU share shrinks."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop is a dependency; a plain loop still works
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


async def _bounded(workers: list[Any], timeout_s: float) -> bool:
    """Run the workers to their end or the timeout; True when they all ended in time."""
    try:
        async with asyncio.timeout(timeout_s):
            await asyncio.gather(*workers)
    except TimeoutError:
        return False
    return True


# ------------------------------------------------------------------ games


class _View(msgspec.Struct):
    """The seat view fields the driver needs; commands stay raw JSON, posted as they are."""

    seat: int | None
    turn: int
    phase: str
    stock_count: int
    legal_commands: list[msgspec.Raw]


class _Result(msgspec.Struct):
    version: int
    view: _View


class _Created(msgspec.Struct):
    game_id: str
    tokens: dict[str, str]


_view_decoder = msgspec.json.Decoder(_View)
_result_decoder = msgspec.json.Decoder(_Result)
_created_decoder = msgspec.json.Decoder(_Created)


@dataclass(frozen=True)
class GameLoad:
    url: str = "http://127.0.0.1:8000"
    games: int = 200
    concurrency: int = 50
    preset: str = "basic"
    seed: int = 0
    rules: Mapping[str, Any] = field(default_factory=lambda: {"game_end": "hands:1"})
    timeout_s: float = DEFAULT_TIMEOUT_S
    max_commands_per_game: int = MAX_COMMANDS_PER_GAME
    # Read the next seat's view at every change of turn, instead of drawing blind.
    reads: bool = False


@dataclass
class GameLoadReport:
    games: int
    finished: int = 0
    failed: int = 0
    unfinished: int = 0
    elapsed_s: float = 0.0
    timed_out: bool = False
    commands: Tally = field(default_factory=Tally)
    reads: Tally = field(default_factory=Tally)
    creates: Tally = field(default_factory=Tally)
    # CPU seconds the spawned API process spent in the measured phase (None: not spawned).
    server_cpu_s: float | None = None

    @property
    def tallies(self) -> tuple[Tally, ...]:
        return (self.creates, self.reads, self.commands)

    @property
    def server_errors(self) -> int:
        return sum(tally.server_errors for tally in self.tallies)

    @property
    def client_errors(self) -> int:
        return sum(tally.client_errors for tally in self.tallies)

    @property
    def transport_errors(self) -> int:
        return sum(tally.transport_errors for tally in self.tallies)

    @property
    def requests(self) -> int:
        return sum(len(tally.latencies) for tally in self.tallies)

    @property
    def ok(self) -> bool:
        return (
            not self.timed_out
            and self.finished == self.games
            and not (self.server_errors or self.client_errors or self.transport_errors)
        )


async def _read_view(
    client: RawConnection, report: GameLoadReport, game_id: str, token: str
) -> _View | None:
    body = await _request(
        client, report.reads, "GET", f"/games/{game_id}/view", expect=200, token=token
    )
    return None if body is None else _view_decoder.decode(body)


async def _play_one(
    client: RawConnection, config: GameLoad, index: int, report: GameLoadReport
) -> None:
    seed = config.seed + index
    rng = random.Random(seed)
    creation = {
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "preset": config.preset,
        "rules": dict(config.rules),
        "seed": seed,
    }
    body = await _request(
        client,
        report.creates,
        "POST",
        "/games",
        expect=201,
        content=msgspec.json.encode(creation),
    )
    if body is None:
        report.failed += 1
        return
    created = _created_decoder.decode(body)
    game_id = created.game_id
    tokens = {int(seat): token for seat, token in created.tokens.items()}
    view = await _read_view(client, report, game_id, tokens[0])
    if view is not None and view.phase != "over" and view.turn != 0:
        view = await _read_view(client, report, game_id, tokens[view.turn])
    for _ in range(config.max_commands_per_game):
        if view is None:
            report.failed += 1
            return
        if view.phase == "over":
            report.finished += 1
            return
        seat = view.turn
        if view.seat != seat:
            # The view is the last player's answer: the next seat opens with a stock draw.
            command = _STOCK_DRAW
        elif view.legal_commands:
            command = bytes(rng.choice(view.legal_commands))
        else:
            report.commands.note_error(f"game {game_id}: seat {seat} has no legal command")
            report.failed += 1
            return
        body = await _request(
            client,
            report.commands,
            "POST",
            f"/games/{game_id}/commands",
            expect=200,
            content=command,
            token=tokens[seat],
        )
        if body is None:
            report.failed += 1
            return
        view = _result_decoder.decode(body).view
        if view.phase != "over" and view.turn != seat and not _may_draw_blind(view, config):
            # The answer is the caller's view; the next seat's needs one read.
            view = await _read_view(client, report, game_id, tokens[view.turn])
    report.unfinished += 1


def _may_draw_blind(view: _View, config: GameLoad) -> bool:
    """Whether the next seat may open its turn with a stock draw without reading its view."""
    return not config.reads and view.phase == "draw" and view.stock_count > 0


async def play_games(
    config: GameLoad, *, on_game: Callable[[], None] | None = None
) -> GameLoadReport:
    """Play `config.games` games with `config.concurrency` virtual clients."""
    report = GameLoadReport(games=config.games)
    indexes = iter(range(config.games))

    async def worker() -> None:
        # Each virtual client has its own connection and takes the next game when done.
        async with RawConnection(config.url, timeout_s=REQUEST_TIMEOUT_S) as connection:
            for index in indexes:
                await _play_one(connection, config, index, report)
                if on_game is not None:
                    on_game()

    started = time.perf_counter()
    workers = [worker() for _ in range(max(1, min(config.concurrency, config.games)))]
    report.timed_out = not await _bounded(workers, config.timeout_s)
    report.elapsed_s = time.perf_counter() - started
    return report


# ------------------------------------------------------------------ ceiling


@dataclass
class CeilingReport:
    requests: int
    elapsed_s: float = 0.0
    timed_out: bool = False
    tally: Tally = field(default_factory=Tally)
    server_cpu_s: float | None = None

    @property
    def ok(self) -> bool:
        # A ceiling stopped by the time bound still measured a rate: not an error.
        tally = self.tally
        return not (tally.server_errors or tally.client_errors or tally.transport_errors)


async def drive_ceiling(
    url: str,
    requests: int,
    concurrency: int,
    *,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    on_request: Callable[[], None] | None = None,
) -> CeilingReport:
    """POST /xadd `requests` times from `concurrency` clients."""
    report = CeilingReport(requests=requests)
    indexes = iter(range(requests))

    async def worker() -> None:
        async with RawConnection(url, timeout_s=REQUEST_TIMEOUT_S) as connection:
            for _ in indexes:
                await _request(
                    connection, report.tally, "POST", "/xadd", expect=200, content=_CEILING_BODY
                )
                if on_request is not None:
                    on_request()

    started = time.perf_counter()
    workers = [worker() for _ in range(max(1, min(concurrency, requests)))]
    report.timed_out = not await _bounded(workers, timeout_s)
    report.elapsed_s = time.perf_counter() - started
    return report


# ------------------------------------------------------------------ processes


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (None where /proc is missing)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    # After the command name: state is field 3, utime and stime are fields 14 and 15.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def _cpu_of(pid: int | None) -> Iterator[list[float | None]]:
    """Measures the CPU seconds `pid` spends inside the block (a one-item list)."""
    spent: list[float | None] = [None]
    before = cpu_seconds(pid) if pid is not None else None
    yield spent
    after = cpu_seconds(pid) if pid is not None else None
    if before is not None and after is not None:
        spent[0] = after - before


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def _server(
    name: str, arguments: list[str], health_url: str, log_dir: Path
) -> Iterator[subprocess.Popen[bytes]]:
    """A Python server in a subprocess, ready once `health_url` answers 200; stopped on exit."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(_REPO_ROOT), environment.get("PYTHONPATH")])
    )
    log_path = log_dir / f"{name}.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, *arguments],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=_REPO_ROOT,
            env=environment,
        )
        try:
            _wait_healthy(name, process, health_url, log_path)
            yield process
        finally:
            _stop(process)


def _wait_healthy(
    name: str, process: subprocess.Popen[bytes], health_url: str, log_path: Path
) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with {process.returncode}; see {log_path}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(health_url, timeout=1.0).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{name} did not answer {health_url} within {STARTUP_TIMEOUT_S} s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)  # uvicorn shuts down gracefully on SIGTERM
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# ------------------------------------------------------------------ command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument(
        "--concurrency", type=int, default=50, help="virtual clients and pooled connections (50)"
    )
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the running API")
    parser.add_argument("--preset", default="basic", help="ruleset preset (default basic)")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    parser.add_argument(
        "--spawn",
        action="store_true",
        help="start the API itself (embedded Redis in a temp folder + uvicorn), stop it after",
    )
    parser.add_argument(
        "--redis-url",
        help="the Redis the running API uses, for the ceiling app "
        "(default: the spawned one, else an embedded Redis in a temp folder)",
    )
    parser.add_argument("--no-ceiling", action="store_true", help="skip the one-XADD ceiling")
    parser.add_argument(
        "--ceiling-requests",
        type=int,
        help="ceiling requests (default: as many as the games posted commands)",
    )
    parser.add_argument(
        "--warmup-games", type=int, default=2, help="unmeasured games played first (default 2)"
    )
    parser.add_argument(
        "--reads",
        action="store_true",
        help="read the next seat's view at every change of turn (default: draw blind from "
        "the stock when the answer shows that legal)",
    )
    parser.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT_S, help="overall bound, seconds (900)"
    )


def run(args: argparse.Namespace) -> int:
    if args.games < 1 or args.concurrency < 1:
        print("--games and --concurrency must be positive", file=sys.stderr)
        return 2
    deadline = time.monotonic() + args.timeout
    scratch = Path(tempfile.mkdtemp(prefix="rummy-loadtest-"))
    try:
        with contextlib.ExitStack() as stack:
            url: str = args.url
            redis_url: str | None = args.redis_url
            if args.spawn or (redis_url is None and not args.no_ceiling):
                redis_url = _embedded_redis(stack, scratch)
            api_pid = None
            if args.spawn:
                assert redis_url is not None
                port = _free_port()
                url = f"http://127.0.0.1:{port}"
                serve = ["-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
                api = stack.enter_context(
                    _server("api", [*serve, "--redis-url", redis_url], f"{url}/health", scratch)
                )
                api_pid = api.pid
                print(f"spawned the API on {url} (log in {scratch})", file=sys.stderr)
            games = _games_phase(args, url, deadline, api_pid)
            ceiling = None
            if not args.no_ceiling:
                assert redis_url is not None
                commands = len(games.commands.latencies)
                requests = args.ceiling_requests or min(max(commands, 1), CEILING_MAX_REQUESTS)
                ceiling = _ceiling_phase(args, redis_url, requests, scratch, deadline)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    _print_report(args, games, ceiling)
    return 0 if games.ok and (ceiling is None or ceiling.ok) else 1


def _embedded_redis(stack: contextlib.ExitStack, scratch: Path) -> str:
    from service.embedded_redis import EmbeddedRedis

    redis = stack.enter_context(EmbeddedRedis(scratch / "redis"))
    print(f"embedded Redis on {redis.url} (temp folder)", file=sys.stderr)
    return redis.url


def _remaining(deadline: float) -> float:
    return max(deadline - time.monotonic(), 1.0)


def _games_phase(
    args: argparse.Namespace, url: str, deadline: float, api_pid: int | None
) -> GameLoadReport:
    if args.warmup_games > 0:
        warmup = GameLoad(
            url=url,
            games=args.warmup_games,
            concurrency=args.warmup_games,
            preset=args.preset,
            seed=args.seed + 1_000_000,
            timeout_s=_remaining(deadline),
        )
        run_loop(play_games(warmup))
    share = 1.0 if args.no_ceiling else 1.0 - CEILING_TIME_SHARE
    config = GameLoad(
        url=url,
        games=args.games,
        concurrency=args.concurrency,
        preset=args.preset,
        seed=args.seed,
        timeout_s=_remaining(deadline) * share,
        reads=args.reads,
    )
    bar = ProgressBar(args.games, label=f"games x{args.concurrency}")
    try:
        with _cpu_of(api_pid) as spent:
            report = run_loop(play_games(config, on_game=bar.advance))
    finally:
        bar.close()
    report.server_cpu_s = spent[0]
    return report


def _ceiling_phase(
    args: argparse.Namespace, redis_url: str, requests: int, scratch: Path, deadline: float
) -> CeilingReport:
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    # Quiet like `rummy serve`, so both sides skip the access log alike.
    command = ["-m", "service.ceiling_app", "--redis-url", redis_url, "--port", str(port)]
    command.append("--quiet")
    with _server("ceiling", command, f"{url}/health", scratch) as process:
        warmup = min(requests, 2 * args.concurrency)
        run_loop(drive_ceiling(url, warmup, args.concurrency, timeout_s=_remaining(deadline)))
        bar = ProgressBar(requests, label=f"ceiling x{args.concurrency}")
        try:
            with _cpu_of(process.pid) as spent:
                report = run_loop(
                    drive_ceiling(
                        url,
                        requests,
                        args.concurrency,
                        timeout_s=_remaining(deadline),
                        on_request=bar.advance,
                    )
                )
        finally:
            bar.close()
        report.server_cpu_s = spent[0]
        return report


def _print_report(
    args: argparse.Namespace, games: GameLoadReport, ceiling: CeilingReport | None
) -> None:
    elapsed = games.elapsed_s
    commands = games.commands.figures(elapsed)
    print(
        f"games: {games.finished}/{games.games} finished, {games.failed} failed, "
        f"{games.unfinished} unfinished{' (TIMED OUT)' if games.timed_out else ''} "
        f"in {elapsed:.1f} s; preset={args.preset} concurrency={args.concurrency}"
    )
    print(f"  game commands (POST):   {commands.line('cmd')}")
    print(f"  view reads (GET):       {games.reads.figures(elapsed).line('req')}")
    print(f"  creates (POST /games):  {games.creates.figures(elapsed).line('req')}")
    print(f"  all game requests:      {games.requests / elapsed if elapsed else 0.0:8.1f} req/s")
    print(
        f"  server errors (5xx): {games.server_errors}  client errors (4xx): "
        f"{games.client_errors}  transport errors: {games.transport_errors}"
    )
    for tally in games.tallies:
        for sample in tally.error_samples:
            print(f"    {sample}")
    print(_cpu_line(games.server_cpu_s, games.requests, "API"))
    if ceiling is None:
        return
    figures = ceiling.tally.figures(ceiling.elapsed_s)
    print(
        f"ceiling (POST /xadd, one XADD): {figures.line('req')}"
        f"{' (stopped by the time bound)' if ceiling.timed_out else ''}"
    )
    tally = ceiling.tally
    print(
        f"  server errors (5xx): {tally.server_errors}  client errors (4xx): "
        f"{tally.client_errors}  transport errors: {tally.transport_errors}"
    )
    for sample in tally.error_samples:
        print(f"    {sample}")
    print(_cpu_line(ceiling.server_cpu_s, len(tally.latencies), "ceiling"))
    ratio = commands.per_s / figures.per_s if figures.per_s else 0.0
    requests_ratio = (
        (games.requests / elapsed) / figures.per_s if figures.per_s and elapsed else 0.0
    )
    met = ratio >= TARGET_RATIO and commands.p99_ms < TARGET_P99_MS and games.server_errors == 0
    print(
        f"ratio game commands/s / ceiling req/s: {ratio:.2f} "
        f"(all game requests/s: {requests_ratio:.2f}); target >= {TARGET_RATIO} with "
        f"p99 < {TARGET_P99_MS:.0f} ms: {'met' if met else 'NOT met'}"
    )


def _cpu_line(cpu_s: float | None, requests: int, server: str) -> str:
    # The server's own CPU per request does not depend on how busy the driver keeps the cores.
    if cpu_s is None or not requests:
        return f"  {server} CPU per request: not measured (only for servers this run spawned)"
    return (
        f"  {server} CPU per request: {1000 * cpu_s / requests:.3f} ms "
        f"({cpu_s:.1f} s over {requests} requests)"
    )
