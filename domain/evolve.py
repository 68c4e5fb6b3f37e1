"""evolve(state, event) -> state: how each event changes a game, and nothing else."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from domain.cards import JOKER, Card, remove_cards
from domain.events import (
    AnyEvent,
    CardDiscarded,
    CardLaidOff,
    CardsDrawn,
    DeckRevealed,
    GameEnded,
    GameStarted,
    HandDealt,
    HandEnded,
    JokerSwapped,
    Knocked,
    MeldLaid,
    StockRenewed,
)
from domain.melds import Meld
from domain.state import GameState, HandResult


def dealt_hands(
    deck: Sequence[Card], seats: int, hand_size: int, dealer: int
) -> tuple[tuple[Card, ...], ...]:
    """One card at a time, starting with the dealer's left."""
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for index in range(seats * hand_size):
        hands[(dealer + 1 + index) % seats].append(deck[index])
    return tuple(tuple(hand) for hand in hands)


def _set_seat(values: tuple, seat: int, value: object) -> tuple:  # type: ignore[type-arg]
    return values[:seat] + (value,) + values[seat + 1 :]


def _take(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    remaining = remove_cards(hand, cards)
    if remaining is None:  # evolve trusts decide; a log that lies is caught at import
        raise ValueError(f"hand {hand} lacks {list(cards)}")
    return remaining


def _next_turn(state: GameState, seat: int) -> GameState:
    following = (seat + 1) % state.seats
    return replace(
        state,
        phase="draw",
        turn=following,
        taken_from_pile=(),
        melds_this_turn=0,
        jokers_to_play=0,
        placed_before_turn=len(state.placed[following]),
    )


def _placed(state: GameState, seat: int, cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    return _set_seat(state.placed, seat, state.placed[seat] + tuple(cards))


def _put_meld(table: tuple[Meld, ...], meld: Meld) -> tuple[Meld, ...]:
    return tuple(meld if m.id == meld.id else m for m in table)


def evolve(state: GameState, event: AnyEvent) -> GameState:
    match event:
        case GameStarted(ruleset=ruleset, seats=seats):
            return GameState(ruleset=ruleset, seats=seats, totals=(0,) * seats)
        case HandDealt():
            return _hand_dealt(state, event)
        case CardsDrawn(seat=seat, source="stock"):
            assert event.cards is not None
            return replace(
                state,
                stock=state.stock[:-1],
                phase="play",
                knock_from=None,
                hands=_set_seat(state.hands, seat, state.hands[seat] + event.cards),
            )
        case CardsDrawn(seat=seat, source="discard", count=count):
            taken = state.discard_pile[len(state.discard_pile) - count :]
            return replace(
                state,
                discard_pile=state.discard_pile[: len(state.discard_pile) - count],
                phase="play",
                knock_from=None,
                taken_from_pile=taken,
                hands=_set_seat(state.hands, seat, state.hands[seat] + taken),
            )
        case StockRenewed(stock=stock):
            assert stock is not None
            return replace(state, stock=stock, discard_pile=(), reuses=state.reuses + 1)
        case MeldLaid(seat=seat, meld=meld):
            cards = [p.card for p in meld.cards]
            return replace(
                state,
                table=(*state.table, meld),
                next_meld_id=meld.id + 1,
                hands=_set_seat(state.hands, seat, _take(state.hands[seat], cards)),
                opened=_set_seat(state.opened, seat, True),
                placed=_placed(state, seat, cards),
                melds_this_turn=state.melds_this_turn + 1,
                jokers_to_play=max(0, state.jokers_to_play - cards.count(JOKER)),
            )
        case CardLaidOff(seat=seat, card=card, meld=meld):
            return replace(
                state,
                table=_put_meld(state.table, meld),
                hands=_set_seat(state.hands, seat, _take(state.hands[seat], [card])),
                placed=_placed(state, seat, [card]),
                jokers_to_play=max(0, state.jokers_to_play - (card == JOKER)),
            )
        case JokerSwapped(seat=seat, card=card, meld=meld):
            hand = _take(state.hands[seat], [card]) + (JOKER,)
            return replace(
                state,
                table=_put_meld(state.table, meld),
                hands=_set_seat(state.hands, seat, hand),
                placed=_placed(state, seat, [card]),
                jokers_to_play=state.jokers_to_play + state.ruleset.strict_jokers,
            )
        case CardDiscarded(seat=seat, card=card):
            discarded = replace(
                state,
                hands=_set_seat(state.hands, seat, _take(state.hands[seat], [card])),
                discard_pile=(*state.discard_pile, card),
                knock_from=seat,
            )
            return _next_turn(discarded, seat)
        case Knocked(seat=seat, card=card, stock_card=stock_card):
            assert stock_card is not None
            return replace(
                state,
                discard_pile=state.discard_pile[:-1],
                stock=state.stock[:-1],
                knock_from=None,
                hands=_set_seat(state.hands, seat, state.hands[seat] + (card, stock_card)),
            )
        case HandEnded():
            result = HandResult(event.hand_number, event.winner, event.rummy, event.scores)
            return replace(
                state,
                phase="deal",
                totals=event.totals,
                results=(*state.results, result),
                knock_from=None,
            )
        case DeckRevealed():
            return state
        case GameEnded(winners=winners):
            return replace(state, phase="over", winners=winners)
    raise ValueError(f"unknown event {event!r}")


def _hand_dealt(state: GameState, event: HandDealt) -> GameState:
    assert event.deck is not None, "a redacted deal cannot be replayed"
    seats = state.seats
    hand_size = event.hand_sizes[0]
    dealt = seats * hand_size
    return replace(
        state,
        phase="draw",
        hand_number=event.hand_number,
        dealer=event.dealer,
        turn=event.first_seat,
        hands=dealt_hands(event.deck, seats, hand_size, event.dealer),
        discard_pile=(event.up_card,),
        stock=tuple(reversed(event.deck[dealt + 1 :])),
        table=(),
        next_meld_id=1,
        opened=(False,) * seats,
        placed=((),) * seats,
        taken_from_pile=(),
        melds_this_turn=0,
        jokers_to_play=0,
        placed_before_turn=0,
        knock_from=None,
        reuses=0,
    )
