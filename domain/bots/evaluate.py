"""Hand evaluation: the best split of a hand into melds and deadwood, and
how promising the loose cards are."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from domain.cards import JOKER, RANK_OF, Card
from domain.layoffs import accepting_cards, lay_off_options, swapped_meld
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
        self.needs = [_meld_facts(m)[0] for m in self.melds]
        self.by_card: dict[Card, list[Candidate]] = {}
        self.with_joker: list[Candidate] = []
        for index, meld in enumerate(self.melds):
            _index_candidate(meld, index, self.by_card, self.with_joker)
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
                if not _holds(rest, candidate, held, jokers):
                    continue
                value, chosen = self._best(_without(rest, candidate[4]))
                if value < result[0]:
                    result = (value, (candidate[0], *chosen))
                    if value == 0:
                        break
        self.memo[rest] = result
        return result


# A candidate meld (or lay-off chain) as the searches branch on it: its index,
# its cards counted, its natural cards as a set when it holds each once (most
# do; else None), how many jokers it takes, and its cards as listed. One
# tuple, so that a search step looks it up once.
Candidate = tuple[int, Counter[Card], frozenset[Card] | None, int, tuple[Card, ...]]


def _index_candidate(
    meld: tuple[Card, ...],
    index: int,
    by_card: dict[Card, list[Candidate]],
    with_joker: list[Candidate],
) -> None:
    """File the candidate under each natural card it holds, and with the
    jokers if it takes one."""
    need, single, jokers, naturals = _meld_facts(meld)
    candidate = (index, need, single, jokers, meld)
    for card in naturals:
        by_card.setdefault(card, []).append(candidate)
    if jokers:
        with_joker.append(candidate)


@lru_cache(maxsize=65536)
def _meld_facts(
    meld: tuple[Card, ...],
) -> tuple[Counter[Card], frozenset[Card] | None, int, tuple[Card, ...]]:
    """A candidate meld's cards counted, its natural cards as a set when it
    holds each once (else None), its jokers, and its distinct naturals.
    Shared by every search (never changed): the same melds recur in the
    hands of a game, turn after turn."""
    naturals = [card for card in meld if card != JOKER]
    distinct = frozenset(naturals)
    single = distinct if len(distinct) == len(naturals) else None
    return Counter(meld), single, len(meld) - len(naturals), tuple(sorted(distinct))


# `Solver._best` and `WayOut._search` visit thousands of parts of a hand per
# decision: these helpers do what `Counter` comparison and subtraction would,
# a few times faster on hands of a dozen cards.
def _holds(
    rest: tuple[Card, ...],
    candidate: Candidate,
    held: set[Card],
    jokers: int,
) -> bool:
    """Whether `rest` (its cards `held`, its `jokers`) has every card of the
    candidate, copies counted. When the candidate's naturals are one of each
    (`_meld_facts`), a subset test and the jokers answer."""
    single = candidate[2]
    if single is not None:
        return jokers >= candidate[3] and single <= held
    # A loop, not all() over a generator: a third faster, and it runs most.
    for card, count in candidate[1].items():  # noqa: SIM110
        if rest.count(card) < count:
            return False
    return True


def _without(rest: tuple[Card, ...], meld: tuple[Card, ...]) -> tuple[Card, ...]:
    """The sorted `rest` without the cards of `meld` (which it holds), still sorted."""
    remaining = list(rest)
    for card in meld:
        remaining.remove(card)
    return tuple(remaining)


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
            self.needs = [*whole.needs, *(_meld_facts(group)[0] for group in groups)]
            by_card: dict[Card, list[Candidate]] = {}
            self.with_joker = list(whole.with_joker)
            for index, group in enumerate(groups, start=len(whole.melds)):
                _index_candidate(group, index, by_card, self.with_joker)
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
            if not _holds(rest, candidate, held, jokers):
                continue
            found = self._search(_without(rest, candidate[4]), stuck)
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


def opening_points(melds: Iterable[tuple[Card, ...]], ruleset: RuleSet) -> int:
    """Points the melds count toward `initial_meld_min`."""
    return sum(meld_points(form_meld(m, ruleset)) for m in melds)


def fits_table(card: Card, table: Sequence[object], ruleset: RuleSet) -> bool:
    """Whether `card` could be laid off on some meld on the table."""
    return ruleset.lay_off and any(
        lay_off_options(meld, card, ruleset)  # type: ignore[arg-type]
        for meld in table
    )


def frees_joker(card: Card, table: Sequence[object], ruleset: RuleSet) -> bool:
    """Whether `card` could take the place of a joker on the table (a joker swap)."""
    return card != JOKER and any(
        meld.jokers and swapped_meld(meld, card, ruleset) is not None  # type: ignore[attr-defined,arg-type]
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


# ------------------------------------------------------------------ outs

# A drawn card that joins two loose cards in a new meld takes three cards off
# the way out; one that only extends a meld (in hand or on the table) one.
NEW_MELD_OUT = 1.0
EXTEND_OUT = 1.0 / 3.0


def run_positions(rank_number: int, ace: str) -> tuple[int, ...]:
    """A rank's places in a run (1 = ace low ... 14 = ace high) under the `ace` knob."""
    if rank_number == 1 and ace != "low":
        return (1, 14)
    return (rank_number,)


def outs(
    hand: Sequence[Card],
    arrangement: Arrangement,
    live: Counter[Card],
    ruleset: RuleSet,
    table: Sequence[object] = (),
    fits: dict[Card, bool] | None = None,
) -> float:
    """Expected progress of one blind draw, summed over the live cards: a card
    that melds with two loose cards counts 1, one that extends a meld 1/3.

    Cheap on purpose (no re-arranging): it scores discards at level 3.
    `fits` is unused (kept for callers).
    """
    loose = [c for c in arrangement.loose if c != JOKER]
    jokers = len(arrangement.loose) - len(loose)
    cyclic = ruleset.ace == "cyclic"
    by_suit: dict[str, set[int]] = {}
    by_rank: dict[str, set[str]] = {}
    for card in loose:
        by_suit.setdefault(card[1], set()).update(run_positions(RANK_OF[card[0]], ruleset.ace))
        by_rank.setdefault(card[0], set()).add(card[1])
    new: set[Card] = set()
    for rank_letter, suits in by_rank.items():
        if len(suits) >= 2 or jokers:
            new.update(rank_letter + s for s in "CDHS" if s not in suits)
    steps = (1, 2) if not jokers else (-2, -1, 1, 2)
    for suit_letter, held in by_suit.items():
        for p in held:
            for step in (1, 2):
                q = wrap_rank(p + step) if cyclic else p + step
                if q in held and q != p:
                    wanted = (p - 1, p + 2) if step == 1 else (p + 1,)
                    for w in wanted:
                        _add_position(new, w, suit_letter, ruleset.ace)
            if jokers:
                for step in steps:
                    _add_position(new, p + step, suit_letter, ruleset.ace)
    extend: set[Card] = set()
    for meld in arrangement.melds:
        extend.update(extenders(meld, ruleset))
    if table and ruleset.lay_off:
        for placed in table:
            extend.update(accepting_cards(placed, ruleset))  # type: ignore[arg-type]
    partial = bool(new)
    total: float = sum(live[c] for c in new if c in live)
    total += EXTEND_OUT * sum(live[c] for c in extend - new if c in live and c != JOKER)
    if JOKER in live:
        gain = NEW_MELD_OUT if partial else EXTEND_OUT if extend else 0.0
        total += live[JOKER] * gain
    return total


def _add_position(cards: set[Card], position: int, suit_letter: str, ace: str) -> None:
    card = card_at(position, suit_letter, ace)
    if card is not None:
        cards.add(card)


def card_at(position: int, suit_letter: str, ace: str) -> Card | None:
    """The card at a run position of the suit (`run_positions`), None off the ends."""
    if ace == "cyclic":
        position = wrap_rank(position)
    elif position == 14 and ace != "low":
        position = 1
    if 1 <= position <= 13:
        return "A23456789TJQK"[position - 1] + suit_letter
    return None


def wrap_rank(p: int) -> int:
    """A run position taken round the corner (`ace: cyclic`): 14 -> 1, 0 -> 13."""
    return (p - 1) % 13 + 1


def extenders(meld: tuple[Card, ...], ruleset: RuleSet) -> set[Card]:
    """Natural cards that would extend a meld held in hand."""
    naturals = [c for c in meld if c != JOKER]
    if not naturals:
        return set()
    ranks = {c[0] for c in naturals}
    if len(ranks) == 1 and len(naturals) > 1:
        if len(meld) >= 4:
            return set()
        suits = {c[1] for c in naturals}
        return {naturals[0][0] + s for s in "CDHS" if s not in suits}
    if len({c[1] for c in naturals}) != 1:
        return set()
    suit_letter = naturals[0][1]
    positions = sorted(RANK_OF[c[0]] for c in naturals)
    if ruleset.ace != "low" and positions[0] == 1 and positions[-1] >= 12:
        positions = sorted(14 if p == 1 else p for p in positions)
    low = positions[0] - (len(meld) - len(naturals))  # jokers may sit either side: approximate
    high = positions[-1]
    result = set()
    for p in (low - 1, high + 1):
        if ruleset.ace == "cyclic":
            p = wrap_rank(p)
        if p == 14 and ruleset.ace != "low":
            p = 1
        if 1 <= p <= 13:
            result.add("A23456789TJQK"[p - 1] + suit_letter)
    return result
