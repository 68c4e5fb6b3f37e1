"""Hand evaluation: the best split of a hand into melds and deadwood, and
how promising the loose cards are."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from domain.cards import JOKER, RANK_OF, Card
from domain.legal import melds_in
from domain.melds import form_meld, lay_off_options, meld_points
from domain.rules import RuleSet
from domain.scoring import value_table

# A hand past this many candidate melds is split greedily (bounds the time).
MAX_SEARCH_NODES = 4000


class Arrangement(tuple):  # type: ignore[type-arg]
    """(deadwood value, melds, loose cards) of the best split found."""

    __slots__ = ()

    @property
    def deadwood(self) -> int:
        return int(self[0])

    @property
    def melds(self) -> tuple[tuple[Card, ...], ...]:
        return self[1]  # type: ignore[no-any-return]

    @property
    def loose(self) -> tuple[Card, ...]:
        return self[2]  # type: ignore[no-any-return]


def card_value(card: Card, ruleset: RuleSet) -> int:
    return value_table(ruleset)[card]


def hand_total(cards: Iterable[Card], ruleset: RuleSet) -> int:
    table = value_table(ruleset)
    return sum(table[c] for c in cards)


def arrange(hand: Sequence[Card], ruleset: RuleSet) -> Arrangement:
    """The split of `hand` into disjoint melds that leaves the least deadwood value."""
    return solver(hand, ruleset).solve(hand)


def deadwood(hand: Sequence[Card], ruleset: RuleSet) -> int:
    return arrange(hand, ruleset).deadwood


# RuleSet holds a dict (unhashable): caches key on the knobs melds depend on.
RulesKey = tuple[object, ...]
_RULESETS: dict[RulesKey, RuleSet] = {}


def _rules_key(ruleset: RuleSet) -> RulesKey:
    return (
        ruleset.ace,
        ruleset.max_run,
        ruleset.set_suits,
        ruleset.strict_groups,
        ruleset.strict_jokers,
        ruleset.decks,
        ruleset.card_values,
        ruleset.scoring,
    )


class Solver:
    """Best splits of one hand and of any part of it, sharing one memo.

    The candidate melds are those of the whole hand, so a part's split may
    use a joker for a card only the whole hand lacked: close enough for play.
    """

    def __init__(self, hand: tuple[Card, ...], ruleset: RuleSet) -> None:
        self.values = value_table(ruleset)
        self.melds = [m for m in melds_in(hand, ruleset) if len(m) <= 5]
        self.needs = [Counter(m) for m in self.melds]
        self.by_card: dict[Card, list[int]] = {}
        for index, meld in enumerate(self.melds):
            for card in set(meld):
                if card != JOKER:
                    self.by_card.setdefault(card, []).append(index)
        self.memo: dict[tuple[Card, ...], tuple[int, tuple[int, ...]]] = {}
        self.budget = MAX_SEARCH_NODES

    def solve(self, part: Sequence[Card]) -> Arrangement:
        rest = tuple(sorted(part))
        self.budget = MAX_SEARCH_NODES
        value, chosen = self._best(rest)
        used: Counter[Card] = Counter()
        for index in chosen:
            used += self.needs[index]
        loose = tuple(sorted((Counter(rest) - used).elements()))
        return Arrangement((value, tuple(self.melds[i] for i in chosen), loose))

    def _best(self, rest: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
        found = self.memo.get(rest)
        if found is not None:
            return found
        values = self.values
        naturals = [c for c in rest if c != JOKER]
        if not naturals:
            result: tuple[int, tuple[int, ...]] = (values[JOKER] * len(rest), ())
            self.memo[rest] = result
            return result
        self.budget -= 1
        # Branch on the most valuable natural card: it is deadwood or in one meld.
        card = max(naturals, key=lambda c: (values[c], c))
        without = list(rest)
        without.remove(card)
        loose_value, loose_melds = self._best(tuple(without))
        result = (loose_value + values[card], loose_melds)
        if self.budget > 0:
            held = Counter(rest)
            for index in self.by_card.get(card, ()):
                need = self.needs[index]
                if any(held[c] < n for c, n in need.items()):
                    continue
                value, chosen = self._best(tuple(sorted((held - need).elements())))
                if value < result[0]:
                    result = (value, (index, *chosen))
                    if value == 0:
                        break
        self.memo[rest] = result
        return result


@lru_cache(maxsize=4096)
def _solver(hand: tuple[Card, ...], key: RulesKey) -> Solver:
    return Solver(hand, _RULESETS[key])


def solver(hand: Sequence[Card], ruleset: RuleSet) -> Solver:
    """The (cached) solver of `hand`: ask it for the hand and its parts."""
    key = _rules_key(ruleset)
    _RULESETS.setdefault(key, ruleset)
    return _solver(tuple(sorted(hand)), key)


def opening_points(melds: Iterable[tuple[Card, ...]], ruleset: RuleSet) -> int:
    """Points the melds count toward `initial_meld_min`."""
    return sum(meld_points(form_meld(m, ruleset)) for m in melds)


def fits_table(card: Card, table: Sequence[object], ruleset: RuleSet) -> bool:
    """Whether `card` could be laid off on some meld on the table."""
    return ruleset.lay_off and any(
        lay_off_options(meld, card, ruleset)  # type: ignore[arg-type]
        for meld in table
    )


def neighbours(card: Card, ruleset: RuleSet) -> list[Card]:
    """Cards that would make a meld start with `card`: same rank, or near in its suit."""
    if card == JOKER:
        return []
    rank_letter, suit_letter = card[0], card[1]
    same_rank = [rank_letter + s for s in "CDHS" if s != suit_letter]
    number = RANK_OF[rank_letter]
    near = []
    for step in (-2, -1, 1, 2):
        position = number + step
        if ruleset.ace != "low" and position in (0, 14, 15) or ruleset.ace == "cyclic":
            position = (position - 1) % 13 + 1
        if 1 <= position <= 13:
            near.append("A23456789TJQK"[position - 1] + suit_letter)
    return same_rank + near


def potential(card: Card, hand: Sequence[Card], ruleset: RuleSet, live: Counter[Card]) -> float:
    """How likely `card` is to join a meld soon: partners held times live outs."""
    if card == JOKER:
        return 100.0
    partners = neighbours(card, ruleset)
    held = sum(1 for c in partners if c in hand)
    outs = sum(live[c] for c in partners)
    return held * 2.0 + outs * 0.25 + held * outs * 0.5
