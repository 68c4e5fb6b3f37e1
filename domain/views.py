"""What each viewer may see: seat views, the spectator view, and redacted events.

Opponents' hands are counts, never cards; the stock is a count; a card drawn
from the stock is shown only to the seat that drew it. The discard pile and
the table are public. A hand's cards are revealed when it is scored.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.cards import Card
from domain.commands import PlayerCommand
from domain.drawing import may_knock
from domain.events import AnyEvent, CardsDrawn, HandDealt, Knocked, StockRenewed
from domain.legal import legal_commands
from domain.melds import Meld
from domain.state import GameState, HandResult, Phase

Viewer = int | None  # a seat, or None for a spectator


class TableView(msgspec.Struct, frozen=True, kw_only=True):
    """The table as one seat (or a spectator, `seat: null`) sees it, but for
    the commands it may send: the API lists those in its own wire form."""

    seat: int | None
    seats: int
    phase: Phase
    hand_number: int
    dealer: int
    turn: int
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    table: tuple[Meld, ...]
    discard_pile: tuple[Card, ...]
    stock_count: int
    reuses: int
    opened: tuple[bool, ...]
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    winners: tuple[int, ...]
    # This turn, for the seat whose turn it is (public: everyone saw it).
    taken_from_pile: tuple[Card, ...]
    melds_this_turn: int
    jokers_to_play: int
    knock_open: bool
    # Seats that resigned: a bot plays them to the end of the game.
    resigned: tuple[int, ...] = ()


class SeatView(TableView, frozen=True, kw_only=True):
    """The table as one seat (or a spectator, `seat: null`) sees it."""

    legal_commands: tuple[PlayerCommand, ...]


def view_for(state: GameState, seat: Viewer) -> SeatView:
    own = seat is not None and state.phase != "deal" and state.hands
    return SeatView(
        seat=seat,
        seats=state.seats,
        phase=state.phase,
        hand_number=state.hand_number,
        dealer=state.dealer,
        turn=state.turn,
        hand=tuple(sorted(state.hands[seat])) if own and seat is not None else None,
        hand_sizes=tuple(map(len, state.hands)) if state.hands else (0,) * state.seats,
        table=state.table,
        discard_pile=state.discard_pile,
        stock_count=len(state.stock),
        reuses=state.reuses,
        opened=state.opened or (False,) * state.seats,
        totals=state.totals,
        results=state.results,
        winners=state.winners,
        taken_from_pile=state.taken_from_pile,
        melds_this_turn=state.melds_this_turn,
        jokers_to_play=state.jokers_to_play,
        # Open while some seat may knock for the last discard: never without `knocking`,
        # nor without a discard to knock for (built for every answer and view: the
        # seats are asked only while one is open).
        knock_open=state.knock_from is not None
        and any(may_knock(state, other) for other in range(state.seats)),
        resigned=state.resigned,
        legal_commands=tuple(legal_commands(state, seat)) if seat is not None else (),
    )


def holder_view(state: GameState, seat: Viewer) -> SeatView:
    """The view a seat's holder is served. A seat that resigned is its bot's from
    then on: its former holder sees the table as a spectator does (knowing their
    seat, holding no cards, sending nothing) until the game is over."""
    if seat is None or seat not in state.resigned or state.phase == "over":
        return view_for(state, seat)
    return replace(view_for(state, None), seat=seat)


def redact(event: AnyEvent, viewer: Viewer) -> AnyEvent:
    """The event as `viewer` may see it."""
    return redact_for_seats(event, () if viewer is None else (viewer,))


def redact_for_seats(event: AnyEvent, seats: tuple[int, ...]) -> AnyEvent:
    """The event as the holder of all of `seats` may see it (a hot-seat player holds
    several; none: a spectator): each seat's own cards, no one else's."""
    match event:
        case HandDealt(hands=hands):
            shown = tuple(hand if seat in seats else None for seat, hand in enumerate(hands or ()))
            return replace(event, deck=None, hands=shown)
        case CardsDrawn(source="stock", seat=seat) if seat not in seats:
            return replace(event, cards=None)
        case StockRenewed():
            return replace(event, stock=None)
        case Knocked(seat=seat) if seat not in seats:
            return replace(event, stock_card=None)
    return event
