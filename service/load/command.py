"""The `rummy loadtest` command line: its arguments, the servers it spawns, the two phases."""

from __future__ import annotations

import argparse
import contextlib
import shutil
import sys
import tempfile
import time
from pathlib import Path

from service.load.ceiling import CeilingReport, drive_ceiling
from service.load.clients import DEFAULT_TIMEOUT_S, run_loop
from service.load.games import GameLoad, GameLoadReport, play_games
from service.load.processes import embedded_redis, free_port, measure_cpu, running_server
from service.load.report import print_report
from service.progress import ProgressBar

__all__ = ["add_arguments", "run"]

# The ceiling's default request count follows the games' command count, up to this.
CEILING_MAX_REQUESTS = 20_000
# Without a time bound of its own, the game phase leaves the ceiling this share.
CEILING_TIME_SHARE = 0.3


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
                redis_url = embedded_redis(stack, scratch)
            api_pid = None
            if args.spawn:
                assert redis_url is not None
                port = free_port()
                url = f"http://127.0.0.1:{port}"
                serve = ["-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
                api = stack.enter_context(
                    running_server(
                        "api", [*serve, "--redis-url", redis_url], f"{url}/health", scratch
                    )
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
    print_report(games, ceiling, preset=args.preset, concurrency=args.concurrency)
    return 0 if games.ok and (ceiling is None or ceiling.ok) else 1


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
        with measure_cpu(api_pid) as spent:
            report = run_loop(play_games(config, on_game=bar.advance))
    finally:
        bar.close()
    report.server_cpu_s = spent[0]
    return report


def _ceiling_phase(
    args: argparse.Namespace, redis_url: str, requests: int, scratch: Path, deadline: float
) -> CeilingReport:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    # Quiet like `rummy serve`, so both sides skip the access log alike.
    command = ["-m", "service.ceiling_app", "--redis-url", redis_url, "--port", str(port)]
    command.append("--quiet")
    with running_server("ceiling", command, f"{url}/health", scratch) as process:
        warmup = min(requests, 2 * args.concurrency)
        run_loop(drive_ceiling(url, warmup, args.concurrency, timeout_s=_remaining(deadline)))
        bar = ProgressBar(requests, label=f"ceiling x{args.concurrency}")
        try:
            with measure_cpu(process.pid) as spent:
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
