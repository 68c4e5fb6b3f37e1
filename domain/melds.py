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
from itertools import combinations
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


def _position_card(position: int, suit_letter: str, ruleset: RuleSet) -> Card:
    if ruleset.ace == "cyclic":
        position = (position - 1) % 13 + 1
    return RANKS[(position - 1) % 13] + suit_letter


def _fits_position(card: Card, position: int, ruleset: RuleSet) -> bool:
    rank_number = RANK_OF[card[0]]
    if ruleset.ace == "cyclic":
        return (position - 1) % 13 + 1 == rank_number
    if ruleset.ace == "high_or_low" and rank_number == 1:
        return position in (1, 14)
    return position == rank_number


def _run_in_bounds(start: int, length: int, ruleset: RuleSet) -> bool:
    if length > ruleset.max_run:
        return False
    if ruleset.ace == "cyclic":
        return length <= 13
    top = 14 if ruleset.ace == "high_or_low" else 13
    return start >= 1 and start + length - 1 <= top


def _adjacent_jokers(cards: Sequence[Card]) -> bool:
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
    if ruleset.strict_groups:
        return _form_strict_group(cards, rank_letter, ruleset)
    missing = [s for s in SUIT_ORDER if s not in suits] if ruleset.set_suits else list(SUIT_ORDER)
    placed: list[Placed] = []
    fill = iter(missing * 3)
    for card in cards:
        placed.append(Placed(card, rank_letter + next(fill) if card == JOKER else card))
    return Shape("set", tuple(placed))


def _form_strict_group(cards: Sequence[Card], rank_letter: str, ruleset: RuleSet) -> Shape:
    if ruleset.strict_jokers and _adjacent_jokers(cards):
        raise _invalid("two jokers side by side (strict_jokers)", cards)
    first = next(i for i, c in enumerate(cards) if c != JOKER)
    start = _SUIT_INDEX[cards[first][1]] - first
    if start < 0 or start + len(cards) > 4:
        raise _invalid(
            "strict_groups: suits run C S H D without gaps, no joker before clubs", cards
        )
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
    if ruleset.strict_jokers and _adjacent_jokers(cards):
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
        if not _run_in_bounds(start, len(cards), ruleset):
            continue
        if all(c == JOKER or _fits_position(c, start + i, ruleset) for i, c in enumerate(cards)):
            placed = tuple(
                Placed(c, _position_card(start + i, suit_letter, ruleset))
                for i, c in enumerate(cards)
            )
            return Shape("run", placed, start)
    return None


# --------------------------------------------------------------- lay off

End = Literal["low", "high"]


def lay_off(meld: Meld, card: Card, ruleset: RuleSet, end: End | None = None) -> tuple[End, Meld]:
    """(the end used, the meld with `card` added), or IllegalCommand(invalid_lay_off)."""
    options = lay_off_options(meld, card, ruleset)
    if end is not None:
        options = [(e, m) for e, m in options if e == end]
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
        if not _run_in_bounds(start, length, ruleset):
            continue
        if card != JOKER and not _fits_position(card, position, ruleset):
            continue
        placed = Placed(card, _position_card(position, suit_letter, ruleset))
        neighbour = meld.cards[0] if end == "low" else meld.cards[-1]
        if card == JOKER and ruleset.strict_jokers and neighbour.card == JOKER:
            continue
        cards = (placed, *meld.cards) if end == "low" else (*meld.cards, placed)
        options.append((end, msgspec.structs.replace(meld, cards=cards, start=start)))  # type: ignore[arg-type]
    # A cyclic run one short of 13 has both ends on the same card: one option.
    if len(options) == 2 and options[0][1].cards[0].as_ == options[1][1].cards[-1].as_:
        options = options[1:]
    return options


def _set_lay_offs(meld: Meld, card: Card, ruleset: RuleSet) -> list[tuple[End, Meld]]:
    limit = 4 if ruleset.set_suits else 4 * ruleset.decks
    if len(meld.cards) >= limit:
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


# --------------------------------------------------------------- joker swap


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
        index = next(i for i, p in enumerate(meld.cards) if p.as_ == card or p.card == JOKER)
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


# --------------------------------------------------------------- enumeration


def possible_melds(hand: Sequence[Card], ruleset: RuleSet) -> list[tuple[Card, ...]]:
    """Every meld the hand can form, each listed once, in table order.

    Bound: a joker only stands for a card the hand lacks (never in place of a
    natural the hand holds), and identical copies of a card (two decks) count
    as one choice.
    """
    jokers = sum(1 for c in hand if c == JOKER)
    naturals = sorted(set(c for c in hand if c != JOKER))
    if not jokers and not _may_hold_natural_meld(naturals, ruleset):
        return []
    melds: list[tuple[Card, ...]] = []
    melds.extend(_possible_sets(naturals, hand, jokers, ruleset))
    melds.extend(_possible_runs(naturals, jokers, ruleset))
    return melds


def _may_hold_natural_meld(naturals: Sequence[Card], ruleset: RuleSet) -> bool:
    """A quick bitmask test for three of a rank or three in a row, since most
    hands hold no meld at all most of the time."""
    if ruleset.ace == "cyclic" or not ruleset.set_suits:
        return True
    suit_masks: dict[str, int] = {}
    rank_counts: dict[str, int] = {}
    for card in naturals:
        suit_masks[card[1]] = suit_masks.get(card[1], 0) | 1 << RANK_OF[card[0]]
        rank_counts[card[0]] = rank_counts.get(card[0], 0) + 1
    if rank_counts and max(rank_counts.values()) >= 3:
        return True
    for mask in suit_masks.values():
        if ruleset.ace == "high_or_low" and mask & 2:
            mask |= 1 << 14
        if mask & mask >> 1 & mask >> 2:
            return True
    return False


def _possible_sets(
    naturals: Sequence[Card], hand: Sequence[Card], jokers: int, ruleset: RuleSet
) -> Iterator[tuple[Card, ...]]:
    by_rank: dict[str, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card[0], []).append(card)
    limit = 4 if ruleset.set_suits else 4 * ruleset.decks
    for rank_letter, cards in by_rank.items():
        if len(cards) + jokers < 3 and ruleset.set_suits:
            continue
        if ruleset.strict_groups:
            yield from _possible_strict_groups(rank_letter, cards, jokers, ruleset)
            continue
        pool = cards if ruleset.set_suits else sorted(c for c in hand if c[0] == rank_letter)
        for size in range(3, limit + 1):
            for used_jokers in range(0, min(jokers, size // 2) + 1):
                chosen = size - used_jokers
                if chosen > len(pool) or chosen < 1:
                    continue
                for combo in sorted(set(combinations(pool, chosen))):
                    yield (*combo, *([JOKER] * used_jokers))


def _possible_strict_groups(
    rank_letter: str, cards: Sequence[Card], jokers: int, ruleset: RuleSet
) -> Iterator[tuple[Card, ...]]:
    held = {c[1] for c in cards}
    for start in range(4):
        for end in range(start + 3, 5):
            window = SUIT_ORDER[start:end]
            meld = tuple(rank_letter + s if s in held else JOKER for s in window)
            used = meld.count(JOKER)
            if used > jokers or used * 2 > len(meld) or meld[0] == JOKER and used == len(meld):
                continue
            if ruleset.strict_jokers and _adjacent_jokers(meld):
                continue
            yield meld


def _possible_runs(
    naturals: Sequence[Card], jokers: int, ruleset: RuleSet
) -> Iterator[tuple[Card, ...]]:
    if jokers == 0 and ruleset.ace != "cyclic":
        yield from _natural_runs(naturals, ruleset)
        return
    by_suit: dict[str, set[int]] = {}
    for card in naturals:
        by_suit.setdefault(card[1], set()).add(RANK_OF[card[0]])
    cyclic = ruleset.ace == "cyclic"
    top = 14 if ruleset.ace == "high_or_low" else 13
    for suit_letter, ranks in by_suit.items():
        if len(ranks) + jokers < 3 or len(ranks) < 2 and jokers < 2:
            continue
        held = set(ranks)
        if ruleset.ace == "high_or_low" and 1 in held:
            held.add(14)
        starts = range(1, 14) if cyclic else range(1, top - 1)
        for start in starts:
            max_length = min(ruleset.max_run, 13 if cyclic else top - start + 1)
            missing = 0
            cards: list[Card] = []
            for length in range(1, max_length + 1):
                position = start + length - 1
                rank_number = (position - 1) % 13 + 1 if cyclic else position
                if rank_number in held:
                    cards.append(RANKS[(rank_number - 1) % 13] + suit_letter)
                else:
                    missing += 1
                    if missing > jokers:
                        break
                    cards.append(JOKER)
                if length < 3 or missing * 2 > length:
                    continue
                if ruleset.strict_jokers and _adjacent_jokers(cards):
                    continue
                yield tuple(cards)


def _natural_runs(naturals: Sequence[Card], ruleset: RuleSet) -> Iterator[tuple[Card, ...]]:
    """Runs without jokers: every window of three or more of each stretch of
    consecutive ranks (the common case, and much cheaper than the general one)."""
    by_suit: dict[str, list[int]] = {}
    for card in naturals:
        by_suit.setdefault(card[1], []).append(RANK_OF[card[0]])
    for suit_letter, ranks in by_suit.items():
        if len(ranks) < 3:
            continue
        positions = sorted(
            set(ranks) | ({14} if ruleset.ace == "high_or_low" and 1 in ranks else set())
        )
        stretch: list[int] = []
        for position in [*positions, 99]:
            if stretch and position == stretch[-1] + 1:
                stretch.append(position)
                continue
            for first in range(len(stretch) - 2):
                for last in range(first + 2, min(len(stretch), first + ruleset.max_run)):
                    yield tuple(
                        RANKS[(p - 1) % 13] + suit_letter for p in stretch[first : last + 1]
                    )
            stretch = [position]


def accepting_cards(meld: Meld, ruleset: RuleSet) -> tuple[Card, ...]:
    """The cards that might be laid off on `meld` (a superset; lay_off_options decides)."""
    if meld.kind == "run":
        suit_letter = meld.cards[0].as_[1]
        low = _position_card(meld.start - 1, suit_letter, ruleset)
        high = _position_card(meld.start + len(meld.cards), suit_letter, ruleset)
        return (low, high, JOKER)
    rank_letter = meld.cards[0].as_[0]
    return (*(rank_letter + s for s in SUIT_ORDER), JOKER)
