"""The service's own commands, decided like a seat's: the salt and the clock's
reading come in as data, so a log of them replays exactly."""

from __future__ import annotations

from domain.commands import AbandonGame, ChangeSeatControl, RevealDeck, SetTurnDeadline, TimeOutTurn
from domain.errors import IllegalCommand
from domain.events import (
    AnyEvent,
    DeckRevealed,
    GameAbandoned,
    SeatControlChanged,
    TurnDeadlineSet,
    TurnTimedOut,
)
from domain.state import GameState

__all__ = [
    "decide_abandon",
    "decide_reveal",
    "decide_seat_control",
    "decide_set_deadline",
    "decide_time_out",
]


def decide_reveal(state: GameState, command: RevealDeck) -> list[AnyEvent]:
    """Only the hand that has just ended may be revealed: a hand in play would show
    the stock's order."""
    if state.phase not in ("deal", "over") or command.hand_number != state.hand_number:
        raise IllegalCommand(
            f"hand {command.hand_number} cannot be revealed now",
            code="hand_in_progress",
            hand_number=command.hand_number,
        )
    return [DeckRevealed(hand_number=command.hand_number, salt=command.salt)]


def decide_set_deadline(state: GameState, command: SetTurnDeadline) -> list[AnyEvent]:
    """A deadline belongs to a turn that has begun and not yet drawn."""
    if state.phase != "draw":
        raise IllegalCommand("no turn is starting", code="wrong_phase", phase=state.phase)
    return [
        TurnDeadlineSet(seat=state.turn, hand_number=state.hand_number, deadline=command.deadline)
    ]


def decide_time_out(state: GameState, command: TimeOutTurn) -> list[AnyEvent]:
    """Only the seat whose turn it is, in the hand being played, can run out of time."""
    if (
        state.phase not in ("draw", "play")
        or command.seat != state.turn
        or command.hand_number != state.hand_number
    ):
        raise IllegalCommand(
            f"seat {command.seat} is not playing a turn of hand {command.hand_number}",
            code="not_your_turn",
            seat=command.seat,
            turn=state.turn,
        )
    return [TurnTimedOut(seat=command.seat, hand_number=command.hand_number)]


def decide_seat_control(state: GameState, command: ChangeSeatControl) -> list[AnyEvent]:
    """A seat of the table changes hands (a bot takes it, or its owner is back);
    a bot's level comes with the bot and only with it."""
    if not 0 <= command.seat < state.seats:
        raise IllegalCommand(f"no seat {command.seat}", code="invalid_seat", seat=command.seat)
    if command.seat in state.resigned:
        # A resigned seat's bot plays it to the end: it changes hands no more.
        raise IllegalCommand(
            f"seat {command.seat} resigned", code="seat_resigned", seat=command.seat
        )
    if (command.controller == "autopilot") != (command.level is not None):
        raise IllegalCommand(
            "a bot takes a seat with a level, its owner without",
            code="invalid_command",
            seat=command.seat,
        )
    return [
        SeatControlChanged(
            seat=command.seat,
            controller=command.controller,
            level=command.level,
            reason=command.reason,
        )
    ]


def decide_abandon(state: GameState, command: AbandonGame) -> list[AnyEvent]:
    """Only a game in play is abandoned (a finished one is over already, and a
    table still waiting for its first deal has played no hand)."""
    if state.phase not in ("draw", "play"):
        raise IllegalCommand("no hand is being played", code="wrong_phase", phase=state.phase)
    return [GameAbandoned(hand_number=state.hand_number, hands=command.hands)]
