"""The least-deadwood split of a hand (`arrange`), and the cached solvers that split its parts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from domain.bots.meld_candidates import (
    Candidate,
    index_candidate,
    meld_facts,
    part_holds,
    part_without,
)
from domain.cards import JOKER, Card
from domain.legal import meld_knobs, melds_in
from domain.melds import form_meld, meld_points
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


def arrange(hand: Sequence[Card], ruleset: RuleSet) -> Arrangement:
    """The split of `hand` into disjoint melds that leaves the least deadwood value."""
    return solver(hand, ruleset).solve(hand)


# RuleSet holds a dict (unhashable): caches key on the knobs melds depend on.
RulesKey = tuple[object, ...]
_RULESETS: dict[RulesKey, RuleSet] = {}


def _rules_key(ruleset: RuleSet) -> RulesKey:
    return (*meld_knobs(ruleset), ruleset.card_values, ruleset.scoring)


class Solver:
    """Best splits of one hand and of any part of it, sharing one memo.

    The candidate melds are those of the whole hand, so a part's split may
    use a joker for a card only the whole hand lacked: close enough for play.
    """

    def __init__(
        self, hand: tuple[Card, ...], ruleset: RuleSet, values: dict[Card, int] | None = None
    ) -> None:
        self.values = value_table(ruleset) if values is None else values
        self.melds = [m for m in melds_in(hand, ruleset) if len(m) <= 5]
        self.needs = [meld_facts(m)[0] for m in self.melds]
        self.by_card: dict[Card, list[Candidate]] = {}
        self.with_joker: list[Candidate] = []
        for index, meld in enumerate(self.melds):
            index_candidate(meld, index, self.by_card, self.with_joker)
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
            held = set(rest)
            jokers = rest.count(JOKER)
            for candidate in self.by_card.get(card, ()):
                if not part_holds(rest, candidate, held, jokers):
                    continue
                value, chosen = self._best(part_without(rest, candidate[4]))
                if value < result[0]:
                    result = (value, (candidate[0], *chosen))
                    if value == 0:
                        break
        self.memo[rest] = result
        return result


# A solver's memo grows with every part of its hand asked about: 4,096 of them
# made up most of what a full garbage collection walks (40 ms pauses in the
# ladder's level-3 decisions). 512 hit about as often: a game asks about the
# hands of its last few turns.
@lru_cache(maxsize=512)
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
