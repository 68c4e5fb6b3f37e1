"""Feeding the next seat: how likely a discard is to complete a meld in its hand,
read from what it discarded and what it passed.

Level 2 (greedy) lays every meld down at once, lays off what fits, and
discards its most valuable loose card. A card it draws is then either melded,
laid off, discarded at once, or worth less than the card it discards instead:
so it never again holds a card worth more than any discard of the hand (ties
broken by the card code, as greedy breaks them), besides the cards it took
off the pile (known) and, before its opening (palace), the melds it must hold
until they reach the minimum (this read misses those). Its unknown cards are
spread over the live cards below that bound (`held_chances`). In basic, two
seats, level 3 against level 2 (300 hands), its hand never held a card above
the bound, and the chances were well calibrated: discards given a risk of
0.1-0.2 completed a meld in 14% of cases, 0.2-0.3 in 25%, 0.3-0.4 in 35%,
0.5-0.6 in 61% (palace, 200 hands: 13%, 23%, 31%, 37%).

A seat that drew from the stock while a card lay on top of the pile holds no
two cards that meld with it (it would have taken it): such pairs count no
risk (`SeatMemory.passed`).

A discard feeds the seat when two of its cards make a meld with it: the risk
is the chance that at least one such pair is held (pairs taken as independent).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Literal

from domain.bots.memory import SeatMemory
from domain.bots.outs import card_at, neighbours, run_positions
from domain.bots.solver import card_value
from domain.cards import JOKER, RANK_OF, Card
from domain.rules import RuleSet

Pair = frozenset[Card]
# How a seat reads the next seat's hand: not at all, as level 2 plays
# (`held_chances`), as level 3 plays ("careful": `careful_chances`), or so and
# holding no card that fits the table ("careful_table": level 3 lays off every
# loose card that fits, so none is left in its hand when its turn ends).
Reading = bool | Literal["careful", "careful_table"]
# A level 3 seat discards the loose card with the fewest outs: a card near
# one it discarded (its rank, or its suit within two) is that much less
# likely in its hand than another live card.
DISCARD_NEIGHBOUR = 0.35


def held_chances(
    seat: int, hand_size: int, live: Counter[Card], memory: SeatMemory, ruleset: RuleSet
) -> dict[Card, float]:
    """The chance that `seat` holds each card: 1 for a card it took off the
    pile and still holds, else its unknown cards shared evenly over the live
    cards worth less than its least discard this hand (all live cards while
    it has not discarded). Cards not listed: no chance."""
    known = memory.known[seat]
    discards = memory.discarded[seat]
    bound = min((_discard_key(card, ruleset) for card in discards), default=None)
    below = {
        card: copies
        for card, copies in live.items()
        if known[card] == 0 and (bound is None or _discard_key(card, ruleset) < bound)
    }
    unknown = max(0, hand_size - sum(known.values()))
    total = sum(below.values())
    share = unknown / total if total else 0.0
    chances = {card: min(1.0, copies * share) for card, copies in below.items()}
    chances.update(dict.fromkeys(+known, 1.0))
    return chances


def careful_chances(
    seat: int,
    hand_size: int,
    live: Counter[Card],
    memory: SeatMemory,
    ruleset: RuleSet,
    absent: frozenset[Card] = frozenset(),
) -> dict[Card, float]:
    """As `held_chances`, for a seat that plays level 3: no bound by value,
    its unknown cards spread over the live cards by weight (DISCARD_NEIGHBOUR
    near a card it discarded, else 1), none of them `absent`."""
    known = memory.known[seat]
    near: set[Card] = set()
    for card in memory.discarded[seat]:
        near.update(neighbours(card, ruleset))
    weights = {
        card: copies * (DISCARD_NEIGHBOUR if card in near else 1.0)
        for card, copies in live.items()
        if known[card] == 0 and card not in absent
    }
    unknown = max(0, hand_size - sum(known.values()))
    total = sum(weights.values())
    share = unknown / total if total else 0.0
    chances = {card: min(1.0, weight * share) for card, weight in weights.items()}
    chances.update(dict.fromkeys(+known, 1.0))
    return chances


def feed_risks(
    cards: list[Card],
    seat: int,
    hand_size: int,
    live: Counter[Card],
    memory: SeatMemory,
    ruleset: RuleSet,
    careful: bool = False,
    absent: frozenset[Card] = frozenset(),
) -> dict[Card, float]:
    """For each card, the chance that `seat` holds two cards that make a meld
    with it (its hand read as level 3 plays when `careful`, holding none of
    `absent`; else as level 2)."""
    if careful:
        chances = careful_chances(seat, hand_size, live, memory, ruleset, absent)
    else:
        chances = held_chances(seat, hand_size, live, memory, ruleset)
    passed: set[Pair] = set()
    for card in memory.passed[seat]:
        passed.update(meld_pairs(card, ruleset.ace))
    risks: dict[Card, float] = {}
    for card in cards:
        missed = 1.0
        for pair in meld_pairs(card, ruleset.ace):
            if pair in passed:
                continue
            first, second = pair
            missed *= 1.0 - chances.get(first, 0.0) * chances.get(second, 0.0)
        risks[card] = 1.0 - missed
    return risks


def _discard_key(card: Card, ruleset: RuleSet) -> tuple[int, Card]:
    """The order greedy discards in (`greedy.discard_most_valuable`)."""
    return card_value(card, ruleset), card


@lru_cache(maxsize=1024)
def meld_pairs(card: Card, ace: str) -> tuple[Pair, ...]:
    """The pairs of natural cards that make a three-card meld with `card`:
    two more of its rank (other suits), or its run neighbours."""
    if card == JOKER:
        return ()
    rank_letter, suit_letter = card[0], card[1]
    others = [rank_letter + s for s in "CDHS" if s != suit_letter]
    pairs = {frozenset((a, b)) for a in others for b in others if a < b}
    for position in run_positions(RANK_OF[rank_letter], ace):
        for low, high in ((-2, -1), (-1, 1), (1, 2)):
            first = card_at(position + low, suit_letter, ace)
            second = card_at(position + high, suit_letter, ace)
            if first and second and card not in (first, second):
                pairs.add(frozenset((first, second)))
    return tuple(sorted(pairs, key=sorted))
