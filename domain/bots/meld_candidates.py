"""Candidate melds as the hand searches branch on them, and the hand parts that hold them."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from domain.cards import JOKER, Card

# A candidate meld (or lay-off chain) as the searches branch on it: its index,
# its cards counted, its natural cards as a set when it holds each once (most
# do; else None), how many jokers it takes, and its cards as listed. One
# tuple, so that a search step looks it up once.
Candidate = tuple[int, Counter[Card], frozenset[Card] | None, int, tuple[Card, ...]]


def index_candidate(
    meld: tuple[Card, ...],
    index: int,
    by_card: dict[Card, list[Candidate]],
    with_joker: list[Candidate],
) -> None:
    """File the candidate under each natural card it holds, and with the
    jokers if it takes one."""
    need, single, jokers, naturals = meld_facts(meld)
    candidate = (index, need, single, jokers, meld)
    for card in naturals:
        by_card.setdefault(card, []).append(candidate)
    if jokers:
        with_joker.append(candidate)


@lru_cache(maxsize=65536)
def meld_facts(
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
def part_holds(
    rest: tuple[Card, ...],
    candidate: Candidate,
    held: set[Card],
    jokers: int,
) -> bool:
    """Whether `rest` (its cards `held`, its `jokers`) has every card of the
    candidate, copies counted. When the candidate's naturals are one of each
    (`meld_facts`), a subset test and the jokers answer."""
    single = candidate[2]
    if single is not None:
        return jokers >= candidate[3] and single <= held
    # A loop, not all() over a generator: a third faster, and it runs most.
    for card, count in candidate[1].items():  # noqa: SIM110
        if rest.count(card) < count:
            return False
    return True


def part_without(rest: tuple[Card, ...], meld: tuple[Card, ...]) -> tuple[Card, ...]:
    """The sorted `rest` without the cards of `meld` (which it holds), still sorted."""
    remaining = list(rest)
    for card in meld:
        remaining.remove(card)
    return tuple(remaining)
