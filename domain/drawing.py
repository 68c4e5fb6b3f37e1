"""Cards coming into hands: the deal, drawing (and renewing the stock), knocking."""

from __future__ import annotations

from functools import lru_cache

from domain.cards import Card, build_deck
from domain.commands import Deal, Draw
from domain.errors import IllegalCommand
from domain.events import (
    AnyEvent,
    CardsDrawn,
    HandDealt,
    Knocked,
    StockRenewed,
)
from domain.evolve import dealt_hands
from domain.hand_end import end_hand
from domain.state import GameState


def decide_deal(state: GameState, command: Deal) -> list[AnyEvent]:
    ruleset = state.ruleset
    if state.phase != "deal":
        raise IllegalCommand("a hand is being played", code="hand_in_progress")
    if tuple(sorted(command.deck)) != _sorted_pack(ruleset.decks, ruleset.jokers):
        raise IllegalCommand(
            "the deck is not a permutation of this game's pack",
            code="invalid_deck",
            expected_cards=ruleset.deck_size,
            given_cards=len(command.deck),
        )
    expected_dealer = (state.dealer + 1) % state.seats if state.hand_number else state.seats - 1
    dealer = expected_dealer if command.dealer is None else command.dealer
    if not 0 <= dealer < state.seats or (state.hand_number and dealer != expected_dealer):
        raise IllegalCommand(
            f"the dealer must be seat {expected_dealer}", code="invalid_seat", seat=command.dealer
        )
    hand_size = ruleset.hand_size[state.seats]
    dealt = state.seats * hand_size
    return [
        HandDealt(
            hand_number=state.hand_number + 1,
            dealer=dealer,
            first_seat=(dealer + 1) % state.seats,
            deck=command.deck,
            up_card=command.deck[dealt],
            hand_sizes=(hand_size,) * state.seats,
            stock_count=len(command.deck) - dealt - 1,
            hands=dealt_hands(command.deck, state.seats, hand_size, dealer),
            commitment=command.commitment,
        )
    ]


@lru_cache(maxsize=64)
def _sorted_pack(decks: int, jokers: int) -> tuple[Card, ...]:
    # Sorting the dealt deck against a remembered sorted pack is a cheaper
    # multiset comparison than counting both on every deal.
    return tuple(sorted(build_deck(decks, jokers)))


def needs_shuffle(state: GameState) -> int | None:
    """How many cards the service must shuffle before a stock draw, if any."""
    ruleset = state.ruleset
    if (
        state.phase == "draw"
        and not state.stock
        and ruleset.stock_out == "reuse"
        and ruleset.reuse_shuffle
        and state.reuses < ruleset.reuse_limit
        and state.discard_pile
    ):
        return len(state.discard_pile)
    return None


def decide_draw(state: GameState, seat: int, command: Draw) -> list[AnyEvent]:
    if state.phase != "draw":
        raise IllegalCommand("you have drawn this turn", code="wrong_phase", phase=state.phase)
    if command.source == "discard":
        pile = state.discard_pile
        if not pile:
            raise IllegalCommand("the discard pile is empty", code="discard_pile_empty")
        most = len(pile) if state.ruleset.discard_pickup == "any" else 1
        if not 1 <= command.count <= most:
            raise IllegalCommand(
                f"you may take 1 to {most} cards from the pile",
                code="invalid_pickup",
                count=command.count,
                most=most,
            )
        taken = pile[len(pile) - command.count :]
        return [CardsDrawn(seat=seat, source="discard", count=command.count, cards=taken)]
    if command.count != 1:
        raise IllegalCommand("the stock gives one card", code="invalid_pickup", count=command.count)
    if state.stock:
        return [CardsDrawn(seat=seat, source="stock", count=1, cards=(state.stock[-1],))]
    return _draw_from_empty_stock(state, seat, command)


def _draw_from_empty_stock(state: GameState, seat: int, command: Draw) -> list[AnyEvent]:
    ruleset = state.ruleset
    pile = state.discard_pile
    if ruleset.stock_out == "end_no_winner" or state.reuses >= ruleset.reuse_limit or not pile:
        return end_hand(state, winner=None, rummy=False)
    # Turned face down, the first card discarded becomes the new stock's top.
    renewed = tuple(reversed(pile))
    if ruleset.reuse_shuffle:
        order = command.shuffle
        if order is None or sorted(order) != list(range(len(pile))):
            raise IllegalCommand(
                "a shuffle of the pile is needed", code="invalid_shuffle", cards=len(pile)
            )
        renewed = tuple(pile[i] for i in order)
    return [
        StockRenewed(seat=seat, count=len(renewed), shuffled=ruleset.reuse_shuffle, stock=renewed),
        CardsDrawn(seat=seat, source="stock", count=1, cards=(renewed[-1],)),
    ]


def may_knock(state: GameState, seat: int) -> bool:
    """`knocking`: another seat than the discarder's and the next player's may
    claim the last discard until the next player draws; the stock must give
    the knocker's extra card."""
    return bool(
        state.ruleset.knocking
        and state.phase == "draw"
        and state.knock_from is not None
        and seat not in (state.knock_from, state.turn)
        and state.discard_pile
        and state.stock
    )


def decide_knock(state: GameState, seat: int) -> list[AnyEvent]:
    if not may_knock(state, seat):
        raise IllegalCommand("knocking is not possible now", code="knock_not_allowed", seat=seat)
    return [Knocked(seat=seat, card=state.discard_pile[-1], stock_card=state.stock[-1])]
