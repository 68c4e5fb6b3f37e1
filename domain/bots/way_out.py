"""The way-out search: splits of a hand that leave at most a few cards fitting nowhere."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from domain.bots.meld_candidates import (
    Candidate,
    index_candidate,
    meld_facts,
    part_holds,
    part_without,
)
from domain.bots.solver import Arrangement, solver
from domain.cards import JOKER, Card
from domain.rules import RuleSet

# A way-out search past this many steps gives up: no way out found.
MAX_WAY_OUT_NODES = 2000


class WayOut:
    """Splits of one hand, and of its parts, into melds that leave at most a
    given number of cards fitting nowhere: a loose card that fits a meld on
    the table (`fits`) is laid off, so it stays loose at no cost.

    Only the cards that fit nowhere are branched on (each joins one of its
    melds, or is one of the few left), so asking whether a hand is at most
    one card from going out takes a few dozen steps where the least-deadwood
    search (`Solver`) takes thousands.
    """

    def __init__(
        self,
        hand: Sequence[Card],
        ruleset: RuleSet,
        fits: dict[Card, bool],
        groups: Sequence[tuple[Card, ...]] = (),
    ) -> None:
        """`groups`: more sets of cards that leave the hand together, as a
        meld does (lay-off chains, `chains.lay_off_chains`)."""
        whole = solver(hand, ruleset)  # its candidate melds, usually cached
        self.melds = whole.melds
        self.needs = whole.needs
        self.by_card = whole.by_card
        self.with_joker = whole.with_joker
        if groups:  # copies: the solver's lists are shared through its cache
            self.melds = [*whole.melds, *groups]
            self.needs = [*whole.needs, *(meld_facts(group)[0] for group in groups)]
            by_card: dict[Card, list[Candidate]] = {}
            self.with_joker = list(whole.with_joker)
            for index, group in enumerate(groups, start=len(whole.melds)):
                index_candidate(group, index, by_card, self.with_joker)
            self.by_card = dict(whole.by_card)
            for card, added in by_card.items():
                self.by_card[card] = [*whole.by_card.get(card, ()), *added]
        self.fits = fits
        self.memo: dict[tuple[tuple[Card, ...], int], tuple[int, ...] | None] = {}
        self.budget = MAX_WAY_OUT_NODES

    def split(self, part: Sequence[Card], stuck: int = 0) -> Arrangement | None:
        """A split of `part` with at most `stuck` cards that fit nowhere (its
        deadwood counts them), or None."""
        rest = tuple(sorted(part))
        self.budget = MAX_WAY_OUT_NODES
        chosen = self._search(rest, stuck)
        if chosen is None:
            return None
        used: Counter[Card] = Counter()
        for index in chosen:
            used += self.needs[index]
        loose = tuple(sorted((Counter(rest) - used).elements()))
        count = sum(1 for card in loose if not self.fits.get(card, False))
        return Arrangement((count, tuple(self.melds[i] for i in chosen), loose))

    @property
    def steps(self) -> int:
        """The search steps the last `split` took."""
        return MAX_WAY_OUT_NODES - self.budget

    def _search(self, rest: tuple[Card, ...], stuck: int) -> tuple[int, ...] | None:
        # The hottest loop of level 3 (thousands of steps a decision near the
        # way out): plain loops and one lookup per candidate, no generators.
        key = (rest, stuck)
        found = self.memo.get(key, _UNKNOWN)
        if found is not _UNKNOWN:
            return found  # type: ignore[return-value]
        fits = self.fits
        card = None
        for held_card in rest:
            if held_card != JOKER and not fits.get(held_card, False):
                card = held_card
                break
        jokers = rest.count(JOKER)
        if card is None and (jokers <= stuck or fits.get(JOKER, False)):
            return ()
        self.budget -= 1
        if self.budget <= 0:
            return None  # not remembered: a later ask may have the budget
        result: tuple[int, ...] | None = None
        held = set(rest)
        for candidate in self.by_card.get(card, ()) if card is not None else self.with_joker:
            if not part_holds(rest, candidate, held, jokers):
                continue
            found = self._search(part_without(rest, candidate[4]), stuck)
            if found is not None:
                result = (candidate[0], *found)
                break
        if result is None and stuck > 0:
            without = list(rest)
            without.remove(card if card is not None else JOKER)
            result = self._search(tuple(without), stuck - 1)
        if self.budget > 0:
            self.memo[key] = result
        return result


# `WayOut.memo` holds None for a part with no way out: this marks "not asked".
_UNKNOWN = object()
