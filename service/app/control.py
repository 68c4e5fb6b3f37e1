"""Who plays a seat: its owner, or a bot (a bot seat, one handed over, one that kept timing out)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Literal, Protocol

from domain.commands import ChangeSeatControl, Knock
from domain.errors import DomainError
from domain.game import decide
from domain.legal import legal_commands
from domain.state import GameState
from service.app.envelope import Envelope, envelopes_from
from service.app.errors import ServiceError
from service.app.records import Game, GameInfo
from service.app.writes import Executed, Write
from service.store import EventStore

ControlReason = Literal["handed_over", "timeouts", "taken_back", "owner_returned"]
ReturnReason = Literal["taken_back", "owner_returned"]

__all__ = [
    "TIMEOUT_BOT_LEVEL",
    "ControlWrites",
    "bot_levels",
    "hand_to_bot",
    "record_control",
    "seats_to_act",
    "take_back",
    "timed_out_to_bot",
    "waits_for_knocks",
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


def waits_for_knocks(state: GameState, levels: Mapping[int, int]) -> bool:
    """Whether the bot next to play should give a human seat the time to knock for
    the last discard (`knocking`) before it draws: some seat no bot plays may knock
    now. Bots act within milliseconds of the discard, and the draw closes the
    window, so without a wait no human at a table with bots could ever knock."""
    if state.turn not in levels or state.knock_from is None:
        return False
    return any(
        seat not in levels and Knock() in legal_commands(state, seat) for seat in range(state.seats)
    )


def knock_order(state: GameState) -> list[int]:
    """Seats from the discarder's left, who would be asked first at a table."""
    origin = state.knock_from if state.knock_from is not None else state.turn
    return [(origin + step) % state.seats for step in range(1, state.seats)]


class ControlWrites(Protocol):
    """What a change of who plays a seat needs: the meta (which the workers read)
    and the one write path (which records the change as an event)."""

    store: EventStore

    async def execute(self, game_id: str, write: Write) -> Executed: ...


async def hand_to_bot(games: ControlWrites, game_id: str, seat: int, level: int) -> None:
    await games.store.put_meta(game_id, {_handed(seat): str(level).encode()})
    await record_control(games, game_id, seat, level, "handed_over")


async def timed_out_to_bot(
    games: ControlWrites, game_id: str, seat: int, *, key: str | None = None
) -> None:
    await games.store.put_meta(game_id, {_timed_out(seat): str(TIMEOUT_BOT_LEVEL).encode()})
    await record_control(games, game_id, seat, TIMEOUT_BOT_LEVEL, "timeouts", key=key)


async def take_back(
    games: ControlWrites,
    game_id: str,
    seat: int,
    reason: ReturnReason = "taken_back",
    *,
    key: str | None = None,
) -> None:
    was_controlled = controlled(await games.store.get_meta(game_id), seat)
    # The meta record only merges fields: an empty value means "no bot".
    await games.store.put_meta(game_id, {_handed(seat): b"", _timed_out(seat): b""})
    if was_controlled:
        await record_control(games, game_id, seat, None, reason, key=key)


async def record_control(
    games: ControlWrites,
    game_id: str,
    seat: int,
    level: int | None,
    reason: ControlReason,
    *,
    key: str | None = None,
) -> int | None:
    """Record as a SeatControlChanged the change already made in the meta (which
    the workers read), through the one write path at whatever version the game
    is; the version it got, or None when the game is over (its log ends at
    game_ended) or has no events. `key` makes a retried change (a timer's job run
    again) the same write, not a second event.

    The meta decides and the event tells: a crash between the two loses the
    event, never the hand-over."""
    command = ChangeSeatControl(
        seat=seat,
        controller="owner" if level is None else "autopilot",
        level=level,
        reason=reason,
    )

    def decide_on(game: Game | None) -> list[Envelope]:
        if game is None:
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        events = decide(game.record.state, None, command)
        return envelopes_from(game.record.version, [(None, event) for event in events], None)

    try:
        executed = await games.execute(
            game_id,
            Write(
                actor="service",
                decide=decide_on,
                key=None if key is None else f"s:{key}",
                digest=None if key is None else hashlib.sha256(key.encode()).hexdigest(),
            ),
        )
    except (DomainError, ServiceError) as refused:
        if getattr(refused, "code", None) in ("game_over", "game_not_found"):
            return None
        raise
    return executed.appended.last_version


def controlled(meta: Mapping[str, bytes], seat: int) -> bool:
    """Whether a human seat is played by a bot now (handed over or timed out)."""
    return bool(meta.get(_handed(seat)) or meta.get(_timed_out(seat)))
