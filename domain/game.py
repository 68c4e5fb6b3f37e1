"""The functional core: decide(state, seat, command) -> events; evolve; replay."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from domain.cards import VALID_CARDS, not_a_card
from domain.commands import (
    AbandonGame,
    AnyCommand,
    ChangeSeatControl,
    ClaimSeat,
    Deal,
    Discard,
    Draw,
    FillSeat,
    Knock,
    LayMelds,
    LayOff,
    LeaveSeat,
    OfferRematch,
    RemoveSeats,
    ReserveSeat,
    Resign,
    RevealDeck,
    SetTurnDeadline,
    SwapJoker,
    TimeOutTurn,
)
from domain.discarding import discardable, jokers_after_melds, leaves_discard
from domain.drawing import decide_deal, decide_draw, decide_knock, needs_shuffle
from domain.errors import IllegalCommand
from domain.events import AnyEvent, GameStarted
from domain.evolve import evolve
from domain.playing import decide_discard, decide_lay_melds, decide_lay_off, decide_swap_joker
from domain.state import GameState, new_game
from domain.system import (
    decide_abandon,
    decide_reveal,
    decide_seat_control,
    decide_set_deadline,
    decide_time_out,
)
from domain.tables import (
    decide_claim,
    decide_fill,
    decide_leave,
    decide_rematch,
    decide_remove_seats,
    decide_reserve,
    decide_resign,
)

__all__ = [
    "decide",
    "evolve",
    "replay",
    "needs_shuffle",
    "discardable",
    "leaves_discard",
    "jokers_after_melds",
]


def replay(events: Iterable[AnyEvent], state: GameState | None = None) -> GameState:
    """The state a log folds to. The first event must be GameStarted unless a state is given."""
    iterator = iter(events)
    if state is None:
        first = next(iterator)
        if not isinstance(first, GameStarted):
            raise IllegalCommand("a log starts with game_started", code="invalid_log")
        state = new_game(first.ruleset, first.seats)
    for event in iterator:
        state = evolve(state, event)
    return state


def decide(state: GameState, seat: int | None, command: AnyCommand) -> list[AnyEvent]:
    """The events `command` by `seat` produces, or an IllegalCommand saying why not.
    The service's own commands (a deal, a reveal, the turn clock) come with no seat."""
    kind = type(command)
    if kind is RevealDeck:
        # The last hand's deck is revealed after the game has ended.
        return decide_reveal(state, command)  # type: ignore[arg-type]
    if kind is OfferRematch:
        return decide_rematch(state, seat, command)  # type: ignore[arg-type]
    if state.phase == "over":
        raise IllegalCommand("the game is over", code="game_over")
    system = _SYSTEM_HANDLERS.get(kind)
    if system is not None:
        if seat is not None:
            raise IllegalCommand("only the service deals and keeps time", code="invalid_command")
        return system(state, command)
    if seat is None or not 0 <= seat < state.seats:
        raise IllegalCommand(f"no seat {seat}", code="invalid_seat", seat=seat)
    if kind is Resign:
        return decide_resign(state, seat, command)  # type: ignore[arg-type]
    if state.phase == "deal":
        raise IllegalCommand("no hand is being played", code="hand_not_started")
    if kind is not Draw:  # nothing to check in the commonest command
        _check_cards(command)
    if kind is Knock:
        return decide_knock(state, seat)
    if seat != state.turn:
        raise IllegalCommand(
            f"it is seat {state.turn}'s turn", code="not_your_turn", seat=seat, turn=state.turn
        )
    if kind is Draw:
        return decide_draw(state, seat, command)  # type: ignore[arg-type]
    if state.phase != "play":
        raise IllegalCommand("draw a card first", code="wrong_phase", phase=state.phase)
    handler = _PLAY_HANDLERS.get(kind)
    if handler is None:
        raise IllegalCommand(f"unknown command {command!r}", code="invalid_command")
    return handler(state, seat, command)


def _check_cards(command: AnyCommand) -> None:
    # Dispatch on the exact type: this runs for every command a bot or a
    # simulation issues, and a class-pattern match costs several isinstance calls.
    kind = type(command)
    cards: Sequence[object]
    if kind is LayMelds:
        cards = [c for meld in command.melds for c in meld]  # type: ignore[union-attr]
    elif kind is Discard or kind is LayOff or kind is SwapJoker:
        cards = (command.card,)  # type: ignore[union-attr]
    else:
        return
    for card in cards:
        if card not in VALID_CARDS:
            raise IllegalCommand(not_a_card(card), code="invalid_card", card=card)


_SYSTEM_HANDLERS: dict[type, Callable[[GameState, Any], list[AnyEvent]]] = {
    Deal: decide_deal,
    RemoveSeats: decide_remove_seats,
    FillSeat: decide_fill,
    ClaimSeat: decide_claim,
    ReserveSeat: decide_reserve,
    LeaveSeat: decide_leave,
    SetTurnDeadline: decide_set_deadline,
    TimeOutTurn: decide_time_out,
    ChangeSeatControl: decide_seat_control,
    AbandonGame: decide_abandon,
}

_PLAY_HANDLERS: dict[type, Callable[[GameState, int, Any], list[AnyEvent]]] = {
    LayMelds: decide_lay_melds,
    LayOff: decide_lay_off,
    SwapJoker: decide_swap_joker,
    Discard: decide_discard,
}
