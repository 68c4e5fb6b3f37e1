"""After the chaos: the games given time to finish, then each checked: none frozen, no
acknowledged command lost or applied twice, every finished log imported again."""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any

import httpx

from service.tools.chaos_games import Figures, GameRun, request

__all__ = ["FROZEN_AFTER_S", "SETTLE_S", "check_game", "settle", "timer_lateness"]

# After the chaos: how long games get to finish, and how long a game may sit
# still before it counts as frozen.
SETTLE_S = 120.0
FROZEN_AFTER_S = 20.0


def events_of(client: httpx.Client, figures: Figures, game_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    while True:
        page = request(
            client, figures, "GET", f"/games/{game_id}/events", params={"after": len(events)}
        )
        batch = page.json()["events"]
        if not batch:
            return events
        events += batch


def check_game(client: httpx.Client, figures: Figures, game: GameRun) -> dict[str, int]:
    """lost, twice, import_failed for one game."""
    events = events_of(client, figures, game.game_id)
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
        log = request(client, figures, "GET", f"/games/{game.game_id}/log")
        imported = request(
            client,
            figures,
            "POST",
            "/games/import",
            content=log.content,
            headers={"content-type": "application/x-ndjson"},
        )
        failed = int(log.status_code != 200 or imported.status_code != 201)
    return {"lost": lost, "twice": twice, "import_failed": failed}


def settle(client: httpx.Client, figures: Figures, games: list[GameRun]) -> list[GameRun]:
    """Let the games finish (up to SETTLE_S); the unfinished games that did not move in
    the last FROZEN_AFTER_S (frozen). One still moving is playable, only slow."""
    deadline = time.monotonic() + SETTLE_S
    moved: dict[str, tuple[int, float]] = {}
    while True:
        for game in games:
            if game.finished:
                continue
            summary = request(client, figures, "GET", f"/games/{game.game_id}").json()
            if summary["status"] == "finished":
                game.finished = True
            elif moved.get(game.game_id, (-1, 0.0))[0] != summary["version"]:
                moved[game.game_id] = (summary["version"], time.monotonic())
        if all(game.finished for game in games) or time.monotonic() > deadline:
            break
        time.sleep(1.0)
    now = time.monotonic()
    return [
        game
        for game in games
        if not game.finished and now - moved[game.game_id][1] > FROZEN_AFTER_S
    ]


def timer_lateness(client: httpx.Client, figures: Figures, games: list[GameRun]) -> list[float]:
    """How late each turn timer fired, in seconds: from its deadline or, when a fault
    (a kill, a hang) was under way or began meanwhile, from the end of the last such
    fault. What a player waits beyond the limit once the service is whole again."""
    late: list[float] = []
    for game in games:
        deadline: float | None = None
        for envelope in events_of(client, figures, game.game_id):
            event = envelope["event"]
            if event["type"] == "turn_deadline_set":
                deadline = datetime.fromisoformat(event["deadline"]).timestamp()
            elif event["type"] == "turn_timed_out" and deadline is not None:
                fired = datetime.fromisoformat(envelope["at"]).timestamp()
                whole_from = max(
                    [deadline, *(end for start, end in figures.faults if start < fired)]
                )
                late.append(max(0.0, fired - whole_from))
    return late
