"""Melds: forming sets and runs, laying off, and swapping jokers.

Terms:
- meld: three or more cards laid face up on the table, a set or a run.
- set (group): cards of one rank, each suit at most once (knob `set_suits`).
  Under `strict_groups` the suits follow the order C S H D without gaps.
- run (sequence): cards of one suit in rank order, at most `max_run` long;
  where the ace may stand follows the `ace` knob.
- joker: stands for one card of the meld, and always shows it (`as`). A meld
  never holds more jokers than natural cards.
- lay off: add one card from the hand to either end of a run, or to a set,
  without rearranging anything already on the table.
- joker swap: put the natural card a joker stands for into the meld and take
  the joker into the hand.
- deadwood: the cards left in a hand that fit no meld; they score against you.

Positions: a run's cards sit at positions; the ace is position 1 when low and
14 when high; with `ace: cyclic` positions wrap modulo 13. A strict group's
cards sit at suit positions 0..3 (C S H D).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Literal

import msgspec

from domain.cards import JOKER, RANK_OF, RANKS, Card
from domain.errors import IllegalCommand
from domain.rules import RuleSet

SUIT_ORDER = "CSHD"
_SUIT_INDEX = {s: i for i, s in enumerate(SUIT_ORDER)}

MeldKind = Literal["set", "run"]


class Placed(msgspec.Struct, frozen=True):
    """A card on the table and the card it counts as (itself, unless a joker)."""

    card: Card
    as_: Card = msgspec.field(name="as")


class Meld(msgspec.Struct, frozen=True):
    """A meld on the table. `start` is the first card's position (see module doc)."""

    id: int
    kind: MeldKind
    owner: int
    cards: tuple[Placed, ...]
    start: int = 0

    @property
    def jokers(self) -> int:
        return sum(1 for p in self.cards if p.card == JOKER)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.jokers


class Shape(msgspec.Struct, frozen=True):
    """A meld as formed from cards, before it gets an id on the table."""

    kind: MeldKind
    cards: tuple[Placed, ...]
    start: int = 0


def _invalid(reason: str, cards: Sequence[Card]) -> IllegalCommand:
    return IllegalCommand(f"not a valid meld: {reason}", code="invalid_meld", cards=list(cards))


# ---------------------------------------------------------------- positions


def position_card(position: int, suit_letter: str, ruleset: RuleSet) -> Card:
    if ruleset.ace == "cyclic":
        position = (position - 1) % 13 + 1
    return RANKS[(position - 1) % 13] + suit_letter


def fits_position(card: Card, position: int, ruleset: RuleSet) -> bool:
    rank_number = RANK_OF[card[0]]
    if ruleset.ace == "cyclic":
        return (position - 1) % 13 + 1 == rank_number
    if ruleset.ace == "high_or_low" and rank_number == 1:
        return position in (1, 14)
    return position == rank_number


def run_in_bounds(start: int, length: int, ruleset: RuleSet) -> bool:
    if length > ruleset.max_run:
        return False
    if ruleset.ace == "cyclic":
        return length <= 13
    top = 14 if ruleset.ace == "high_or_low" else 13
    return start >= 1 and start + length - 1 <= top


def adjacent_jokers(cards: Sequence[Card]) -> bool:
    return any(a == JOKER and b == JOKER for a, b in zip(cards, cards[1:], strict=False))


def _check_joker_count(cards: Sequence[Card], ruleset: RuleSet) -> None:
    jokers = sum(1 for c in cards if c == JOKER)
    if jokers * 2 > len(cards):
        raise _invalid("more jokers than natural cards", cards)


# --------------------------------------------------------------- forming


def form_meld(cards: Sequence[Card], ruleset: RuleSet) -> Shape:
    """The meld these cards make, or IllegalCommand(invalid_meld).

    A run is read in the order given (jokers stand where they are listed);
    a run of natural cards only may come in any order. A set without
    `strict_groups` may come in any order; its jokers stand for the missing
    suits in C S H D order.
    """
    if len(cards) < 3:
        raise _invalid("a meld needs at least three cards", cards)
    _check_joker_count(cards, ruleset)
    naturals = [c for c in cards if c != JOKER]
    # Two naturals of one rank never share a run, so the ranks decide the kind.
    if len({c[0] for c in naturals}) == 1:
        return _form_set(cards, ruleset)
    return _form_run(cards, ruleset)


def _form_set(cards: Sequence[Card], ruleset: RuleSet) -> Shape:
    naturals = [c for c in cards if c != JOKER]
    rank_letter = naturals[0][0]
    suits = [c[1] for c in naturals]
    limit = 4 if ruleset.set_suits else 4 * ruleset.decks
    if len(cards) > limit:
        raise _invalid(f"a set holds at most {limit} cards", cards)
    if ruleset.set_suits and len(set(suits)) != len(suits):
        raise _invalid("a set holds each suit at most once", cards)
    # A set lies on the table in the order given, so its jokers can sit side by side too.
    if ruleset.strict_jokers and adjacent_jokers(cards):
        raise _invalid("two jokers side by side (strict_jokers)", cards)
    if ruleset.strict_groups:
        return _form_strict_group(cards, rank_letter, ruleset)
    missing = [s for s in SUIT_ORDER if s not in suits] if ruleset.set_suits else list(SUIT_ORDER)
    placed: list[Placed] = []
    fill = iter(missing * 3)
    for card in cards:
        placed.append(Placed(card, rank_letter + next(fill) if card == JOKER else card))
    return Shape("set", tuple(placed))


def _form_strict_group(cards: Sequence[Card], rank_letter: str, ruleset: RuleSet) -> Shape:
    first = next(i for i, c in enumerate(cards) if c != JOKER)
    start = _SUIT_INDEX[cards[first][1]] - first
    if start < 0:
        raise _invalid("strict_groups: suits run C S H D, no joker before clubs", cards)
    if start + len(cards) > 4:
        raise _invalid("strict_groups: suits run C S H D, no joker after diamonds", cards)
    placed = []
    for offset, card in enumerate(cards):
        suit_letter = SUIT_ORDER[start + offset]
        if card != JOKER and card[1] != suit_letter:
            raise _invalid("strict_groups: suits must follow C S H D without gaps", cards)
        placed.append(Placed(card, rank_letter + suit_letter))
    return Shape("set", tuple(placed), start)


def _form_run(cards: Sequence[Card], ruleset: RuleSet) -> Shape:
    naturals = [c for c in cards if c != JOKER]
    suits = {c[1] for c in naturals}
    if len(suits) != 1:
        raise _invalid("a run is of one suit, a set of one rank", cards)
    if ruleset.strict_jokers and adjacent_jokers(cards):
        raise _invalid("two jokers side by side (strict_jokers)", cards)
    shape = _run_in_order(cards, ruleset)
    if shape is None and len(naturals) == len(cards):
        for ordered in _natural_orders(cards):
            shape = _run_in_order(ordered, ruleset)
            if shape is not None:
                break
    if shape is None:
        raise _invalid("the cards are not consecutive in this order under this ace rule", cards)
    return shape


def _natural_orders(cards: Sequence[Card]) -> Iterator[list[Card]]:
    ordered = sorted(cards, key=lambda c: RANK_OF[c[0]])
    yield ordered
    aces = [c for c in ordered if c[0] == "A"]
    if aces:
        yield [c for c in ordered if c[0] != "A"] + aces
    for cut in range(1, len(ordered)):
        yield ordered[cut:] + ordered[:cut]


def _run_in_order(cards: Sequence[Card], ruleset: RuleSet) -> Shape | None:
    first = next(i for i, c in enumerate(cards) if c != JOKER)
    first_rank = RANK_OF[cards[first][0]]
    candidates = [first_rank - first]
    if first_rank == 1 and ruleset.ace == "high_or_low":
        candidates.append(14 - first)
    if ruleset.ace == "cyclic":
        candidates = [(first_rank - first - 1) % 13 + 1]
    suit_letter = cards[first][1]
    for start in candidates:
        if not run_in_bounds(start, len(cards), ruleset):
            continue
        if all(c == JOKER or fits_position(c, start + i, ruleset) for i, c in enumerate(cards)):
            placed = tuple(
                Placed(c, position_card(start + i, suit_letter, ruleset))
                for i, c in enumerate(cards)
            )
            return Shape("run", placed, start)
    return None


# --------------------------------------------------------------- values


def meld_points(shape: Shape | Meld) -> int:
    """Points toward the initial meld: face value, J Q K 10, a joker as its card,
    the ace 1 in A-2-3 and 11 in Q-K-A or in a set."""
    total = 0
    cards = shape.cards
    for index, placed in enumerate(cards):
        rank_number = RANK_OF[placed.as_[0]]
        if rank_number == 1:
            low_ace = shape.kind == "run" and (
                index + 1 < len(cards) and cards[index + 1].as_[0] == "2"
            )
            total += 1 if low_ace else 11
        else:
            total += min(rank_number, 10)
    return total
