"""`python -m service.tools.seeding_latency`: a bot's reply to a person while a fresh
`rummy serve` seeds the league's ladders, and after.

Starts `rummy serve` (its embedded Redis and worker, as `make run` does) over
an empty data folder with `LEAGUE_SEED_GAMES` seeding games a preset, from
`--tree` (a source tree: this one by default, or another checkout to compare
with), and at once plays a person against a bot of `--level` on `duel` tables
of one hand: draw from the stock, discard a card, wait for the bot. Each
sample is the time between the person's discard and the bot's next event, as
the server stamped them (the API's and the worker's clocks are one machine's),
filed under "during seeding" while the seeding queue holds a game or one is
being played, else "after". It plays on until seeding is over and `--after`
samples followed, and prints each group's median, 90th percentile and worst.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
from redis import Redis
from rq import Queue

from service.runtime import running
from service.runtime.children import stop_child
from service.tools.serve_process import REPO_ROOT, free_port, start_serve, wait_healthy
from workers.queue import seeding_queue

_STOP_AFTER_S = 600.0
# Generous: a loaded machine delays a reply by seconds, a lost one never comes.
_REPLY_WITHIN_S = 120.0
_ENDS = ("hand_ended", "game_ended", "game_abandoned")


def _seeding(queue: Queue) -> bool:
    """Whether a seeding game waits on the queue or is being played."""
    return bool(queue.count or queue.started_job_registry.count)


def _at(envelope: dict[str, Any]) -> float:
    return datetime.fromisoformat(envelope["at"]).timestamp()


class Table:
    """One person against one bot on a duel table of one hand."""

    def __init__(self, client: httpx.Client, level: int) -> None:
        seats = [{"kind": "human"}, {"kind": "bot", "level": level}]
        body = {"seats": seats, "preset": "duel", "rules": {"game_end": "hands:1"}}
        created = client.post("/games", json=body).json()
        self.client, self.game_id = client, created["game_id"]
        self.headers = {"Authorization": f"Bearer {created['tokens']['0']}"}
        self.version = 0

    def events(self, wait_s: float) -> list[dict[str, Any]]:
        page = self.client.get(
            f"/games/{self.game_id}/events",
            params={"after": self.version, "wait": wait_s},
            headers=self.headers,
        ).json()
        events: list[dict[str, Any]] = page["events"]
        if events:
            self.version = events[-1]["version"]
        return events

    def play(self, rng: random.Random) -> float | None:
        """The person's next move; after a discard, the bot's reply time in seconds.
        None: no discard made (a draw, the bot's turn, the game over)."""
        view = self.client.get(f"/games/{self.game_id}/view", headers=self.headers).json()
        if view["phase"] == "over":
            raise EOFError
        legal = view["legal_commands"]
        if view["turn"] != 0 or not legal:
            self.events(wait_s=1.0)
            return None
        draws = [c for c in legal if c["type"] == "draw" and c.get("source", "stock") == "stock"]
        discards = [c for c in legal if c["type"] == "discard"]
        command = draws[0] if draws else rng.choice(discards) if discards else legal[0]
        posted = self.client.post(
            f"/games/{self.game_id}/commands", json=command, headers=self.headers
        )
        if posted.status_code != 200 or command["type"] != "discard":
            return None
        mine = self.events(wait_s=0)
        at = max(
            i
            for i, e in enumerate(mine)
            if e["event"]["type"] == "card_discarded" and e.get("seat") == 0
        )
        discarded = mine[at]
        # The bot may have replied already: its events came with the person's own.
        after = mine[at + 1 :]
        deadline = time.monotonic() + _REPLY_WITHIN_S
        while True:
            for envelope in after:
                if envelope.get("seat") == 1:
                    return _at(envelope) - _at(discarded)
                if envelope["event"]["type"] in _ENDS:
                    return None  # the hand ended on the discard (the stock ran out): no reply
            if time.monotonic() > deadline:
                break
            after = self.events(wait_s=5.0)
        raise TimeoutError(f"{self.game_id}: the bot did not reply within {_REPLY_WITHIN_S} s")


def _figures(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    ms = sorted(sample * 1000 for sample in samples)
    p90 = ms[min(len(ms) - 1, round(0.9 * (len(ms) - 1)))]
    return (
        f"{len(ms)} replies: median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, "
        f"worst {ms[-1]:.0f} ms"
    )


def measure(tree: Path, games: int, level: int, after: int, seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as scratch:
        data_dir, port = Path(scratch) / "data", free_port()
        log = Path(scratch) / "serve.log"
        server = start_serve(
            port,
            log,
            "--data-dir",
            str(data_dir),
            tree=tree,
            # Nothing written into the tree measured.
            extra_env={"PYTHONDONTWRITEBYTECODE": "1", "LEAGUE_SEED_GAMES": str(games)},
        )
        try:
            wait_healthy(server, f"http://127.0.0.1:{port}/health", log)
            url = running.find(data_dir)
            assert url is not None, "rummy serve announced no Redis"
            redis = Redis.from_url(url)
            seeding = seeding_queue(redis)
            during: list[float] = []
            later: list[float] = []
            started = time.monotonic()
            seeding_ended: float | None = None
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
                table = Table(client, level)
                while len(later) < after and time.monotonic() - started < _STOP_AFTER_S:
                    in_progress = _seeding(seeding)
                    if not in_progress and seeding_ended is None:
                        seeding_ended = time.monotonic() - started
                    try:
                        reply = table.play(rng)
                    except EOFError:
                        table = Table(client, level)
                        continue
                    if reply is not None:
                        (during if in_progress else later).append(reply)
            redis.close()
        finally:
            stop_child(server, 30)
        seeded = f"{seeding_ended:.0f} s" if seeding_ended is not None else "not over"
        print(f"tree {tree}, {games} seeding games a preset (seeding took {seeded} of play):")
        print(f"  level-{level} bot during seeding: {_figures(during)}")
        print(f"  level-{level} bot after seeding:  {_figures(later)}")
        sys.stdout.flush()
        with contextlib.suppress(OSError):
            tail = log.read_text().splitlines()[-3:]
            if server.returncode not in (0, None):
                print("  serve's last lines:", *tail, sep="\n    ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, action="append", help="source tree(s); repeatable")
    parser.add_argument("--seed-games", type=int, default=20, help="LEAGUE_SEED_GAMES")
    parser.add_argument("--level", type=int, default=1, help="the bot's level")
    parser.add_argument("--after", type=int, default=15, help="replies sampled after seeding")
    parser.add_argument("--rounds", type=int, default=1, help="each tree this many times, in turn")
    args = parser.parse_args()
    trees = args.tree or [REPO_ROOT]
    for round_ in range(args.rounds):
        for tree in trees:
            measure(tree.resolve(), args.seed_games, args.level, args.after, seed=round_)


if __name__ == "__main__":
    main()
