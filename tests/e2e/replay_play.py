"""Helpers of the replay tests: games played to their end through the service, logs as lines."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from service.app.games import CreatedGame, GameService, SeatSpec
from service.tools.simulation import random_player


async def play(service: GameService, game_id: str, seed: int, commands: int | None = None) -> int:
    """Random legal play (the seat to move) until the game ends or `commands` were made."""
    rng = random.Random(seed)
    made = 0
    while commands is None or made < commands:
        state = (await service.game(game_id)).record.state
        if state.phase == "over":
            break
        await service.commands.handle(game_id, state.turn, random_player(state, state.turn, rng))
        made += 1
    return (await service.game(game_id)).record.version


async def finished_game(
    service: GameService, seed: int, hands: int = 2, seats: int = 2, **options: Any
) -> CreatedGame:
    rules = {"game_end": f"hands:{hands}"} | options.pop("rules", {})
    created = await service.create(
        seats=(SeatSpec(kind="human"),) * seats, seed=seed, rules=rules, **options
    )
    await play(service, created.game_id, seed)
    return created


def lines(log: bytes) -> list[dict[str, Any]]:
    return [msgspec.json.decode(line) for line in log.splitlines() if line.strip()]


def joined(items: list[dict[str, Any]]) -> bytes:
    return b"\n".join(msgspec.json.encode(item) for item in items) + b"\n"


def versions_of(items: list[dict[str, Any]], kind: str) -> list[int]:
    return [item["version"] for item in items[1:] if item["event"]["type"] == kind]


def played(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A log's events as played, without the header and the opening of the table
    they are in (a copy's first event says how the copy was opened)."""
    events = [dict(item) for item in items[1:]]
    if events:
        events[0] = events[0] | {"event": dict(events[0]["event"]) | {"opening": None}}
    return events
