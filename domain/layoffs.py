"""Changing melds on the table: laying off at either end, and swapping jokers."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.cards import JOKER, Card
from domain.errors import IllegalCommand
from domain.melds import (
    SUIT_ORDER,
    Meld,
    Placed,
    fits_position,
    position_card,
    run_in_bounds,
)
from domain.rules import RuleSet

End = Literal["low", "high"]


def lay_off(meld: Meld, card: Card, ruleset: RuleSet, end: End | None = None) -> tuple[End, Meld]:
    """(the end used, the meld with `card` added), or IllegalCommand(invalid_lay_off)."""
    if end is None:
        options = lay_off_options(meld, card, ruleset)
    else:
        # A named end is honoured even where both ends give the same cards.
        options = [(e, m) for e, m in _options(meld, card, ruleset) if e == end]
    if not options:
        raise IllegalCommand(
            f"{card} does not fit meld {meld.id}",
            code="invalid_lay_off",
            card=card,
            meld_id=meld.id,
        )
    # A joker that fits both ends of a run goes to the high end unless told.
    return options[-1]


def lay_off_options(meld: Meld, card: Card, ruleset: RuleSet) -> list[tuple[End, Meld]]:
    """Every way `card` can be added to `meld`, as (end, new meld), low end first."""
    options = _options(meld, card, ruleset)
    # A cyclic run one short of 13 closes the circle at either end with the
    # same card: one option. Under high_or_low the ends differ (A..K, 2..A).
    if (
        ruleset.ace == "cyclic"
        and len(options) == 2
        and options[0][1].cards[0].as_ == options[1][1].cards[-1].as_
    ):
        options = options[1:]
    return options


def _options(meld: Meld, card: Card, ruleset: RuleSet) -> list[tuple[End, Meld]]:
    if card == JOKER and (meld.jokers + 1) * 2 > len(meld.cards) + 1:
        return []
    if meld.kind == "run":
        return _run_lay_offs(meld, card, ruleset)
    if ruleset.strict_groups:
        return _strict_group_lay_offs(meld, card, ruleset)
    return _set_lay_offs(meld, card, ruleset)


def _run_lay_offs(meld: Meld, card: Card, ruleset: RuleSet) -> list[tuple[End, Meld]]:
    length = len(meld.cards) + 1
    suit_letter = meld.cards[0].as_[1]
    if card != JOKER and card[1] != suit_letter:
        return []
    options: list[tuple[End, Meld]] = []
    low, high = meld.start - 1, meld.start + len(meld.cards)
    for end, position, start in (("low", low, low), ("high", high, meld.start)):
        if not run_in_bounds(start, length, ruleset):
            continue
        if card != JOKER and not fits_position(card, position, ruleset):
            continue
        placed = Placed(card, position_card(position, suit_letter, ruleset))
        neighbour = meld.cards[0] if end == "low" else meld.cards[-1]
        if card == JOKER and ruleset.strict_jokers and neighbour.card == JOKER:
            continue
        cards = (placed, *meld.cards) if end == "low" else (*meld.cards, placed)
        options.append((end, msgspec.structs.replace(meld, cards=cards, start=start)))  # type: ignore[arg-type]
    return options


def _set_lay_offs(meld: Meld, card: Card, ruleset: RuleSet) -> list[tuple[End, Meld]]:
    limit = 4 if ruleset.set_suits else 4 * ruleset.decks
    if len(meld.cards) >= limit:
        return []
    # The card goes at the end, beside the last card laid.
    if card == JOKER and ruleset.strict_jokers and meld.cards[-1].card == JOKER:
        return []
    rank_letter = meld.cards[0].as_[0]
    natural_suits = [p.card[1] for p in meld.cards if p.card != JOKER]
    if card != JOKER:
        if card[0] != rank_letter or (ruleset.set_suits and card[1] in natural_suits):
            return []
        placed = Placed(card, card)
        cards = _reassign_set_jokers((*meld.cards, placed), rank_letter, ruleset)
    else:
        cards = _reassign_set_jokers((*meld.cards, Placed(JOKER, JOKER)), rank_letter, ruleset)
    return [("high", msgspec.structs.replace(meld, cards=cards))]


def _reassign_set_jokers(
    cards: tuple[Placed, ...], rank_letter: str, ruleset: RuleSet
) -> tuple[Placed, ...]:
    taken = {p.card[1] for p in cards if p.card != JOKER}
    missing = iter([s for s in SUIT_ORDER if s not in taken or not ruleset.set_suits] * 3)
    return tuple(
        Placed(JOKER, rank_letter + next(missing)) if p.card == JOKER else p for p in cards
    )


def _strict_group_lay_offs(meld: Meld, card: Card, ruleset: RuleSet) -> list[tuple[End, Meld]]:
    rank_letter = meld.cards[0].as_[0]
    options: list[tuple[End, Meld]] = []
    low, high = meld.start - 1, meld.start + len(meld.cards)
    for end, index in (("low", low), ("high", high)):
        if not 0 <= index <= 3:
            continue
        as_card = rank_letter + SUIT_ORDER[index]
        if card != JOKER and card != as_card:
            continue
        neighbour = meld.cards[0] if end == "low" else meld.cards[-1]
        if card == JOKER and ruleset.strict_jokers and neighbour.card == JOKER:
            continue
        placed = Placed(card, as_card)
        cards = (placed, *meld.cards) if end == "low" else (*meld.cards, placed)
        start = index if end == "low" else meld.start
        options.append((end, msgspec.structs.replace(meld, cards=cards, start=start)))  # type: ignore[arg-type]
    return options


def swap_joker(meld: Meld, card: Card, ruleset: RuleSet) -> Meld:
    """The meld with `card` in place of the joker that stands for it."""
    new = swapped_meld(meld, card, ruleset)
    if new is None:
        raise IllegalCommand(
            f"{card} cannot replace a joker in meld {meld.id}",
            code="invalid_joker_swap",
            card=card,
            meld_id=meld.id,
        )
    return new


def swapped_meld(meld: Meld, card: Card, ruleset: RuleSet) -> Meld | None:
    if card == JOKER or meld.jokers == 0:
        return None
    loose_set = meld.kind == "set" and not ruleset.strict_groups
    if ruleset.strict_jokers and meld.kind == "set" and len(meld.cards) < 4:
        return None
    if loose_set:
        rank_letter = meld.cards[0].as_[0]
        natural_suits = {p.card[1] for p in meld.cards if p.card != JOKER}
        if card[0] != rank_letter or (ruleset.set_suits and card[1] in natural_suits):
            return None
        # A joker goes: the one standing for the card, else any (the others are named
        # again below). Never a natural card standing for it: with two packs and
        # `set_suits` off the set may hold the card's twin, and the swap would then
        # hand out a joker the meld keeps.
        jokers = [i for i, p in enumerate(meld.cards) if p.card == JOKER]
        index = next((i for i in jokers if meld.cards[i].as_ == card), jokers[0])
        cards = list(meld.cards)
        cards[index] = Placed(card, card)
        return msgspec.structs.replace(
            meld, cards=_reassign_set_jokers(tuple(cards), rank_letter, ruleset)
        )
    for index, placed in enumerate(meld.cards):
        if placed.card == JOKER and placed.as_ == card:
            cards = list(meld.cards)
            cards[index] = Placed(card, card)
            return msgspec.structs.replace(meld, cards=tuple(cards))
    return None


def accepting_cards(meld: Meld, ruleset: RuleSet) -> tuple[Card, ...]:
    """The cards that might be laid off on `meld` (a superset; lay_off_options decides)."""
    if meld.kind == "run":
        suit_letter = meld.cards[0].as_[1]
        low = position_card(meld.start - 1, suit_letter, ruleset)
        high = position_card(meld.start + len(meld.cards), suit_letter, ruleset)
        return (low, high, JOKER)
    rank_letter = meld.cards[0].as_[0]
    return (*(rank_letter + s for s in SUIT_ORDER), JOKER)
