"""A seat's place at the table, decided like its cards: who plays it (a bot filling
it, or taking it over when its holder resigns), and naming the next game."""

from __future__ import annotations

from domain.commands import (
    ClaimSeat,
    FillSeat,
    LeaveSeat,
    OfferRematch,
    RemoveSeats,
    ReserveSeat,
    Resign,
)
from domain.errors import IllegalCommand
from domain.events import (
    AnyEvent,
    RematchOffered,
    SeatClaimed,
    SeatFilled,
    SeatLeft,
    SeatReserved,
    SeatResigned,
    SeatsRemoved,
)
from domain.rules import validate_seats
from domain.state import GameState

__all__ = [
    "BOT_LEVELS",
    "decide_claim",
    "decide_fill",
    "decide_leave",
    "decide_rematch",
    "decide_remove_seats",
    "decide_reserve",
    "decide_resign",
]

# The levels a bot plays at (the bots' own list: the rules do not import the bots).
BOT_LEVELS = range(1, 5)


def decide_remove_seats(state: GameState, command: RemoveSeats) -> list[AnyEvent]:
    """Seats leave a table only before its first deal, and only down to a seat
    count the rules allow (InvalidRuleSet, knob `players`, otherwise)."""
    if state.hand_number != 0:
        raise IllegalCommand("the table has been dealt", code="hand_in_progress")
    removed = tuple(sorted(set(command.seats)))
    if not removed or not all(0 <= seat < state.seats for seat in removed):
        raise IllegalCommand(f"no seats {list(command.seats)}", code="invalid_seat")
    validate_seats(state.ruleset, state.seats - len(removed))
    return [SeatsRemoved(seats=removed)]


def decide_fill(state: GameState, command: FillSeat) -> list[AnyEvent]:
    """A bot takes a seat only before the first deal."""
    _check_seat_before_deal(state, command.seat)
    _check_level(command.level)
    return [SeatFilled(seat=command.seat, level=command.level)]


def decide_claim(state: GameState, command: ClaimSeat) -> list[AnyEvent]:
    """A seat is taken from the lobby only before the first deal."""
    _check_seat_before_deal(state, command.seat)
    if not command.claim:
        raise IllegalCommand("a claim needs its id", code="invalid_command")
    return [SeatClaimed(seat=command.seat, claim=command.claim)]


def decide_reserve(state: GameState, command: ReserveSeat) -> list[AnyEvent]:
    """A seat is kept for a player only before the first deal."""
    _check_seat_before_deal(state, command.seat)
    if not command.mark:
        raise IllegalCommand("a reservation needs its player's mark", code="invalid_command")
    return [SeatReserved(seat=command.seat, mark=command.mark)]


def decide_leave(state: GameState, command: LeaveSeat) -> list[AnyEvent]:
    """A seat goes back to the lobby only before the first deal."""
    _check_seat_before_deal(state, command.seat)
    return [SeatLeft(seat=command.seat)]


def _check_seat_before_deal(state: GameState, seat: int) -> None:
    if state.hand_number != 0:
        raise IllegalCommand("the table has been dealt", code="hand_in_progress")
    if not 0 <= seat < state.seats:
        raise IllegalCommand(f"no seat {seat}", code="invalid_seat", seat=seat)


def _check_level(level: int) -> None:
    if level not in BOT_LEVELS:
        raise IllegalCommand(f"no bot level {level}", code="invalid_command", level=level)


def decide_resign(state: GameState, seat: int, command: Resign) -> list[AnyEvent]:
    """A seat resigns once, from a game that has been dealt and is not over (the
    caller checks `over`: decide refuses every command of a finished game)."""
    _check_level(command.level)
    if state.hand_number == 0:
        raise IllegalCommand("the game has not begun: leave the table", code="hand_not_started")
    if seat in state.resigned:
        raise IllegalCommand(f"seat {seat} has resigned", code="seat_resigned", seat=seat)
    return [SeatResigned(seat=seat, level=command.level)]


def decide_rematch(state: GameState, seat: int | None, command: OfferRematch) -> list[AnyEvent]:
    """Only a seat of a game that is over names the next one."""
    if state.phase != "over":
        raise IllegalCommand("the game is not over", code="game_not_over")
    if seat is None or not 0 <= seat < state.seats:
        raise IllegalCommand(f"no seat {seat}", code="invalid_seat", seat=seat)
    return [RematchOffered(seat=seat, game_id=command.game_id)]
