"""A seat's place at the table, decided like its cards: resigning, and naming the next game."""

from __future__ import annotations

from domain.commands import OfferRematch
from domain.errors import IllegalCommand
from domain.events import AnyEvent, RematchOffered, SeatResigned
from domain.state import GameState

__all__ = ["decide_rematch", "decide_resign"]


def decide_resign(state: GameState, seat: int) -> list[AnyEvent]:
    """A seat resigns once, from a game that has been dealt and is not over (the
    caller checks `over`: decide refuses every command of a finished game)."""
    if state.hand_number == 0:
        raise IllegalCommand("the game has not begun: leave the table", code="hand_not_started")
    if seat in state.resigned:
        raise IllegalCommand(f"seat {seat} has resigned", code="seat_resigned", seat=seat)
    return [SeatResigned(seat=seat)]


def decide_rematch(state: GameState, seat: int | None, command: OfferRematch) -> list[AnyEvent]:
    """Only a seat of a game that is over names the next one."""
    if state.phase != "over":
        raise IllegalCommand("the game is not over", code="game_not_over")
    if seat is None or not 0 <= seat < state.seats:
        raise IllegalCommand(f"no seat {seat}", code="invalid_seat", seat=seat)
    return [RematchOffered(seat=seat, game_id=command.game_id)]
