"""Finding every meld a hand can form, for legal_commands and the bots."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from domain.cards import JOKER, RANK_OF, RANKS, Card
from domain.melds import SUIT_ORDER, adjacent_jokers
from domain.rules import RuleSet


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


def may_hold_meld(cards: Sequence[Card], ruleset: RuleSet) -> bool:
    """A quick bitmask test for three of a rank or three in a row (False means
    no meld for sure), since most hands hold no meld most of the time."""
    if ruleset.ace == "cyclic" or not ruleset.set_suits or JOKER in cards:
        return True
    suit_masks: dict[str, int] = {}
    rank_counts: dict[str, int] = {}
    for card in cards:
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
                if ruleset.strict_jokers and adjacent_jokers(cards):
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
