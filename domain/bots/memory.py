"""What one seat has seen this hand: built only from the events it may see (redacted)."""

from __future__ import annotations

from collections import Counter

from domain.cards import Card
from domain.events import (
    AnyEvent,
    CardDiscarded,
    CardLaidOff,
    CardsDrawn,
    GameStarted,
    HandDealt,
    JokerSwapped,
    Knocked,
    MeldLaid,
    StockRenewed,
)
from domain.rules import RuleSet
from domain.views import SeatView

MAX_PILE_PICKUPS = 8


class SeatMemory:
    """Cards known in each opponent's hand (taken from the pile, or knocked for)
    and what every seat discarded, took and passed this hand (`passed`: the
    pile's top card when the seat drew from the stock instead).

    Feed it `redact(event, seat)` for every event, in order; it never needs
    (nor accepts as useful) a hidden card.
    """

    def __init__(self, seat: int, seats: int) -> None:
        self.seat = seat
        self.seats = seats
        self.reset()

    def reset(self) -> None:
        self.known: list[Counter[Card]] = [Counter() for _ in range(self.seats)]
        self.discarded: list[list[Card]] = [[] for _ in range(self.seats)]
        self.taken: list[list[Card]] = [[] for _ in range(self.seats)]
        self.passed: list[list[Card]] = [[] for _ in range(self.seats)]
        # The pile's top card, while the events tell it (not once it was taken).
        self.top: Card | None = None

    def may_take_from_pile(self, top: Card) -> bool:
        """No pile cycles: two careful seats could otherwise pass the same few
        cards back and forth forever while the stock never shrinks. So never
        take back an own discard, and at most MAX_PILE_PICKUPS pile draws a hand."""
        return (
            top not in self.discarded[self.seat] and len(self.taken[self.seat]) < MAX_PILE_PICKUPS
        )

    def observe(self, event: AnyEvent) -> None:
        match event:
            case GameStarted(seats=seats):
                self.seats = seats
                self.reset()
            case HandDealt(up_card=up_card):
                self.reset()
                self.top = up_card
            case CardsDrawn(seat=seat, source="discard", cards=cards) if cards:
                self.known[seat].update(cards)
                self.taken[seat].extend(cards)
                self.top = None
            case CardsDrawn(seat=seat, source="stock"):
                if self.top is not None:
                    self.passed[seat].append(self.top)
                self.top = None
            case StockRenewed():
                self.top = None
            case Knocked(seat=seat, card=card):
                self.known[seat][card] += 1
                self.taken[seat].append(card)
                self.top = None
            case MeldLaid(seat=seat, meld=meld):
                self._played(seat, [p.card for p in meld.cards])
            case CardLaidOff(seat=seat, card=card):
                self._played(seat, [card])
            case JokerSwapped(seat=seat, card=card):
                self._played(seat, [card])
                self.known[seat]["JK"] += 1
            case CardDiscarded(seat=seat, card=card):
                self._played(seat, [card])
                self.discarded[seat].append(card)
                self.top = card

    def _played(self, seat: int, cards: list[Card]) -> None:
        known = self.known[seat]
        for card in cards:
            if known[card] > 0:
                known[card] -= 1
        self.known[seat] = +known

    def known_elsewhere(self) -> Counter[Card]:
        """Cards known to sit in opponents' hands."""
        total: Counter[Card] = Counter()
        for seat, known in enumerate(self.known):
            if seat != self.seat:
                total.update(known)
        return total


def unseen_cards(
    pack: tuple[Card, ...],
    hand: tuple[Card, ...],
    table_cards: list[Card],
    discard_pile: tuple[Card, ...],
    known_elsewhere: Counter[Card] | None = None,
) -> Counter[Card]:
    """Cards that may still be in the stock or an opponent's hand, unseen."""
    live = Counter(pack)
    live.subtract(hand)
    live.subtract(table_cards)
    live.subtract(discard_pile)
    if known_elsewhere:
        live.subtract(known_elsewhere)
    return +live


def live_cards(view: SeatView, ruleset: RuleSet, memory: SeatMemory | None) -> Counter[Card]:
    table = [p.card for meld in view.table for p in meld.cards]
    known = memory.known_elsewhere() if memory else None
    return unseen_cards(ruleset.pack(), view.hand or (), table, view.discard_pile, known)
