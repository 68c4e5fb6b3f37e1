"""`python -m service.tools.request_cost`: the app's own CPU per request, in process.

Plays `--games` two-seat games (two humans, each playing a seeded random choice
of its legal commands) through the whole app (middleware, routes, use cases) on
the in-memory store, and prints the CPU the app spent per request:
`time.thread_time` around each call of the app, so the client's work is not
counted. No network and no Redis: steadier than the loadtest's figure, for
comparing two trees (alternate them a few runs each and take each one's least).
The same seeds play the same games on every run.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import logging
import random
import time
from typing import Any

import httpx
import msgspec
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Receive, Scope, Send

from service.http.app import create_app
from service.runtime.long_lived import tune_collector_for_a_long_run
from service.store import InMemoryEventStore

__all__ = ["AppClock", "main"]

BASE = "http://rummy.test"
# Bounds a game that never ends (it would be a bug: a hand ends by the stock's end).
MAX_REQUESTS_PER_GAME = 3000


class AppClock:
    """An ASGI wrapper that adds up the CPU the wrapped app spends, and the calls."""

    def __init__(self, app: ASGIApp, profile: cProfile.Profile | None = None) -> None:
        self.app = app
        self.profile = profile
        self.cpu_s = 0.0
        self.calls = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        if self.profile is not None:
            self.profile.enable()
        started = time.thread_time()
        try:
            await self.app(scope, receive, send)
        finally:
            self.cpu_s += time.thread_time() - started
            self.calls += 1
            if self.profile is not None:
                self.profile.disable()


async def _play(client: httpx.AsyncClient, seed: int) -> None:
    """One game from creation to its end, each seat reading its view when its turn comes."""
    rng = random.Random(seed)
    body = {"preset": "basic", "seats": [{"kind": "human"}] * 2, "seed": seed}
    created = (await client.post("/games", json=body | {"rules": {"game_end": "hands:1"}})).json()
    game_id, tokens = created["game_id"], created["tokens"]
    view: dict[str, Any] = {"phase": "", "turn": 0, "seat": None}
    for _ in range(MAX_REQUESTS_PER_GAME):
        if view["seat"] != view["turn"]:
            auth = {"Authorization": f"Bearer {tokens[str(view['turn'])]}"}
            view = (await client.get(f"/games/{game_id}/view", headers=auth)).json()
        if view["phase"] == "over":
            return
        command = rng.choice(view["legal_commands"])
        answer = await client.post(
            f"/games/{game_id}/commands", content=msgspec.json.encode(command), headers=auth
        )
        if answer.status_code != 200:
            raise SystemExit(f"game {game_id}: a legal command got {answer.text}")
        view = answer.json()["view"]
    raise SystemExit(f"game {game_id} did not end in {MAX_REQUESTS_PER_GAME} requests")


async def _measure(games: int, profile: cProfile.Profile | None) -> AppClock:
    app = create_app(InMemoryEventStore())
    logging.getLogger("httpx").setLevel(logging.WARNING)  # not a line a request
    clock = AppClock(app)
    # httpx calls the app inline, in the caller's task: nothing else runs in its time.
    transport = httpx.ASGITransport(app=clock)  # type: ignore[arg-type]
    async with app.lifespan(), httpx.AsyncClient(transport=transport, base_url=BASE) as client:
        await _play(client, seed=games)  # unmeasured: imports and caches warm up
        tune_collector_for_a_long_run()  # as `rummy serve` does before serving
        clock.cpu_s, clock.calls, clock.profile = 0.0, 0, profile
        for seed in range(games):
            await _play(client, seed)
    return clock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--profile", metavar="FILE", help="write cProfile stats of the app")
    args = parser.parse_args()
    # CPU time, not wall time: a busy machine would charge its waits to whatever ran.
    profile = cProfile.Profile(time.thread_time) if args.profile else None
    clock = asyncio.run(_measure(args.games, profile))
    print(
        f"{clock.calls} requests over {args.games} games: "
        f"{clock.cpu_s / clock.calls * 1e6:.1f} µs CPU per request (the app's, in process)"
    )
    if profile is not None:
        profile.dump_stats(args.profile)
        print(f"profile written to {args.profile} (python -m pstats {args.profile})")


if __name__ == "__main__":
    main()
