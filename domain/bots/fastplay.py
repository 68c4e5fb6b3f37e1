"""Abstract, fast play-outs for the level 4 search.

A seat is kept as its loose cards plus the cards that would extend its
melds; a drawn card either melds with two loose cards, extends a meld (in
hand, or on the table once the seat may lay off), or stays loose. Far cruder
than the level 3 bot, and hundreds of times cheaper: the search can deal the
hidden cards many times over.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.bots.outs import extenders, run_positions, wrap_rank
from domain.bots.solver import Arrangement
from domain.cards import JOKER, RANK_OF, Card
from domain.rules import RuleSet

RANKS = "A23456789TJQK"


class Seat:
    __slots__ = ("ext", "loose", "opened", "points")

    def __init__(self, loose: list[Card], ext: set[Card], opened: bool, points: int) -> None:
        self.loose = loose
        self.ext = ext
        self.opened = opened
        self.points = points

    def copy(self) -> Seat:
        return Seat(self.loose[:], set(self.ext), self.opened, self.points)


def from_arrangement(arrangement: Arrangement, ruleset: RuleSet, opened: bool, values) -> Seat:  # type: ignore[no-untyped-def]
    ext: set[Card] = set()
    points = 0
    for meld in arrangement.melds:
        ext |= extenders(meld, ruleset)
        points += sum(values[c] for c in meld if c != JOKER) + 10 * meld.count(JOKER)
    return Seat(list(arrangement.loose), ext, opened, points)


def quick_seat(hand: Sequence[Card], ruleset: RuleSet, opened: bool, values) -> Seat:  # type: ignore[no-untyped-def]
    """A greedy split (runs, then sets, jokers into pairs): no search."""
    cyclic = ruleset.ace == "cyclic"
    rest = [c for c in hand if c != JOKER]
    jokers = len(hand) - len(rest)
    ext: set[Card] = set()
    points = 0
    by_suit: dict[str, dict[int, Card]] = {}
    for card in rest:
        by_suit.setdefault(card[1], {})[RANK_OF[card[0]]] = card
    used: list[Card] = []
    for suit_letter, cards in by_suit.items():
        positions = sorted(cards)
        run: list[int] = []
        for p in [*positions, 99]:
            if run and p == run[-1] + 1:
                run.append(p)
                continue
            if len(run) >= 3:
                meld = [cards[q] for q in run]
                used.extend(meld)
                points += sum(values[c] for c in meld)
                for q in (run[0] - 1, run[-1] + 1):
                    q = wrap_rank(q) if cyclic else q
                    if 1 <= q <= 13:
                        ext.add(RANKS[q - 1] + suit_letter)
            run = [p]
    for card in used:
        rest.remove(card)
    by_rank: dict[str, list[Card]] = {}
    for card in rest:
        same = by_rank.setdefault(card[0], [])
        if all(c[1] != card[1] for c in same):
            same.append(card)
    for rank_letter, group in by_rank.items():
        if len(group) >= 3:
            for card in group:
                rest.remove(card)
            points += sum(values[c] for c in group)
            ext |= {rank_letter + s for s in "CDHS"} - set(group)
        elif len(group) == 2 and jokers:
            jokers -= 1
            for card in group:
                rest.remove(card)
            points += 3 * values[group[0]]
    return Seat(rest + [JOKER] * jokers, ext, opened, points)


def melds_with(card: Card, loose: Sequence[Card], ruleset: RuleSet) -> list[Card] | None:
    """Two loose cards that make a new meld with `card`, if any."""
    if card == JOKER:
        naturals = [c for c in loose if c != JOKER]
        for i, a in enumerate(naturals):
            for b in naturals[i + 1 :]:
                if _close(a, b, ruleset):
                    return [a, b]
        return None
    same = [c for c in loose if c != JOKER and c[0] == card[0] and c[1] != card[1]]
    if len(same) >= 2 and same[0][1] != same[1][1]:
        return same[:2]
    if same and len(same) >= 2:
        for b in same[1:]:
            if b[1] != same[0][1]:
                return [same[0], b]
    cyclic = ruleset.ace == "cyclic"
    suited: dict[int, Card] = {}
    for c in loose:
        if c != JOKER and c[1] == card[1] and c != card:
            for p in run_positions(RANK_OF[c[0]], ruleset.ace):
                suited[p] = c
    if suited:
        for p in run_positions(RANK_OF[card[0]], ruleset.ace):
            for x, y in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2)):
                if cyclic:
                    x, y = wrap_rank(x), wrap_rank(y)
                if x in suited and y in suited and suited[x] != suited[y]:
                    return [suited[x], suited[y]]
    if JOKER in loose:
        for c in loose:
            if c != JOKER and _close(card, c, ruleset):
                return [c, JOKER]
    return None


def worst_discard(free: Sequence[Card], loose: Sequence[Card], ruleset: RuleSet, values) -> Card:  # type: ignore[no-untyped-def]
    """The card a seat sheds: one with no partner among its loose cards (the
    kept hand has more outs, as level 3 judges), the most valuable of those."""
    return max(
        free,
        key=lambda c: (
            not any(o != JOKER and _close(c, o, ruleset) for o in loose),
            values[c],
        ),
    )


def _close(a: Card, b: Card, ruleset: RuleSet) -> bool:
    if a[0] == b[0]:
        return a[1] != b[1]
    if a[1] != b[1]:
        return False
    gap = abs(RANK_OF[a[0]] - RANK_OF[b[0]])
    return gap <= 2 or ruleset.ace != "low" and gap >= 11
