"""Finding every meld a hand can form, for legal_commands and the bots."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Final

from domain.cards import JOKER, RANK_OF, RANKS, STANDARD_CARDS, SUITS, Card
from domain.melds import SUIT_ORDER, adjacent_jokers
from domain.rules import Ace, RuleSet


def possible_melds(hand: Sequence[Card], ruleset: RuleSet) -> list[tuple[Card, ...]]:
    """Every meld the hand can form, each listed once, in table order.

    Bound: a joker only stands for a card the hand lacks (never in place of a
    natural the hand holds), and identical copies of a card (two decks) count
    as one choice.
    """
    jokers = sum(1 for c in hand if c == JOKER)
    naturals = sorted(set(c for c in hand if c != JOKER))
    if not jokers and not may_hold_meld(naturals, ruleset):
        return []
    melds: list[tuple[Card, ...]] = []
    melds.extend(_possible_sets(naturals, hand, jokers, ruleset))
    melds.extend(_possible_runs(naturals, jokers, ruleset))
    return melds


# may_hold_meld's bit tables, small enough (under 63 bits) for sum()'s fast
# path. Each rank counts in its own four bits (a rank is held at most 12
# times). Each suit owns 15 bits with rank r at bit r - 1 and the ace played
# high at bit 13; bit 14 stays clear, so three bits in a row never straddle
# two suits.
_RANK_NIBBLE: Final = {card: 1 << 4 * (RANK_OF[card[0]] - 1) for card in STANDARD_CARDS}
_NIBBLE_LOW_BITS: Final = sum(1 << 4 * r for r in range(13))
_RUN_BIT: Final = {
    card: 1 << 15 * SUITS.index(card[1]) + RANK_OF[card[0]] - 1 for card in STANDARD_CARDS
}
_LOW_ACES: Final = sum(1 << 15 * s for s in range(4))


def may_hold_meld(cards: Sequence[Card], ruleset: RuleSet) -> bool:
    """A quick bitmask test for three of a rank or three in a row (False means
    no meld for sure), since most hands hold no meld most of the time."""
    if ruleset.ace == "cyclic" or not ruleset.set_suits or JOKER in cards:
        return True
    if len(cards) < 3:
        return False
    # itemgetter looks up every card in one call (it needs two or more).
    counts = sum(itemgetter(*cards)(_RANK_NIBBLE))
    # A count of three or more has bit 3, bit 2, or bits 1 and 0 set.
    if (counts & counts >> 1 | counts >> 2 | counts >> 3) & _NIBBLE_LOW_BITS:
        return True
    # Copies of a card (two or more packs) would carry into the next bit. Two
    # distinct cards remain: three cards with no three of a rank are not all one.
    naturals = set(cards) if ruleset.decks > 1 else cards
    runs = sum(itemgetter(*naturals)(_RUN_BIT))
    if ruleset.ace == "high_or_low":
        runs |= (runs & _LOW_ACES) << 13
    return bool(runs & runs >> 1 & runs >> 2)


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
        # Repeated suits: every copy the hand holds, but never a joker, whose code
        # starts with the jack's letter.
        pool = (
            cards
            if ruleset.set_suits
            else sorted(c for c in hand if c != JOKER and c[0] == rank_letter)
        )
        for size in range(3, limit + 1):
            for used_jokers in range(0, min(jokers, size // 2) + 1):
                chosen = size - used_jokers
                if chosen > len(pool) or chosen < 1:
                    continue
                for combo in sorted(set(combinations(pool, chosen))):
                    yield _set_with_jokers(combo, used_jokers, ruleset)


def _set_with_jokers(combo: Sequence[Card], jokers: int, ruleset: RuleSet) -> tuple[Card, ...]:
    if jokers < 2 or not ruleset.strict_jokers:
        return (*combo, *([JOKER] * jokers))
    # strict_jokers: no two jokers side by side, so each follows a natural card.
    cards: list[Card] = []
    for index, card in enumerate(combo):
        cards.append(card)
        if index < jokers:
            cards.append(JOKER)
    return tuple(cards)


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
            if ruleset.strict_jokers and adjacent_jokers(meld):
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
    for suit_letter, ranks in by_suit.items():
        yield from _suit_runs(
            suit_letter,
            frozenset(ranks),
            jokers,
            ruleset.ace,
            ruleset.max_run,
            ruleset.strict_jokers,
        )


# A suit's runs depend on its own ranks alone, and a hand changes by a card a
# turn: the other suits' runs are found again as they were. The bots ask for
# the melds of every hand one draw away, where this search was the costliest
# part (level 3 in palace: about a fifth of its time near the way out).
@lru_cache(maxsize=4096)
def _suit_runs(
    suit_letter: str, ranks: frozenset[int], jokers: int, ace: Ace, max_run: int, strict: bool
) -> tuple[tuple[Card, ...], ...]:
    if len(ranks) + jokers < 3 or len(ranks) < 2 and jokers < 2:
        return ()
    cyclic = ace == "cyclic"
    top = 14 if ace == "high_or_low" else 13
    held = set(ranks)
    if ace == "high_or_low" and 1 in held:
        held.add(14)
    runs: list[tuple[Card, ...]] = []
    starts = range(1, 14) if cyclic else range(1, top - 1)
    for start in starts:
        max_length = min(max_run, 13 if cyclic else top - start + 1)
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
            if strict and adjacent_jokers(cards):
                continue
            runs.append(tuple(cards))
    return tuple(runs)


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
