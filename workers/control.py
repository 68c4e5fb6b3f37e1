"""Who plays a seat: its owner, or a bot (a bot seat, one handed over, one that kept timing out)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from domain.commands import Knock
from domain.events import GameEnded, SeatControlChanged
from domain.legal import legal_commands
from domain.state import GameState
from service.app.envelope import Envelope, decode_envelope, encode_envelope, now
from service.app.games import GameInfo
from service.store import EventStore, VersionConflict

ControlReason = Literal["handed_over", "timeouts", "taken_back", "owner_returned"]

__all__ = [
    "TIMEOUT_BOT_LEVEL",
    "bot_levels",
    "hand_to_bot",
    "is_system_command",
    "record_control",
    "seats_to_act",
    "take_back",
    "timed_out_to_bot",
]

TIMEOUT_BOT_LEVEL = 2
# Command ids the workers use; any other command of a seat is its owner acting.
SYSTEM_PREFIXES = ("bot:", "timer:")


def _handed(seat: int) -> str:
    return f"bot:{seat}"


def _timed_out(seat: int) -> str:
    return f"auto:{seat}"


def is_system_command(command_id: str | None) -> bool:
    return command_id is not None and command_id.startswith(SYSTEM_PREFIXES)


def bot_levels(info: GameInfo, meta: Mapping[str, bytes]) -> dict[int, int]:
    """The bot level playing each seat that a bot plays now."""
    levels: dict[int, int] = {}
    for seat, spec in enumerate(info.seats):
        if spec.kind == "bot":
            levels[seat] = spec.level or 1
        elif level := meta.get(_handed(seat)) or meta.get(_timed_out(seat)):
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
    await record_control(store, game_id, seat, level, "handed_over")


async def timed_out_to_bot(store: EventStore, game_id: str, seat: int) -> None:
    await store.put_meta(game_id, {_timed_out(seat): str(TIMEOUT_BOT_LEVEL).encode()})
    await record_control(store, game_id, seat, TIMEOUT_BOT_LEVEL, "timeouts")


async def take_back(
    store: EventStore, game_id: str, seat: int, reason: ReturnReason = "taken_back"
) -> None:
    was_controlled = controlled(await store.get_meta(game_id), seat)
    # The meta record only merges fields: an empty value means "no bot".
    await store.put_meta(game_id, {_handed(seat): b"", _timed_out(seat): b""})
    if was_controlled:
        await record_control(store, game_id, seat, None, reason)


ReturnReason = Literal["taken_back", "owner_returned"]
# Appends of the control event retried when a command lands first.
_CONTROL_TRIES = 20


async def record_control(
    store: EventStore, game_id: str, seat: int, level: int | None, reason: ControlReason
) -> int | None:
    """Append the SeatControlChanged of a change already made in the meta (which
    the workers read), at whatever version the game is; the version it got, or
    None when the game is over (its log ends at game_ended) or had no events.

    The meta decides and the event tells: a crash between the two loses the
    event, never the hand-over."""
    event = SeatControlChanged(
        seat=seat,
        controller="owner" if level is None else "autopilot",
        level=level,
        reason=reason,
    )
    for _ in range(_CONTROL_TRIES):
        version = await store.version(game_id)
        last = await store.read(game_id, after=version - 1, limit=1) if version else []
        if not last or isinstance(decode_envelope(last[0].data).event, GameEnded):
            return None
        envelope = Envelope(
            version=version + 1, at=now()[0], seat=None, command_id=None, event=event
        )
        try:
            appended = await store.append(
                game_id,
                [encode_envelope(envelope)],
                expected_version=version,
                command_id=None,
                command_digest=None,
            )
        except VersionConflict:
            continue
        return appended.version
    raise VersionConflict(expected=version, current=await store.version(game_id))


def controlled(meta: Mapping[str, bytes], seat: int) -> bool:
    """Whether a human seat is played by a bot now (handed over or timed out)."""
    return bool(meta.get(_handed(seat)) or meta.get(_timed_out(seat)))
