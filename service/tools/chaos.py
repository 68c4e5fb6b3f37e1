"""`rummy chaos`: bot games, scripted human games and games moved by turn timers alone on
a server whose worker, embedded Redis and API process are killed (SIGKILL), whose Redis
hangs (SIGSTOP for a while, then SIGCONT) and whose scheduler loses its lock to a dead
one, at random moments; then every game is checked.

It spawns its own `rummy serve` (embedded Redis, API and worker, on 127.0.0.1,
in a temporary data folder) and restarts it when it kills the API process.
The human clients retry a command that got no answer (a connection error, a
503) with the same `command_id`, as a client should; a command is
acknowledged once it was answered 200. At the end, with the kills over, the
games are given time to finish, and each is checked: finished or still
playing (not frozen), every acknowledged command in the log at the version
it was acknowledged at, no command's events in two places (applied twice),
and every finished game's log imports again. Exits 1 unless all hold.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

from service.tools.chaos_checks import check_game, settle, timer_lateness
from service.tools.chaos_games import Figures, GameRun, create_game, play_human, request
from service.tools.chaos_server import Server
from service.tools.serve_process import free_port

__all__ = ["add_arguments", "run"]

_KINDS = ("worker", "redis", "api", "redis_hang", "scheduler")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=50, help="games to play (default 50)")
    parser.add_argument(
        "--minutes", type=float, default=3.0, help="how long the kills go on (default 3)"
    )
    parser.add_argument(
        "--kills", type=int, default=3, help="kills of each kind at most (default 3)"
    )
    parser.add_argument("--seed", type=int, default=None, help="for the kills and the games")
    parser.add_argument(
        "--humans", type=float, default=0.5, help="share of games with a human seat (0.5)"
    )
    parser.add_argument(
        "--timers",
        type=float,
        default=0.2,
        help="share of the other games with a 3 s turn timer and an absent human (0.2)",
    )
    parser.add_argument(
        "--keep", metavar="FOLDER", help="keep the server's data and log here (else a temp folder)"
    )


def _killer(
    server: Server,
    figures: Figures,
    rng: random.Random,
    limit: int,
    until: float,
    stop: threading.Event,
) -> None:
    kills = [kind for kind in _KINDS for _ in range(limit)]
    rng.shuffle(kills)
    for kind in kills:
        remaining = until - time.monotonic()
        if remaining <= 0:
            return
        # Spread over what is left, at random moments.
        if stop.wait(rng.uniform(0.3, 1.7) * remaining / (len(kills) + 1)):
            return
        began = time.time()
        if server.kill(kind):
            figures.kills[kind] += 1
            figures.faults.append((began, time.time()))
            print(f"chaos: {kind}", file=sys.stderr)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _refusal(args: argparse.Namespace) -> str | None:
    """What is wrong with the arguments, before a server is started: a run of no games
    or no time checks nothing, and would report it as a success."""
    if args.games < 1:
        return "--games takes 1 or more"
    if not args.minutes > 0:
        return "--minutes takes more than 0"
    if args.kills < 0:
        return "--kills takes 0 or more"
    for name in ("humans", "timers"):
        if not 0 <= getattr(args, name) <= 1:
            return f"--{name} takes a share, 0 to 1"
    return None


def run(args: argparse.Namespace) -> int:
    if (refused := _refusal(args)) is not None:
        print(f"rummy chaos: {refused}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    rng = random.Random(seed)
    figures = Figures()
    started = time.monotonic()
    with contextlib.ExitStack() as folders:
        scratch = args.keep or folders.enter_context(
            tempfile.TemporaryDirectory(prefix="rummy-chaos-")
        )
        Path(scratch).mkdir(parents=True, exist_ok=True)
        server = Server(Path(scratch) / "data", free_port(), Path(scratch) / "serve.log")
        server.start()
        print(f"chaos: seed {seed}, server on {server.url}, log {server.log}", file=sys.stderr)
        stop = threading.Event()
        until = started + args.minutes * 60
        killer = threading.Thread(
            target=_killer, args=(server, figures, rng, args.kills, until, stop), daemon=True
        )
        games: list[GameRun] = []
        players: list[threading.Thread] = []
        try:
            killer.start()
            with httpx.Client(base_url=server.url, timeout=5.0) as client:
                # Games start over the first two thirds, so kills meet games in every phase.
                for index in range(args.games):
                    at = started + (args.minutes * 60 * 2 / 3) * index / max(args.games, 1)
                    time.sleep(max(0.0, at - time.monotonic()))
                    human = rng.random() < args.humans
                    timer = not human and rng.random() < args.timers
                    game = create_game(client, figures, rng, human, timer)
                    games.append(game)
                    if game.human:
                        player = threading.Thread(
                            target=play_human,
                            args=(server.url, game, figures, stop),
                            daemon=True,
                        )
                        player.start()
                        players.append(player)
                killer.join(max(0.0, until - time.monotonic()) + 60)
                frozen_games = settle(client, figures, games)
                frozen = len(frozen_games)
                for game in games:
                    if not game.finished:
                        summary = request(client, figures, "GET", f"/games/{game.game_id}")
                        view = summary.json()["view"]
                        print(
                            f"chaos: unfinished {game.game_id} human={game.human} "
                            f"timer={game.timer} "
                            f"version={summary.json()['version']} phase={view['phase']} "
                            f"turn={view['turn']}",
                            file=sys.stderr,
                        )
                stop.set()
                for player in players:
                    player.join(10)
                totals: Counter[str] = Counter()
                for game in games:
                    totals.update(check_game(client, figures, game))
                late = timer_lateness(client, figures, [g for g in games if g.timer])
        finally:
            stop.set()
            server.stop()
    acknowledged = sum(len(game.acknowledged) for game in games)
    finished = sum(1 for game in games if game.finished)
    print(
        f"games={len(games)} finished={finished} playing={len(games) - finished - frozen} "
        f"human_games={sum(g.human for g in games)} "
        f"kills_worker={figures.kills['worker']} kills_redis={figures.kills['redis']} "
        f"kills_api={figures.kills['api']} hangs_redis={figures.kills['redis_hang']} "
        f"kills_scheduler={figures.kills['scheduler']} "
        f"acknowledged={acknowledged} lost={totals['lost']} "
        f"applied_twice={totals['twice']} frozen={frozen} "
        f"timer_games={sum(g.timer for g in games)} "
        f"frozen_timers={sum(g.timer for g in frozen_games)} "
        f"timers_fired={len(late)} timer_late_s_p50={_quantile(late, 0.5):.2f} "
        f"timer_late_s_p99={_quantile(late, 0.99):.2f} timer_late_s_max={max(late, default=0):.2f} "
        f"imports_failed={totals['import_failed']} retries={figures.retries} "
        f"server_errors={figures.server_errors} seed={seed} "
        f"seconds={time.monotonic() - started:.0f}"
    )
    bad = totals["lost"] + totals["twice"] + frozen + totals["import_failed"]
    return 0 if bad == 0 and figures.server_errors == 0 else 1
