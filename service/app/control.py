"""Who plays a seat: its owner, or a bot (a bot seat, one handed over, one that kept
timing out). The log decides: each change is a SeatControlChanged appended through
the one write path, decided on the game at the version it is appended to."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Literal, Protocol

from domain.commands import ChangeSeatControl, Knock
from domain.errors import DomainError
from domain.game import decide
from domain.legal import legal_commands
from domain.state import GameState
from service.app.envelope import Envelope, service_envelopes
from service.app.errors import ServiceError
from service.app.game_record import Controller
from service.app.records import Game
from service.app.writes import Executed, Write

ControlReason = Literal["handed_over", "timeouts", "taken_back", "owner_returned"]
ReturnReason = Literal["taken_back", "owner_returned"]

__all__ = [
    "TIMEOUT_BOT_LEVEL",
    "ControlWrites",
    "controlled",
    "hand_to_bot",
    "record_control",
    "seats_to_act",
    "take_back",
    "timed_out_to_bot",
    "waits_for_knocks",
]

TIMEOUT_BOT_LEVEL = 2


class _NothingToRecord(ServiceError):
    """The owner is back at a seat no bot stands in for. A ServiceError, so the
    write path believes it only of the game's latest version."""

    def __init__(self) -> None:
        super().__init__("nothing_to_record", "no bot stands in for this seat")


def controlled(controllers: Sequence[Controller], seat: int) -> bool:
    """Whether a human seat is played by a bot standing in for its owner now."""
    return seat < len(controllers) and controllers[seat].kind == "autopilot"


def _played_by(controllers: Sequence[Controller], seat: int, level: int) -> bool:
    """Whether a bot of `level` already stands in for the seat's owner."""
    return seat < len(controllers) and controllers[seat] == Controller(
        kind="autopilot", level=level
    )


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
    """What a change of who plays a seat needs: the one write path."""

    async def execute(self, game_id: str, write: Write) -> Executed: ...


async def hand_to_bot(games: ControlWrites, game_id: str, seat: int, level: int) -> int | None:
    """The version the hand-over got, or None when nothing was recorded (see record_control;
    also a seat a bot of that level already plays)."""
    return await record_control(games, game_id, seat, level, "handed_over")


async def timed_out_to_bot(
    games: ControlWrites, game_id: str, seat: int, *, key: str | None = None
) -> None:
    await record_control(games, game_id, seat, TIMEOUT_BOT_LEVEL, "timeouts", key=key)


async def take_back(
    games: ControlWrites,
    game_id: str,
    seat: int,
    reason: ReturnReason = "taken_back",
    *,
    key: str | None = None,
) -> int | None:
    """The owner plays the seat again; nothing is recorded for a seat no bot stands in for
    (None, as for a game over or a seat resigned: see record_control)."""
    return await record_control(games, game_id, seat, None, reason, key=key)


async def record_control(
    games: ControlWrites,
    game_id: str,
    seat: int,
    level: int | None,
    reason: ControlReason,
    *,
    key: str | None = None,
) -> int | None:
    """Append a SeatControlChanged through the one write path at whatever version
    the game is; the version it got, or None when there was nothing to record (the
    game is over, its log ends at game_ended; or the owner is back at a seat no bot
    stands in for). `key` makes a retried change (a timer's job run again) the same
    write, not a second event."""
    command = ChangeSeatControl(
        seat=seat,
        controller="owner" if level is None else "autopilot",
        level=level,
        reason=reason,
    )

    def decide_on(game: Game | None) -> list[Envelope]:
        if game is None:
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        if level is None and not controlled(game.record.controllers, seat):
            raise _NothingToRecord()
        if level is not None and _played_by(game.record.controllers, seat, level):
            # Handed again to the bot that plays it: nothing changes hands. Written, each
            # repeat grew the log and moved the game's version (every other seat's
            # `expected_version` refused) for nothing.
            raise _NothingToRecord()
        events = decide(game.record.state, None, command)
        return service_envelopes(game.record.version, events)

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
    except _NothingToRecord:
        return None
    except (DomainError, ServiceError) as refused:
        # Over, gone, or resigned (its bot plays it to the end): nothing changes hands.
        if getattr(refused, "code", None) in ("game_over", "game_not_found", "seat_resigned"):
            return None
        raise
    return executed.version
