"""Plays between the draw and the end of the turn: melds, lay-offs, joker swaps, the discard."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import JOKER, Card, remove_card, remove_cards
from domain.commands import Discard, LayMelds, LayOff, SwapJoker
from domain.discarding import (
    check_leaves_discard,
    discardable,
    joker_playable,
    jokers_after_melds,
    may_discard,
    owed_jokers_block_discard,
    owed_jokers_playable,
)
from domain.errors import IllegalCommand
from domain.events import (
    AnyEvent,
    CardDiscarded,
    CardLaidOff,
    JokerSwapped,
    MeldLaid,
)
from domain.evolve import evolve
from domain.hand_end import end_hand, went_out_if_empty
from domain.layoffs import lay_off, swap_joker
from domain.melds import Meld, form_meld, meld_points
from domain.state import GameState


def _hand_without(state: GameState, seat: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    remaining = remove_cards(state.hands[seat], cards)
    if remaining is None:
        raise IllegalCommand(
            "you do not hold those cards", code="card_not_in_hand", cards=list(cards)
        )
    return remaining


def _hand_without_card(state: GameState, seat: int, card: Card) -> tuple[Card, ...]:
    try:
        return remove_card(state.hands[seat], card)
    except ValueError:
        raise IllegalCommand(
            "you do not hold those cards", code="card_not_in_hand", cards=[card]
        ) from None


def _check_opened(state: GameState, seat: int) -> None:
    ruleset = state.ruleset
    if ruleset.needs_opening and not state.opened[seat]:
        code = "initial_meld_required" if ruleset.initial_meld_min else "own_meld_required"
        raise IllegalCommand("lay down your own meld first", code=code)


def decide_lay_melds(state: GameState, seat: int, command: LayMelds) -> list[AnyEvent]:
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
    melds = [
        Meld(
            id=state.next_meld_id + offset,
            kind=shape.kind,
            owner=seat,
            cards=shape.cards,
            start=shape.start,
        )
        for offset, shape in enumerate(shapes)
    ]
    table = (*state.table, *melds)
    check_leaves_discard(state, hand, jokers_after_melds(state, command.melds), table)
    events: list[AnyEvent] = [MeldLaid(seat=seat, meld=meld) for meld in melds]
    return events + went_out_if_empty(state, seat, hand, events)


def _find_meld(state: GameState, meld_id: int) -> Meld:
    for meld in state.table:
        if meld.id == meld_id:
            return meld
    raise IllegalCommand(f"no meld {meld_id} on the table", code="unknown_meld", meld_id=meld_id)


def decide_lay_off(state: GameState, seat: int, command: LayOff) -> list[AnyEvent]:
    if not state.ruleset.lay_off:
        raise IllegalCommand("laying off is not allowed", code="lay_off_not_allowed")
    _check_opened(state, seat)
    hand = _hand_without_card(state, seat, command.card)
    end, meld = lay_off(
        _find_meld(state, command.meld_id), command.card, state.ruleset, command.end
    )
    jokers_to_play = max(0, state.jokers_to_play - (command.card == JOKER))
    table = tuple(meld if m.id == meld.id else m for m in state.table)
    check_leaves_discard(state, hand, jokers_to_play, table)
    events: list[AnyEvent] = [CardLaidOff(seat=seat, card=command.card, end=end, meld=meld)]
    return events + went_out_if_empty(state, seat, hand, events)


def decide_swap_joker(state: GameState, seat: int, command: SwapJoker) -> list[AnyEvent]:
    ruleset = state.ruleset
    _check_opened(state, seat)
    hand = _hand_without_card(state, seat, command.card) + (JOKER,)
    meld = swap_joker(_find_meld(state, command.meld_id), command.card, ruleset)
    table = tuple(meld if m.id == meld.id else m for m in state.table)
    check_leaves_discard(state, hand, state.jokers_to_play + ruleset.strict_jokers, table)
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


def decide_discard(state: GameState, seat: int, command: Discard) -> list[AnyEvent]:
    ruleset = state.ruleset
    hand = _hand_without_card(state, seat, command.card)
    if state.jokers_to_play and owed_jokers_block_discard(state, seat):
        raise IllegalCommand("play the swapped joker first", code="joker_must_be_played")
    if (
        command.card == JOKER
        and ruleset.strict_jokers
        and any(card != JOKER for card in discardable(state, state.hands[seat]))
    ):
        raise IllegalCommand("jokers may not be discarded", code="joker_discard_forbidden")
    if state.taken_from_pile and not may_discard(state, state.hands[seat], command.card):
        raise IllegalCommand(
            f"{command.card} was taken from the pile this turn",
            code="same_discard",
            card=command.card,
        )
    events: list[AnyEvent] = [CardDiscarded(seat=seat, card=command.card)]
    if not hand:
        return events + went_out_if_empty(state, seat, hand, events)
    exhausted = (
        not state.stock
        and ruleset.stock_out == "reuse"
        and ruleset.final_exhaustion == "after_discard"
        and state.reuses >= ruleset.reuse_limit
        # The player who took the last card: a knocker, or else the seat that drew it.
        and state.last_card_knocker in (None, seat)
    )
    if exhausted:
        after = evolve(state, events[0])
        events += end_hand(after, winner=None, rummy=False)
    return events
