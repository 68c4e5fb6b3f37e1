"""The `rummy loadtest` command line: its arguments, the servers it spawns, the two phases."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from service.store.redis_cluster import is_cluster_url
from service.tools.load.ceiling import CeilingReport, drive_ceiling
from service.tools.load.clients import DEFAULT_TIMEOUT_S, run_loop
from service.tools.load.games import GameLoad, GameLoadReport, play_games
from service.tools.load.processes import embedded_redis, measure_cpu, running_server
from service.tools.load.raw_http import split_url
from service.tools.load.report import print_report, print_rounds
from service.tools.progress import ProgressBar
from service.tools.serve_process import free_port

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
        help="the Redis the running API uses, for the ceiling app; with --spawn, the store the "
        "spawned API runs on (a redis+cluster:// URL too: then no ceiling) "
        "(default: an embedded Redis in a temp folder)",
    )
    parser.add_argument(
        "--api-processes",
        type=int,
        default=1,
        help="with --spawn, API processes to start; the virtual clients take them in turn (1)",
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
        "--rounds",
        type=int,
        default=3,
        help="game and ceiling phases alternate this many times; the target is judged on "
        "the median round's ratio (default 3)",
    )
    parser.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT_S, help="overall bound, seconds (900)"
    )


def run(args: argparse.Namespace) -> int:
    if args.games < 1 or args.concurrency < 1 or args.rounds < 1:
        print("--games, --concurrency and --rounds must be positive", file=sys.stderr)
        return 2
    if not args.spawn:
        try:
            split_url(args.url)
        except ValueError as refused:
            print(f"rummy loadtest: {refused}", file=sys.stderr)
            return 2
    deadline = time.monotonic() + args.timeout
    scratch = Path(tempfile.mkdtemp(prefix="rummy-loadtest-"))
    rounds: list[tuple[GameLoadReport, CeilingReport | None]] = []
    try:
        with contextlib.ExitStack() as stack:
            url: str = args.url
            urls: tuple[str, ...] = ()
            redis_url: str | None = args.redis_url
            if redis_url is None and (args.spawn or not args.no_ceiling):
                redis_url = embedded_redis(stack, scratch)
            api_pids: list[int] = []
            if args.spawn:
                assert redis_url is not None
                urls = _spawn_api(stack, redis_url, args.api_processes, scratch, api_pids)
                url = urls[0]
            ceiling: tuple[str, int] | None = None
            if redis_url is not None and is_cluster_url(redis_url) and not args.no_ceiling:
                print("no ceiling on a cluster: its app runs on one server", file=sys.stderr)
                args.no_ceiling = True
            if not args.no_ceiling:
                assert redis_url is not None
                ceiling = _start_ceiling(stack, redis_url, scratch)
            _warm_up(args, url, ceiling, deadline)
            for index in range(args.rounds):
                games = _games_phase(args, url, urls, deadline, api_pids, index)
                measured = None
                if ceiling is not None:
                    commands = len(games.commands.latencies)
                    requests = args.ceiling_requests or min(max(commands, 1), CEILING_MAX_REQUESTS)
                    measured = _ceiling_phase(args, ceiling, requests, deadline, index)
                rounds.append((games, measured))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for index, (games, measured) in enumerate(rounds, start=1):
        if args.rounds > 1:
            print(f"--- round {index} of {args.rounds} ---")
        print_report(games, measured, preset=args.preset, concurrency=args.concurrency)
    judged = [(games, measured) for games, measured in rounds if measured is not None]
    # A missed target fails the run (exit 1), as a failed game or ceiling phase does.
    target_met = print_rounds(judged) if judged else True
    ok = all(games.ok and (measured is None or measured.ok) for games, measured in rounds)
    return 0 if ok and target_met and len(rounds) == args.rounds else 1


def _remaining(deadline: float) -> float:
    return max(deadline - time.monotonic(), 1.0)


def _spawn_api(
    stack: contextlib.ExitStack, redis_url: str, count: int, scratch: Path, pids: list[int]
) -> tuple[str, ...]:
    """`count` API processes on the store at `redis_url` (no worker: nothing here needs one).

    On a cluster the queues need a standalone Redis: an embedded one, unless
    RQ_REDIS_URL names one."""
    extra_env = {}
    if is_cluster_url(redis_url) and not os.environ.get("RQ_REDIS_URL"):
        extra_env["RQ_REDIS_URL"] = embedded_redis(stack, scratch / "queues")
    urls = []
    for number in range(max(1, count)):
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        serve = ["-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
        serve += ["--redis-url", redis_url, "--no-worker"]
        health = f"{url}/health"
        api = stack.enter_context(running_server(f"api{number}", serve, health, scratch, extra_env))
        pids.append(api.pid)
        urls.append(url)
        print(f"spawned an API process on {url} (log in {scratch})", file=sys.stderr)
    return tuple(urls)


def _start_ceiling(stack: contextlib.ExitStack, redis_url: str, scratch: Path) -> tuple[str, int]:
    """The ceiling app in its own uvicorn process: its URL and process id."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    # Quiet like `rummy serve`, so both sides skip the access log alike.
    command = ["-m", "service.tools.ceiling_app", "--redis-url", redis_url, "--port", str(port)]
    command.append("--quiet")
    process = stack.enter_context(running_server("ceiling", command, f"{url}/health", scratch))
    return url, process.pid


def _warm_up(
    args: argparse.Namespace, url: str, ceiling: tuple[str, int] | None, deadline: float
) -> None:
    """Unmeasured work first, so that neither server is measured cold."""
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
    if ceiling is not None:
        requests = 2 * args.concurrency
        run_loop(
            drive_ceiling(ceiling[0], requests, args.concurrency, timeout_s=_remaining(deadline))
        )


def _games_phase(
    args: argparse.Namespace,
    url: str,
    urls: tuple[str, ...],
    deadline: float,
    api_pids: list[int],
    index: int,
) -> GameLoadReport:
    # Every round plays the same games (the same seeds): rounds differ only
    # in when they ran. The game phases share what the ceiling leaves.
    share = 1.0 if args.no_ceiling else 1.0 - CEILING_TIME_SHARE
    config = GameLoad(
        url=url,
        urls=urls,
        games=args.games,
        concurrency=args.concurrency,
        preset=args.preset,
        seed=args.seed,
        timeout_s=_remaining(deadline) * share / (args.rounds - index),
        reads=args.reads,
    )
    bar = ProgressBar(args.games, label=f"{_round_label(args, index)}games x{args.concurrency}")
    try:
        with measure_cpu(api_pids or None) as spent:
            report = run_loop(play_games(config, on_game=bar.advance))
    finally:
        bar.close()
    report.server_cpu_s = spent[0]
    return report


def _ceiling_phase(
    args: argparse.Namespace,
    ceiling: tuple[str, int],
    requests: int,
    deadline: float,
    index: int,
) -> CeilingReport:
    url, pid = ceiling
    label = f"{_round_label(args, index)}ceiling x{args.concurrency}"
    bar = ProgressBar(requests, label=label)
    try:
        with measure_cpu(pid) as spent:
            report = run_loop(
                drive_ceiling(
                    url,
                    requests,
                    args.concurrency,
                    timeout_s=_remaining(deadline) / (args.rounds - index),
                    on_request=bar.advance,
                )
            )
    finally:
        bar.close()
    report.server_cpu_s = spent[0]
    return report


def _round_label(args: argparse.Namespace, index: int) -> str:
    return f"round {index + 1}/{args.rounds} " if args.rounds > 1 else ""
