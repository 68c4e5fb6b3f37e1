"""Lay-off chains: hand cards that go onto one table run one after another.

On 5H 6H 7H the 9H fits only once the 8H is laid off; on 6S-9S the JS once a
joker stands for the TS. A hand is as near going out as its chains allow, so
the way-out search (`evaluate.WayOut`) takes each chain as a group of cards,
like a meld, and the seat lays its first card off to start it.

In palace, four seats, level 3 against three level 2 seats, a brute-force
search over the game's commands found a way out that the search without
chains missed in 13 of 778 turns (200 hands), 2 with them (joker swaps);
the gain is measured at `careful.CHAINS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from domain.cards import JOKER, Card
from domain.commands import LayOff
from domain.layoffs import End, lay_off_options
from domain.melds import Meld
from domain.rules import RuleSet

# Longer chains are rare and only cost time.
MAX_CHAIN = 4

Chain = tuple[Card, ...]


# (meld, card) -> `lay_off_options(meld, card, ruleset)`, for one ruleset.
OptionsSeen = dict[tuple[Meld, Card], list[tuple[End, Meld]]]


def lay_off_chains(
    hand: Sequence[Card],
    table: Sequence[Meld],
    ruleset: RuleSet,
    fits: dict[Card, bool],
    seen: OptionsSeen | None = None,
) -> dict[Chain, LayOff]:
    """Chains of two or more hand cards, in the order they are laid off at one
    end of one table run, each ending with a natural card that fits nowhere
    now (`fits`), mapped to the lay-off that starts the chain.

    `seen` remembers the lay-offs tried, for callers that ask about many
    hands that differ by a card on one table (`nextdraw`)."""
    held = Counter(hand)
    stuck_suits = {card[1] for card in held if card != JOKER and not fits.get(card, False)}
    chains: dict[Chain, LayOff] = {}
    options_of = _OptionsOf(ruleset, {} if seen is None else seen)
    if not ruleset.lay_off or not stuck_suits:
        return chains
    for meld in table:
        if meld.kind != "run" or meld.cards[0].as_[1] not in stuck_suits:
            continue
        suit_letter = meld.cards[0].as_[1]
        candidates = [c for c in held if c == JOKER or c[1] == suit_letter]
        for card in candidates:
            options = options_of(meld, card)
            for end, grown in options:
                first = LayOff(card, meld.id, end if len(options) > 1 else None)
                held[card] -= 1
                _grow(grown, end, (card,), held, candidates, first, fits, options_of, chains)
                held[card] += 1
    return chains


def _grow(
    meld: Meld,
    end: str,
    laid: Chain,
    held: Counter[Card],
    candidates: list[Card],
    first: LayOff,
    fits: dict[Card, bool],
    options_of: _OptionsOf,
    chains: dict[Chain, LayOff],
) -> None:
    last = laid[-1]
    if len(laid) >= 2 and last != JOKER and not fits.get(last, False):
        chains.setdefault(laid, first)
    if len(laid) == MAX_CHAIN:
        return
    for card in candidates:
        if held[card] <= 0:
            continue
        for option_end, grown in options_of(meld, card):
            if option_end != end:
                continue
            held[card] -= 1
            _grow(grown, end, (*laid, card), held, candidates, first, fits, options_of, chains)
            held[card] += 1


class _OptionsOf:
    """`lay_off_options` of one ruleset, remembered in `seen`."""

    def __init__(self, ruleset: RuleSet, seen: OptionsSeen) -> None:
        self.ruleset = ruleset
        self.seen = seen

    def __call__(self, meld: Meld, card: Card) -> list[tuple[End, Meld]]:
        key = (meld, card)
        options = self.seen.get(key)
        if options is None:
            options = self.seen[key] = lay_off_options(meld, card, self.ruleset)
        return options
