"""The functional core: decide(state, seat, command) -> events; evolve; replay."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from domain.cards import JOKER, VALID_CARDS, Card, remove_cards
from domain.commands import AnyCommand, Deal, Discard, Draw, Knock, LayMelds, LayOff, SwapJoker
from domain.errors import IllegalCommand
from domain.events import (
    AnyEvent,
    CardDiscarded,
    CardLaidOff,
    CardsDrawn,
    GameEnded,
    HandDealt,
    HandEnded,
    JokerSwapped,
    Knocked,
    MeldLaid,
    StockRenewed,
)
from domain.evolve import dealt_hands, evolve
from domain.melds import (
    Meld,
    form_meld,
    lay_off,
    lay_off_options,
    meld_points,
    possible_melds,
    swap_joker,
)
from domain.scoring import game_winners, score_hand
from domain.state import GameState

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
        from domain.events import GameStarted
        from domain.state import new_game

        first = next(iterator)
        if not isinstance(first, GameStarted):
            raise IllegalCommand("a log starts with game_started", code="invalid_log")
        state = new_game(first.ruleset, first.seats)
    for event in iterator:
        state = evolve(state, event)
    return state


def decide(state: GameState, seat: int | None, command: AnyCommand) -> list[AnyEvent]:
    """The events `command` by `seat` produces, or an IllegalCommand saying why not."""
    if state.phase == "over":
        raise IllegalCommand("the game is over", code="game_over")
    kind = type(command)
    if kind is Deal:
        return _deal(state, command)  # type: ignore[arg-type]
    if seat is None or not 0 <= seat < state.seats:
        raise IllegalCommand(f"no seat {seat}", code="invalid_seat", seat=seat)
    if state.phase == "deal":
        raise IllegalCommand("no hand is being played", code="hand_not_started")
    _check_cards(command)
    if kind is Knock:
        return _knock(state, seat)
    if seat != state.turn:
        raise IllegalCommand(
            f"it is seat {state.turn}'s turn", code="not_your_turn", seat=seat, turn=state.turn
        )
    if kind is Draw:
        return _draw(state, seat, command)  # type: ignore[arg-type]
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
            raise IllegalCommand(f"{card!r} is not a card code", code="invalid_card", card=card)


# ------------------------------------------------------------------ deal


def _deal(state: GameState, command: Deal) -> list[AnyEvent]:
    ruleset = state.ruleset
    if state.phase != "deal":
        raise IllegalCommand("a hand is being played", code="hand_in_progress")
    if Counter(command.deck) != Counter(ruleset.pack()):
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


# ------------------------------------------------------------------ draw


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


def _draw(state: GameState, seat: int, command: Draw) -> list[AnyEvent]:
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
        return _end_hand(state, winner=None, rummy=False)
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


def _knock(state: GameState, seat: int) -> list[AnyEvent]:
    allowed = (
        state.ruleset.knocking
        and state.phase == "draw"
        and state.knock_from is not None
        and seat not in (state.knock_from, state.turn)
        and state.discard_pile
        and state.stock
    )
    if not allowed:
        raise IllegalCommand("knocking is not possible now", code="knock_not_allowed", seat=seat)
    return [Knocked(seat=seat, card=state.discard_pile[-1], stock_card=state.stock[-1])]


# ------------------------------------------------------------------ play


def _hand_without(state: GameState, seat: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    remaining = remove_cards(state.hands[seat], cards)
    if remaining is None:
        raise IllegalCommand(
            "you do not hold those cards", code="card_not_in_hand", cards=list(cards)
        )
    return remaining


def discardable(state: GameState, hand: Sequence[Card], jokers_to_play: int = 0) -> list[Card]:
    """The cards of `hand` that may end this turn as a discard."""
    if jokers_to_play:
        return []
    ruleset = state.ruleset
    if not (ruleset.no_same_discard and state.taken_from_pile):
        cards = list(dict.fromkeys(hand))
    else:
        taken = state.taken_from_pile
        cards = [
            card
            for card in dict.fromkeys(hand)
            if card not in taken or hand.count(card) > taken.count(card)
        ]
    if ruleset.strict_jokers and JOKER in cards:
        # strict_jokers forbids joker discards, but a hand of nothing but
        # jokers must still be able to end its turn: then a joker may go.
        naturals = [card for card in cards if card != JOKER]
        return naturals or cards
    return cards


def may_discard(state: GameState, hand: Sequence[Card], card: Card) -> bool:
    """Whether `card`, held in `hand`, may be discarded now (no_same_discard aside
    from jokers, which the caller checks)."""
    taken = state.taken_from_pile
    if not state.ruleset.no_same_discard or card not in taken:
        return True
    return hand.count(card) > taken.count(card)


def leaves_discard(state: GameState, hand: Sequence[Card], jokers_to_play: int) -> bool:
    """After a play the seat must still be able to end its turn: go out now
    (when `go_out: any`), keep a card it may discard, or still owe a joker."""
    if not hand:
        return state.ruleset.go_out == "any"
    if jokers_to_play > 0:
        # The owed jokers leave the hand before the turn can end.
        rest = remove_cards(hand, [JOKER] * jokers_to_play)
        return rest is not None and leaves_discard(state, rest, 0)
    # Fast path: more cards than were taken from the pile leaves one to discard.
    if not state.ruleset.strict_jokers and len(hand) > len(state.taken_from_pile):
        return True
    return bool(discardable(state, hand))


def _check_leaves_discard(state: GameState, hand: Sequence[Card], jokers_to_play: int) -> None:
    if not leaves_discard(state, hand, jokers_to_play):
        reason = (
            "keep a card to discard: going out needs a final discard"
            if not hand
            else "the play would leave no card you may discard"
        )
        raise IllegalCommand(reason, code="must_keep_discard")


def _check_opened(state: GameState, seat: int) -> None:
    ruleset = state.ruleset
    if ruleset.needs_opening and not state.opened[seat]:
        code = "initial_meld_required" if ruleset.initial_meld_min else "own_meld_required"
        raise IllegalCommand("lay down your own meld first", code=code)


def _lay_melds(state: GameState, seat: int, command: LayMelds) -> list[AnyEvent]:
    ruleset = state.ruleset
    if not command.melds:
        raise IllegalCommand("name at least one meld", code="invalid_meld")
    if ruleset.melds_per_turn == "one" and state.melds_this_turn + len(command.melds) > 1:
        raise IllegalCommand("one new meld a turn", code="too_many_melds")
    hand = _hand_without(state, seat, [c for meld in command.melds for c in meld])
    shapes = [form_meld(cards, ruleset) for cards in command.melds]
    if ruleset.initial_meld_min and not state.opened[seat]:
        points = sum(meld_points(shape) for shape in shapes)
        if points < ruleset.initial_meld_min:
            raise IllegalCommand(
                f"the initial meld needs {ruleset.initial_meld_min} points, not {points}",
                code="initial_meld_too_low",
                points=points,
                minimum=ruleset.initial_meld_min,
            )
    _check_leaves_discard(state, hand, jokers_after_melds(state, command.melds))
    events: list[AnyEvent] = []
    for offset, shape in enumerate(shapes):
        meld = Meld(
            id=state.next_meld_id + offset,
            kind=shape.kind,
            owner=seat,
            cards=shape.cards,
            start=shape.start,
        )
        events.append(MeldLaid(seat=seat, meld=meld))
    return events + _went_out_if_empty(state, seat, hand, events)


def jokers_after_melds(state: GameState, melds: Sequence[Sequence[Card]]) -> int:
    """The swapped jokers still owed once `melds` are laid (strict_jokers)."""
    laid = sum(card == JOKER for meld in melds for card in meld)
    return max(0, state.jokers_to_play - laid)


def _find_meld(state: GameState, meld_id: int) -> Meld:
    for meld in state.table:
        if meld.id == meld_id:
            return meld
    raise IllegalCommand(f"no meld {meld_id} on the table", code="unknown_meld", meld_id=meld_id)


def _lay_off(state: GameState, seat: int, command: LayOff) -> list[AnyEvent]:
    if not state.ruleset.lay_off:
        raise IllegalCommand("laying off is not allowed", code="lay_off_not_allowed")
    _check_opened(state, seat)
    hand = _hand_without(state, seat, [command.card])
    end, meld = lay_off(
        _find_meld(state, command.meld_id), command.card, state.ruleset, command.end
    )
    jokers_to_play = max(0, state.jokers_to_play - (command.card == JOKER))
    _check_leaves_discard(state, hand, jokers_to_play)
    events: list[AnyEvent] = [CardLaidOff(seat=seat, card=command.card, end=end, meld=meld)]
    return events + _went_out_if_empty(state, seat, hand, events)


def _swap_joker(state: GameState, seat: int, command: SwapJoker) -> list[AnyEvent]:
    ruleset = state.ruleset
    _check_opened(state, seat)
    hand = _hand_without(state, seat, [command.card]) + (JOKER,)
    meld = swap_joker(_find_meld(state, command.meld_id), command.card, ruleset)
    _check_leaves_discard(state, hand, state.jokers_to_play + ruleset.strict_jokers)
    if ruleset.strict_jokers and not joker_playable(state, hand, meld):
        raise IllegalCommand(
            "the joker could not be played this turn (strict_jokers)",
            code="invalid_joker_swap",
            card=command.card,
            meld_id=command.meld_id,
        )
    events: list[AnyEvent] = [JokerSwapped(seat=seat, card=command.card, meld=meld)]
    _check_jokers_still_playable(state, seat, events, code="invalid_joker_swap")
    return events


def joker_playable(state: GameState, hand: Sequence[Card], swapped: Meld) -> bool:
    """Under strict_jokers a swapped joker must be played this turn: is that possible?"""
    table = [swapped if m.id == swapped.id else m for m in state.table]
    if state.ruleset.lay_off and any(lay_off_options(m, JOKER, state.ruleset) for m in table):
        return True
    can_meld = state.ruleset.melds_per_turn == "any" or state.melds_this_turn == 0
    return can_meld and any(JOKER in meld for meld in possible_melds(hand, state.ruleset))


def owed_jokers_playable(state: GameState, seat: int) -> bool:
    """strict_jokers: can the seat still play a joker it owes and then end its turn?"""
    owed = state.jokers_to_play
    if not owed or state.phase != "play":
        return True
    ruleset, hand = state.ruleset, state.hands[seat]
    rest = remove_cards(hand, [JOKER])
    if rest is None:
        return False
    table_fits = ruleset.lay_off and any(lay_off_options(m, JOKER, ruleset) for m in state.table)
    if table_fits and leaves_discard(state, rest, owed - 1):
        return True
    if ruleset.melds_per_turn == "one" and state.melds_this_turn:
        return False
    for meld in possible_melds(hand, ruleset):
        left = remove_cards(hand, meld) if JOKER in meld else None
        if left is not None and leaves_discard(state, left, max(0, owed - meld.count(JOKER))):
            return True
    return False


def owed_jokers_block_discard(state: GameState, seat: int) -> bool:
    """strict_jokers: a swapped joker must be played this turn, so it blocks
    the discard, but only while it can still be played; a seat whose owed
    joker has no place left may end its turn rather than be stuck."""
    return bool(state.jokers_to_play) and owed_jokers_playable(state, seat)


def _check_jokers_still_playable(
    state: GameState, seat: int, events: Sequence[AnyEvent], code: str = "joker_must_be_played"
) -> None:
    # A play that strands a swapped joker would leave the seat no way to end its turn.
    if not state.ruleset.strict_jokers:
        return
    after = state
    for event in events:
        after = evolve(after, event)
    if not owed_jokers_playable(after, seat):
        raise IllegalCommand("the swapped joker could not be played after this", code=code)


def _discard(state: GameState, seat: int, command: Discard) -> list[AnyEvent]:
    ruleset = state.ruleset
    hand = _hand_without(state, seat, [command.card])
    if owed_jokers_block_discard(state, seat):
        raise IllegalCommand("play the swapped joker first", code="joker_must_be_played")
    if (
        command.card == JOKER
        and ruleset.strict_jokers
        and any(card != JOKER for card in discardable(state, state.hands[seat]))
    ):
        raise IllegalCommand("jokers may not be discarded", code="joker_discard_forbidden")
    if not may_discard(state, state.hands[seat], command.card):
        raise IllegalCommand(
            f"{command.card} was taken from the pile this turn",
            code="same_discard",
            card=command.card,
        )
    events: list[AnyEvent] = [CardDiscarded(seat=seat, card=command.card)]
    if not hand:
        return events + _went_out_if_empty(state, seat, hand, events)
    exhausted = (
        not state.stock
        and ruleset.stock_out == "reuse"
        and ruleset.final_exhaustion == "after_discard"
        and state.reuses >= ruleset.reuse_limit
    )
    if exhausted:
        after = evolve(state, events[0])
        events += _end_hand(after, winner=None, rummy=False)
    return events


# ------------------------------------------------------------------ hand end


def _went_out_if_empty(
    state: GameState, seat: int, hand: Sequence[Card], events: Sequence[AnyEvent]
) -> list[AnyEvent]:
    if hand:
        return []
    rummy = state.placed_before_turn == 0
    after = state
    for event in events:
        after = evolve(after, event)
    return _end_hand(after, winner=seat, rummy=rummy)


def _end_hand(state: GameState, winner: int | None, rummy: bool) -> list[AnyEvent]:
    ruleset = state.ruleset
    values, scores = score_hand(ruleset, state.hands, winner, rummy, state.placed)
    totals = tuple(t + s for t, s in zip(state.totals, scores, strict=True))
    events: list[AnyEvent] = [
        HandEnded(
            hand_number=state.hand_number,
            reason="went_out" if winner is not None else "stock_exhausted",
            winner=winner,
            rummy=rummy,
            hands=state.hands,
            hand_values=values,
            scores=scores,
            totals=totals,
        )
    ]
    winners = game_winners(ruleset, totals, state.hand_number)
    if winners is not None:
        events.append(GameEnded(totals=totals, winners=winners))
    return events


_PLAY_HANDLERS: dict[type, Callable[[GameState, int, Any], list[AnyEvent]]] = {
    LayMelds: _lay_melds,
    LayOff: _lay_off,
    SwapJoker: _swap_joker,
    Discard: _discard,
}
