"""A game folded up to a version: its state, who plays each seat, the turn's deadline,
and the record's cached (msgpack) form."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.events import (
    AnyEvent,
    GameStarted,
    HandEnded,
    SeatControlChanged,
    TurnDeadlineSet,
    TurnTimedOut,
)
from domain.game import evolve
from domain.state import GameState, new_game
from service.app.envelope import Envelope

__all__ = ["Controller", "GameRecord", "advance", "decode_state", "encode_state"]


class Controller(msgspec.Struct, frozen=True, kw_only=True):
    """Who plays a seat now: its owner (`human`), a bot seat's bot (`bot`), or a
    bot standing in for the owner (`autopilot`), with the bot's level."""

    kind: Literal["human", "bot", "autopilot"]
    level: int | None = None


_HUMAN = Controller(kind="human")


def _controllers_after(
    controllers: tuple[Controller, ...], event: AnyEvent
) -> tuple[Controller, ...]:
    match event:
        case GameStarted(seats=seats, bots=bots):
            levels = bots or (0,) * seats
            return tuple(
                Controller(kind="bot", level=level) if level else _HUMAN for level in levels
            )
        case SeatControlChanged(seat=seat, controller="autopilot", level=level):
            controller = Controller(kind="autopilot", level=level)
            return controllers[:seat] + (controller,) + controllers[seat + 1 :]
        case SeatControlChanged(seat=seat):
            return controllers[:seat] + (_HUMAN,) + controllers[seat + 1 :]
    return controllers


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A game folded up to `version`. `revealed_through` is the version of the
    last HandEnded: every event up to it belongs to a finished hand."""

    version: int
    state: GameState
    revealed_through: int = 0
    # The current turn's deadline (ISO 8601 UTC) under a time limit, else None.
    turn_deadline: str | None = None
    # Who plays each seat now (empty in records cached by earlier releases).
    controllers: tuple[Controller, ...] = ()


def advance(record: GameRecord | None, envelope: Envelope) -> GameRecord:
    """The record after one more event of the log."""
    event = envelope.event
    if record is None:
        if not isinstance(event, GameStarted):
            raise ValueError("a game's log starts with game_started")
        return GameRecord(
            version=envelope.version,
            state=new_game(event.ruleset, event.seats),
            controllers=_controllers_after((), event),
        )
    revealed = envelope.version if isinstance(event, HandEnded) else record.revealed_through
    state = evolve(record.state, event)
    return GameRecord(
        version=envelope.version,
        state=state,
        revealed_through=revealed,
        turn_deadline=_deadline_after(record, state, event),
        controllers=_controllers_after(record.controllers, event),
    )


def _deadline_after(record: GameRecord, state: GameState, event: AnyEvent) -> str | None:
    # A TurnDeadlineSet follows the start of each turn under a limit; any other
    # event keeps the deadline while the same turn goes on.
    if isinstance(event, TurnDeadlineSet):
        return event.deadline
    before = record.state
    same_turn = (
        state.phase in ("draw", "play")
        and state.turn == before.turn
        and state.hand_number == before.hand_number
        and not isinstance(event, TurnTimedOut)
    )
    return record.turn_deadline if same_turn else None


# State caches hold the stock order, so they are only ever read server-side;
# msgpack because it is never served and is the faster codec.
_state_encoder = msgspec.msgpack.Encoder()
decode_state = msgspec.msgpack.Decoder(GameRecord).decode


def encode_state(record: GameRecord) -> bytes:
    return _state_encoder.encode(record)
