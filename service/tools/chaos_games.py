"""The games of a `rummy chaos` run: created, a human seat played, every request sent
again until it is answered, and the figures of what that took."""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

__all__ = ["Figures", "GameRun", "create_game", "play_human", "request"]

_POLL_S = 0.25


@dataclass
class GameRun:
    game_id: str
    human: bool
    token: str | None = None
    acknowledged: dict[str, int] = field(default_factory=dict)
    finished: bool = False
    # A turn timer on every turn, its human never playing: only the timers move it.
    timer: bool = False


@dataclass
class Figures:
    kills: Counter[str] = field(default_factory=Counter)
    # Each fault's wall-clock start and end (the end: when the kill's action was done).
    faults: list[tuple[float, float]] = field(default_factory=list)
    retries: int = 0
    server_errors: int = 0


def request(
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


# Short, so a frozen scheduler shows; whole seconds (what the scheduler counts).
TIMER_TURN_S = 3


def create_game(
    client: httpx.Client, figures: Figures, rng: random.Random, human: bool, timer: bool = False
) -> GameRun:
    if human or timer:
        seats = [{"kind": "human"}, {"kind": "bot", "level": rng.choice((1, 2))}]
    else:
        seats = [{"kind": "bot", "level": rng.choice((1, 2, 3))} for _ in range(2)]
    body: dict[str, Any] = {
        "seats": seats,
        "preset": "duel",
        "rules": {"game_end": f"hands:{rng.choice((1, 2))}"},
        "seed": rng.randrange(2**31),
    }
    if timer:
        body["turn_time_limit_s"] = TIMER_TURN_S
    # A creation sent again after a lost answer may make a second game: only the answered counts.
    response = request(client, figures, "POST", "/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    return GameRun(created["game_id"], human, created["tokens"].get("0"), timer=timer)


def play_human(url: str, game: GameRun, figures: Figures, stop: threading.Event) -> None:
    """Seat 0's owner: the simplest legal command on its turn, each with its own command_id."""
    headers = {"Authorization": f"Bearer {game.token}"}
    number = 0
    with httpx.Client(base_url=url, timeout=5.0) as client:
        while not stop.is_set():
            view = request(client, figures, "GET", f"/games/{game.game_id}/view", headers=headers)
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
            answer = request(
                client,
                figures,
                "POST",
                f"/games/{game.game_id}/commands",
                json={**command, "command_id": command_id},
                headers=headers,
            )
            if answer.status_code == 200:
                game.acknowledged[command_id] = answer.json()["version"]
