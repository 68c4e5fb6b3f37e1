"""How promising loose cards are: partners, the outs of a blind draw, cards that extend a meld."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from domain.bots.solver import Arrangement
from domain.cards import JOKER, RANK_OF, Card
from domain.layoffs import accepting_cards
from domain.rules import RuleSet


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
