"""Redis bytes per active and per finished game, before and after archiving: games
played to the end over the API on an embedded Redis, measured with MEMORY USAGE.

    python -m service.tools.archive_bytes [--games 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import msgspec
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis

from service.app.archiving import Archiver
from service.http.app import create_app
from service.store import RedisEventStore
from service.store.archived_store import ARCHIVE_FOLDER, with_archive
from service.store.embedded_redis import EmbeddedRedis
from service.store.redis_client import open_redis

__all__ = ["Played", "game_bytes", "main", "play_to_the_end"]

MAX_STEPS = 3000


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Played(msgspec.Struct, kw_only=True):
    game_id: str
    tokens: dict[int, str]  # the seats' players' tokens
    invite: str | None = None
    version: int = 0


def _pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A kind of command uniformly, then one of that kind (lay-offs are many)."""
    kinds = sorted({command["type"] for command in legal})
    kind = rng.choice(kinds)
    return rng.choice([command for command in legal if command["type"] == kind])


async def play_to_the_end(
    client: Any, seed: int, *, private: bool = False, stop_after: int | None = None
) -> Played:
    """Two players at a table (a private one with a private log if asked), seeded
    random legal play until the game is over, then a rematch offered; with
    `stop_after`, only that many commands (a game in play)."""
    tokens: dict[int, str] = {}
    for seat, name in enumerate(("Ann", "Bob")):
        created = await client.post("/players", json={"name": name})
        assert created.status_code == 201, created.text
        tokens[seat] = created.json()["token"]
    body: dict[str, Any] = {
        "seats": [{"kind": "human"}, {"kind": "human", "open": True}],
        "rules": {"game_end": "hands:1"},
        "seed": seed,
    }
    if private:
        body |= {"private": True, "private_log": True}
    table = await client.post("/games", json=body, headers=auth(tokens[0]))
    assert table.status_code == 201, table.text
    game_id, invite = table.json()["game_id"], table.json().get("invite_code")
    joined = await client.post(
        f"/games/{game_id}/seats/1", headers=auth(tokens[1]), params={"invite": invite or ""}
    )
    assert joined.status_code == 201, joined.text
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        summary = (await client.get(f"/games/{game_id}", headers=auth(tokens[0]))).json()
        if summary["view"]["phase"] == "over" or step == stop_after:
            break
        turn = summary["view"]["turn"]
        view = (await client.get(f"/games/{game_id}/view", headers=auth(tokens[turn]))).json()
        command = _pick(view["legal_commands"], rng)
        answer = await client.post(
            f"/games/{game_id}/commands", json=command, headers=auth(tokens[turn])
        )
        assert answer.status_code == 200, answer.text
    else:
        raise AssertionError(f"seed {seed}: the game did not end")
    if stop_after is None:
        rematch = await client.post(f"/games/{game_id}/rematch", headers=auth(tokens[0]))
        assert rematch.status_code in (200, 201), rematch.text
    summary = (await client.get(f"/games/{game_id}", headers=auth(tokens[0]))).json()
    return Played(game_id=game_id, tokens=tokens, invite=invite, version=summary["version"])


async def game_bytes(redis: Redis, game_id: str) -> dict[str, int]:
    """MEMORY USAGE of each of the game's keys, by kind (`version`, `events`, ...)."""
    sizes: dict[str, int] = {}
    async for key in redis.scan_iter(match=f"{{g:{game_id}}}:*"):
        kind = key.decode().rpartition(":")[2]
        sizes[kind] = int(await redis.memory_usage(key, samples=0) or 0)
    return sizes


async def token_bytes(redis: Redis, game_id: str) -> int:
    """MEMORY USAGE of the seat-token index entries naming the game (they stay: a
    seat's token still opens its view of an archived game)."""
    total = 0
    async for key in redis.scan_iter(match="{g:t_*}:meta"):
        if await redis.hget(key, "game") == game_id.encode():
            total += int(await redis.memory_usage(key, samples=0) or 0)
    return total


async def _measure(url: str, data_dir: Path, games: int, seed: int) -> dict[str, list[int]]:
    redis = open_redis(url)
    served = open_redis(url)
    app = create_app(with_archive(RedisEventStore(served), data_dir), on_shutdown=[served.aclose])
    figures: dict[str, list[int]] = {
        key: []
        for key in (
            "active",
            "finished",
            "cmds",
            "views",
            "events",
            "archived",
            "tokens",
            "file",
            "events#",
        )
    }
    try:
        async with AsyncTestClient(app) as client:
            for number in range(games):
                finished = await play_to_the_end(client, seed + number)
                active = await play_to_the_end(
                    client, seed + number, stop_after=finished.version // 2
                )
                figures["active"].append(sum((await game_bytes(redis, active.game_id)).values()))
                sizes = await game_bytes(redis, finished.game_id)
                figures["finished"].append(sum(sizes.values()))
                for kind in ("cmds", "views", "events"):
                    figures[kind].append(sizes.get(kind, 0))
                figures["events#"].append(finished.version)
                store = with_archive(RedisEventStore(redis), data_dir)
                assert await Archiver(store, 0).archive_game(finished.game_id) == "archived"
                figures["archived"].append(
                    sum((await game_bytes(redis, finished.game_id)).values())
                )
                figures["tokens"].append(await token_bytes(redis, finished.game_id))
                path = store.archive.path_of(finished.game_id)  # type: ignore[attr-defined]
                figures["file"].append(path.stat().st_size)
    finally:
        await redis.aclose()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="finished games (and as many active)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder, EmbeddedRedis(Path(folder) / "redis") as server:
        figures = asyncio.run(
            _measure(server.url, Path(folder) / ARCHIVE_FOLDER, args.games, args.seed)
        )
    print(f"{args.games} two-seat games (basic, one hand, seeded random play), MEMORY USAGE:")
    rows = [
        ("events per finished game", "events#"),
        ("active game (mid-hand), bytes", "active"),
        ("finished game before archiving, bytes", "finished"),
        ("  of which cmds (command-id records)", "cmds"),
        ("  of which views (cached projections)", "views"),
        ("  of which events (stream)", "events"),
        ("finished game after archiving, bytes", "archived"),
        ("  left: seat-token index entries", "tokens"),
        ("archive file on disk, bytes", "file"),
    ]
    for label, key in rows:
        values = figures[key]
        print(f"  {label:<40} median {statistics.median(values):>8.0f}  max {max(values):>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
