"""A fixture of what a release stores: `rummy serve` of this tree plays a few games, and
its data folder (the embedded Redis's append-only file and the archive of finished
games) is kept with a manifest of the games, their tokens and versions.

    python -m service.tools.release_fixture --out tests/fixtures/previous_release

A later release serves that folder and must read and play on every game in it
(tests/integration/test_previous_release.py): a change of what is stored either reads
the old form or upgrades it.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from service.tools.serve_process import REPO_ROOT, free_port, start_serve, wait_healthy

# A finished game leaves Redis for the archive this soon (the worker sweeps every 10 s).
RETENTION_S = "1"


def _auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def _play(http: httpx.Client, game_id: str, tokens: dict[str, str], commands: int) -> int:
    """Seats play their legal commands (seeded), `commands` of them or to the game's end."""
    rng = random.Random(game_id)
    for _ in range(commands):
        summary = http.get(f"/games/{game_id}").json()
        if summary["status"] == "finished":
            break
        token = tokens[str(summary["view"]["turn"])]
        view = http.get(f"/games/{game_id}/view", headers=_auth(token)).json()
        kinds = sorted({command["type"] for command in view["legal_commands"]})
        kind = rng.choice(kinds)
        command = rng.choice([c for c in view["legal_commands"] if c["type"] == kind])
        answer = http.post(f"/games/{game_id}/commands", json=command, headers=_auth(token))
        answer.raise_for_status()
    return int(http.get(f"/games/{game_id}").json()["version"])


def _wait(condition: Any, what: str, timeout_s: float = 120.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not happen within {timeout_s} s")
        time.sleep(0.2)


def _games(http: httpx.Client, data: Path) -> dict[str, Any]:
    player = http.post("/players", json={"name": "Ada"}).json()
    manifest: dict[str, Any] = {"player": {"id": player["player_id"], "token": player["token"]}}

    two = {"seats": [{"kind": "human"}, {"kind": "human"}]}
    active = http.post("/games", json=two | {"seed": 21}).json()
    manifest["active"] = {
        "id": active["game_id"],
        "tokens": active["tokens"],
        "version": _play(http, active["game_id"], active["tokens"], 5),
    }

    open_seat = {"seats": [{"kind": "human"}, {"kind": "human", "open": True}]}
    waiting = http.post("/games", json=open_seat, headers=_auth(player["token"])).json()
    manifest["waiting"] = {"id": waiting["game_id"], "version": waiting["version"]}

    against_bot = {"seats": [{"kind": "human"}, {"kind": "bot", "level": 1}], "seed": 22}
    bot = http.post("/games", json=against_bot).json()
    manifest["bot"] = {"id": bot["game_id"], "tokens": bot["tokens"]}
    seat = _auth(bot["tokens"]["0"])
    drawn = http.post(
        f"/games/{bot['game_id']}/commands", json={"type": "draw", "source": "stock"}, headers=seat
    ).json()
    card = drawn["view"]["hand"][0]
    discarded = http.post(
        f"/games/{bot['game_id']}/commands", json={"type": "discard", "card": card}, headers=seat
    ).json()
    version = discarded["version"]
    _wait(
        lambda: http.get(f"/games/{bot['game_id']}").json()["view"]["turn"] == 0,
        "the bot's reply",
    )
    manifest["bot"]["version"] = int(http.get(f"/games/{bot['game_id']}").json()["version"])
    assert manifest["bot"]["version"] > version

    manifest["seated_bots"] = _seated_bots(http, player)

    one_hand = two | {"seed": 23, "rules": {"game_end": "hands:1"}}
    finished = http.post("/games", json=one_hand).json()
    last = _play(http, finished["game_id"], finished["tokens"], 3000)
    manifest["archived"] = {"id": finished["game_id"], "tokens": finished["tokens"]}
    manifest["archived"]["version"] = last
    _wait(
        lambda: any((data / "archive").rglob(f"{finished['game_id']}*")),
        "the finished game's archiving",
    )
    return manifest


def _seated_bots(http: httpx.Client, host: dict[str, Any]) -> dict[str, Any]:
    """A table whose seats bots came to play in each way a table has: seat 1's player
    hands it to a bot, seat 2's resigns, seat 3 was left open and filled at the start.
    Left at the host's turn, after the bots' moves."""
    open_seat = {"kind": "human", "open": True}
    body = {"seats": [{"kind": "human"}, open_seat, open_seat, open_seat], "seed": 24}
    table = http.post("/games", json=body, headers=_auth(host["token"])).json()
    game_id = table["game_id"]
    tokens = {"0": host["token"]}
    for seat, name in ((1, "Bob"), (2, "Cy")):
        guest = http.post("/players", json={"name": name}).json()
        claimed = http.post(f"/games/{game_id}/seats/{seat}", headers=_auth(guest["token"]))
        claimed.raise_for_status()
        tokens[str(seat)] = guest["token"]
    started = http.post(
        f"/games/{game_id}/start", json={"fill": "bots", "level": 1}, headers=_auth(host["token"])
    )
    started.raise_for_status()
    handed = http.post(
        f"/games/{game_id}/seats/1/bot", json={"level": 3}, headers=_auth(tokens["1"])
    )
    handed.raise_for_status()
    http.post(f"/games/{game_id}/resign", json={"level": 4}, headers=_auth(tokens["2"]))
    _wait(
        lambda: http.get(f"/games/{game_id}").json()["view"]["turn"] == 0,
        "the bots' moves up to the host's turn",
    )
    version = int(http.get(f"/games/{game_id}").json()["version"])
    return {"id": game_id, "tokens": tokens, "version": version}


def make(out: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        port = free_port()
        log = Path(folder) / "serve.log"
        environment = {
            "FINISHED_RETENTION_S": RETENTION_S,
            "LEAGUE_SEED_GAMES": "0",
            # Its waiting table must wait for good: one that expires a day after the
            # fixture was made fails the test that claims its last seat from then on.
            "WAITING_TABLE_TTL_S": "0",
            "RATE_LIMIT_CREATE": "off",
            "RATE_LIMIT_COMMANDS": "off",
        }
        process = start_serve(port, log, "--data-dir", str(data), extra_env=environment)
        try:
            wait_healthy(process, f"http://127.0.0.1:{port}/health", log)
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
                manifest = _games(http, data)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=60)
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(data, out / "data", ignore=shutil.ignore_patterns("*.log", "*.pid"))
    described = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=REPO_ROOT, capture_output=True, text=True
    ).stdout.strip()
    manifest = {"made_with": described} | manifest
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "tests/fixtures/previous_release")
    args = parser.parse_args(argv)
    manifest = make(args.out)
    print(json.dumps(manifest, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
