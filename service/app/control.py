"""Who plays a seat: its owner, or a bot (a bot seat, one handed over, one that kept timing out)."""

from __future__ import annotations

from collections.abc import Mapping

from domain.commands import Knock
from domain.legal import legal_commands
from domain.state import GameState
from service.app.records import GameInfo
from service.store import EventStore

__all__ = [
    "TIMEOUT_BOT_LEVEL",
    "bot_levels",
    "hand_to_bot",
    "seats_to_act",
    "take_back",
    "timed_out_to_bot",
]

TIMEOUT_BOT_LEVEL = 2


def _handed(seat: int) -> str:
    return f"bot:{seat}"


def _timed_out(seat: int) -> str:
    return f"auto:{seat}"


def bot_levels(info: GameInfo, meta: Mapping[str, bytes]) -> dict[int, int]:
    """The bot level playing each seat that a bot plays now."""
    levels: dict[int, int] = {}
    for seat, spec in enumerate(info.seats):
        if spec.kind == "bot":
            levels[seat] = spec.level or 1
        elif level := (
            # A bot took the open seat at the start, or the seat resigned (for good),
            # or it was handed over or kept timing out (until its owner acts).
            meta.get(f"filled:{seat}")
            or meta.get(f"resigned:{seat}")
            or meta.get(_handed(seat))
            or meta.get(_timed_out(seat))
        ):
            levels[seat] = int(level)
    return levels


def seats_to_act(state: GameState, levels: Mapping[int, int]) -> list[int]:
    """Bot seats that may act now: the turn's seat, and seats that may knock (turn first)."""
    if not levels or state.phase not in ("draw", "play"):
        return []
    acting = [state.turn] if state.turn in levels else []
    if state.knock_from is not None:
        acting += [
            seat
            for seat in knock_order(state)
            if seat in levels and Knock() in legal_commands(state, seat)
        ]
    return acting


def knock_order(state: GameState) -> list[int]:
    """Seats from the discarder's left, who would be asked first at a table."""
    origin = state.knock_from if state.knock_from is not None else state.turn
    return [(origin + step) % state.seats for step in range(1, state.seats)]


async def hand_to_bot(store: EventStore, game_id: str, seat: int, level: int) -> None:
    await store.put_meta(game_id, {_handed(seat): str(level).encode()})


async def timed_out_to_bot(store: EventStore, game_id: str, seat: int) -> None:
    await store.put_meta(game_id, {_timed_out(seat): str(TIMEOUT_BOT_LEVEL).encode()})


async def take_back(store: EventStore, game_id: str, seat: int) -> None:
    # The meta record only merges fields: an empty value means "no bot".
    await store.put_meta(game_id, {_handed(seat): b"", _timed_out(seat): b""})


def controlled(meta: Mapping[str, bytes], seat: int) -> bool:
    """Whether a human seat is played by a bot now (handed over or timed out)."""
    return bool(meta.get(_handed(seat)) or meta.get(_timed_out(seat)))
