"""`rummy chaos`: bot games and scripted human games on a server whose worker, embedded Redis
and API process are killed (SIGKILL) at random moments; then every game is checked.

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
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

__all__ = ["add_arguments", "run"]

_REPO_ROOT = Path(__file__).resolve().parents[2]
STARTUP_TIMEOUT_S = 60.0
# After the chaos: how long games get to finish, and how long a game may sit
# still before it counts as frozen.
SETTLE_S = 120.0
FROZEN_AFTER_S = 20.0
_POLL_S = 0.25
_KINDS = ("worker", "redis", "api")


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
        "--keep", metavar="FOLDER", help="keep the server's data and log here (else a temp folder)"
    )


@dataclass
class GameRun:
    game_id: str
    human: bool
    token: str | None = None
    acknowledged: dict[str, int] = field(default_factory=dict)
    finished: bool = False


@dataclass
class Figures:
    kills: Counter[str] = field(default_factory=Counter)
    retries: int = 0
    server_errors: int = 0


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _children(pid: int) -> dict[int, str]:
    """The live child processes of `pid` and their command lines."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        state, parent = stat.rpartition(")")[2].split()[:2]
        if int(parent) == pid and state != "Z":
            found[int(entry.name)] = command
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


class Server:
    """`rummy serve` on a fixed port and data folder, started again after each kill of it."""

    def __init__(self, data_dir: Path, port: int, log: Path) -> None:
        self.data_dir = data_dir
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()

    def start(self) -> None:
        environment = {
            name: value
            for name, value in os.environ.items()
            if name not in ("REDIS_URL", "RQ_REDIS_URL", "HOST", "PORT", "DATA_DIR")
        }
        environment["PYTHONPATH"] = str(_REPO_ROOT)
        # One client plays every game here: it is not the flood the limits are for.
        environment["RATE_LIMIT_CREATE"] = "off"
        environment["RATE_LIMIT_COMMANDS"] = "off"
        command = [sys.executable, "-m", "service.cli", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(self.data_dir)]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command,
                cwd=_REPO_ROOT,
                env=environment,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.wait_healthy()

    def wait_healthy(self) -> None:
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"rummy serve exited; see {self.log}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/health", timeout=1.0).status_code == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError(f"rummy serve was not healthy within {STARTUP_TIMEOUT_S} s")

    def child(self, kind: str) -> int | None:
        assert self.process is not None
        marker = "redis-server" if kind == "redis" else " worker "
        for pid, command in _children(self.process.pid).items():
            if marker in f"{command} ":
                return pid
        return None

    def kill(self, kind: str) -> bool:
        """SIGKILL the worker, the embedded Redis or the API process; False if none ran."""
        with self.lock:
            assert self.process is not None
            if kind == "api":
                children = list(_children(self.process.pid))
                self.process.kill()
                self.process.wait()
                # Its children end with it (SIGTERM from the kernel); the data folder
                # is free once they are gone.
                deadline = time.monotonic() + 30
                while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
                    time.sleep(0.05)
                self.start()
                return True
            pid = self.child(kind)
            if pid is None:
                return False
            os.kill(pid, signal.SIGKILL)
            return True

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _request(
    client: httpx.Client, figures: Figures, method: str, path: str, **options: Any
) -> httpx.Response:
    """One request, sent again (the same one) until it gets an answer that is not 503/5xx."""
    delay = 0.1
    while True:
        try:
            response = client.request(method, path, **options)
        except httpx.HTTPError:
            response = None
        if response is not None and response.status_code < 500:
            return response
        if response is not None and response.status_code != 503:
            figures.server_errors += 1
        figures.retries += 1
        time.sleep(delay)
        delay = min(delay * 2, 2.0)


def _create(client: httpx.Client, figures: Figures, rng: random.Random, human: bool) -> GameRun:
    if human:
        seats = [{"kind": "human"}, {"kind": "bot", "level": rng.choice((1, 2))}]
    else:
        seats = [{"kind": "bot", "level": rng.choice((1, 2, 3))} for _ in range(2)]
    body = {
        "seats": seats,
        "preset": "duel",
        "rules": {"game_end": f"hands:{rng.choice((1, 2))}"},
        "seed": rng.randrange(2**31),
    }
    # A creation sent again after a lost answer may make a second game: only the answered counts.
    response = _request(client, figures, "POST", "/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    return GameRun(created["game_id"], human, created["tokens"].get("0"))


def _play_human(url: str, game: GameRun, figures: Figures, stop: threading.Event) -> None:
    """Seat 0's owner: the simplest legal command on its turn, each with its own command_id."""
    headers = {"Authorization": f"Bearer {game.token}"}
    number = 0
    with httpx.Client(base_url=url, timeout=5.0) as client:
        while not stop.is_set():
            view = _request(client, figures, "GET", f"/games/{game.game_id}/view", headers=headers)
            state = view.json()
            if state["phase"] == "over":
                game.finished = True
                return
            legal = state["legal_commands"]
            if state["turn"] != 0 or not legal:
                time.sleep(_POLL_S)
                continue
            command = legal[0] if state["phase"] == "draw" else legal[-1]
            command_id = f"{game.game_id[:8]}-{number}"
            number += 1
            answer = _request(
                client,
                figures,
                "POST",
                f"/games/{game.game_id}/commands",
                json={**command, "command_id": command_id},
                headers=headers,
            )
            if answer.status_code == 200:
                game.acknowledged[command_id] = answer.json()["version"]


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
        if server.kill(kind):
            figures.kills[kind] += 1
            print(f"chaos: killed the {kind}", file=sys.stderr)


def _events(client: httpx.Client, figures: Figures, game_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    while True:
        page = _request(
            client, figures, "GET", f"/games/{game_id}/events", params={"after": len(events)}
        )
        batch = page.json()["events"]
        if not batch:
            return events
        events += batch


def _check(client: httpx.Client, figures: Figures, game: GameRun) -> dict[str, int]:
    """lost, twice, import_failed for one game."""
    events = _events(client, figures, game.game_id)
    runs: dict[str, list[int]] = {}
    for envelope in events:
        if envelope["command_id"] is not None:
            runs.setdefault(envelope["command_id"], []).append(envelope["version"])
    twice = sum(
        1
        for versions in runs.values()
        if versions != list(range(versions[0], versions[0] + len(versions)))
    )
    by_version = {envelope["version"]: envelope for envelope in events}

    def in_log(command_id: str, version: int) -> bool:
        # The answer's version also covers the service's events of the same append
        # (the next deal, a deadline): those carry no command id.
        if command_id not in runs or runs[command_id][-1] > version:
            return False
        after = range(runs[command_id][-1] + 1, version + 1)
        return all(v in by_version and by_version[v]["command_id"] is None for v in after)

    lost = sum(
        1 for command_id, version in game.acknowledged.items() if not in_log(command_id, version)
    )
    failed = 0
    if game.finished:
        log = _request(client, figures, "GET", f"/games/{game.game_id}/log")
        imported = _request(
            client,
            figures,
            "POST",
            "/games/import",
            content=log.content,
            headers={"content-type": "application/x-ndjson"},
        )
        failed = int(log.status_code != 200 or imported.status_code != 201)
    return {"lost": lost, "twice": twice, "import_failed": failed}


def _settle(client: httpx.Client, figures: Figures, games: list[GameRun]) -> int:
    """Let the games finish (up to SETTLE_S); the number of unfinished games that did not
    move in the last FROZEN_AFTER_S (frozen). One still moving is playable, only slow."""
    deadline = time.monotonic() + SETTLE_S
    moved: dict[str, tuple[int, float]] = {}
    while True:
        for game in games:
            if game.finished:
                continue
            summary = _request(client, figures, "GET", f"/games/{game.game_id}").json()
            if summary["status"] == "finished":
                game.finished = True
            elif moved.get(game.game_id, (-1, 0.0))[0] != summary["version"]:
                moved[game.game_id] = (summary["version"], time.monotonic())
        if all(game.finished for game in games) or time.monotonic() > deadline:
            break
        time.sleep(1.0)
    now = time.monotonic()
    return sum(
        1 for game in games if not game.finished and now - moved[game.game_id][1] > FROZEN_AFTER_S
    )


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    rng = random.Random(seed)
    figures = Figures()
    started = time.monotonic()
    with contextlib.ExitStack() as folders:
        scratch = args.keep or folders.enter_context(
            tempfile.TemporaryDirectory(prefix="rummy-chaos-")
        )
        Path(scratch).mkdir(parents=True, exist_ok=True)
        server = Server(Path(scratch) / "data", _free_port(), Path(scratch) / "serve.log")
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
                    game = _create(client, figures, rng, rng.random() < args.humans)
                    games.append(game)
                    if game.human:
                        player = threading.Thread(
                            target=_play_human,
                            args=(server.url, game, figures, stop),
                            daemon=True,
                        )
                        player.start()
                        players.append(player)
                killer.join(max(0.0, until - time.monotonic()) + 60)
                frozen = _settle(client, figures, games)
                for game in games:
                    if not game.finished:
                        summary = _request(client, figures, "GET", f"/games/{game.game_id}")
                        view = summary.json()["view"]
                        print(
                            f"chaos: unfinished {game.game_id} human={game.human} "
                            f"version={summary.json()['version']} phase={view['phase']} "
                            f"turn={view['turn']}",
                            file=sys.stderr,
                        )
                stop.set()
                for player in players:
                    player.join(10)
                totals: Counter[str] = Counter()
                for game in games:
                    totals.update(_check(client, figures, game))
        finally:
            stop.set()
            server.stop()
    acknowledged = sum(len(game.acknowledged) for game in games)
    finished = sum(1 for game in games if game.finished)
    print(
        f"games={len(games)} finished={finished} playing={len(games) - finished - frozen} "
        f"human_games={sum(g.human for g in games)} "
        f"kills_worker={figures.kills['worker']} kills_redis={figures.kills['redis']} "
        f"kills_api={figures.kills['api']} acknowledged={acknowledged} lost={totals['lost']} "
        f"applied_twice={totals['twice']} frozen={frozen} "
        f"imports_failed={totals['import_failed']} retries={figures.retries} "
        f"server_errors={figures.server_errors} seed={seed} "
        f"seconds={time.monotonic() - started:.0f}"
    )
    bad = totals["lost"] + totals["twice"] + frozen + totals["import_failed"]
    return 0 if bad == 0 and figures.server_errors == 0 else 1
