"""The state of one game: what a fold of its events yields."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.cards import Card
from domain.melds import Meld
from domain.rules import RuleSet

Phase = Literal["deal", "draw", "play", "over"]


class HandResult(msgspec.Struct, frozen=True):
    hand_number: int
    winner: int | None
    rummy: bool
    scores: tuple[int, ...]


# gc=False: a frozen state of tuples never forms a reference cycle, and a
# simulation makes one per command; untracked instances are cheaper to make.
class GameState(msgspec.Struct, frozen=True, gc=False):
    """Everything the rules need. `stock` holds its top card last; the
    discard pile likewise has its top card last."""

    ruleset: RuleSet
    seats: int
    phase: Phase = "deal"
    hand_number: int = 0
    dealer: int = -1
    turn: int = 0
    hands: tuple[tuple[Card, ...], ...] = ()
    stock: tuple[Card, ...] = ()
    discard_pile: tuple[Card, ...] = ()
    table: tuple[Meld, ...] = ()
    next_meld_id: int = 1
    # Per seat, this hand: whether the seat has made its (initial) meld, and
    # the cards it placed on the table (casino and melded scoring use them).
    opened: tuple[bool, ...] = ()
    placed: tuple[tuple[Card, ...], ...] = ()
    # This turn: cards taken from the pile (no_same_discard), melds laid
    # (melds_per_turn), swapped jokers still to play (strict_jokers), and
    # how many cards the seat had placed when the turn began (going rummy).
    taken_from_pile: tuple[Card, ...] = ()
    melds_this_turn: int = 0
    jokers_to_play: int = 0
    placed_before_turn: int = 0
    # The seat whose discard may still be claimed by a knock, if any.
    knock_from: int | None = None
    # The seat whose knock took the stock's last card, if one did: a final
    # exhaustion then waits for that seat's discard, not the next one.
    last_card_knocker: int | None = None
    reuses: int = 0
    totals: tuple[int, ...] = ()
    results: tuple[HandResult, ...] = ()
    winners: tuple[int, ...] = ()
    # Seats that resigned (a bot plays them to the end), in seat order.
    resigned: tuple[int, ...] = ()


def new_game(ruleset: RuleSet, seats: int) -> GameState:
    return GameState(ruleset=ruleset, seats=seats, totals=(0,) * seats)
