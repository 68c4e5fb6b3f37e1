"""Lay-off chains: hand cards that go onto one table run one after another.

On 5H 6H 7H the 9H fits only once the 8H is laid off; on 6S-9S the JS once a
joker stands for the TS. A hand is as near going out as its chains allow, so
the way-out search (`way_out.WayOut`) takes each chain as a group of cards,
like a meld, and the seat lays its first card off to start it.

In palace, four seats, level 3 against three level 2 seats, a brute-force
search over the game's commands found a way out that the search without
chains missed in 13 of 778 turns (200 hands), 2 with them (joker swaps);
the gain is measured in `going_out._way_out`.
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
    return joined(chains_by_meld(hand, table, ruleset, fits, seen))


def chains_by_meld(
    hand: Sequence[Card],
    table: Sequence[Meld],
    ruleset: RuleSet,
    fits: dict[Card, bool],
    seen: OptionsSeen | None = None,
) -> list[dict[Chain, LayOff]]:
    """`lay_off_chains` one table meld at a time, in table order (`joined`
    makes them one): a drawn card changes the chains of its suit's runs only
    (`chains_with_card`)."""
    held = Counter(hand)
    stuck_suits = _stuck_suits(held, fits)
    options_of = _OptionsOf(ruleset, {} if seen is None else seen)
    return [_meld_chains(meld, held, stuck_suits, fits, options_of) for meld in table]


def chains_with_card(
    by_meld: Sequence[dict[Chain, LayOff]],
    hand: Sequence[Card],
    card: Card,
    table: Sequence[Meld],
    ruleset: RuleSet,
    fits: dict[Card, bool],
    seen: OptionsSeen | None = None,
) -> list[dict[Chain, LayOff]]:
    """`chains_by_meld` of `(*hand, card)`, given `by_meld`, those of `hand`:
    a natural card is a candidate on the runs of its suit alone and leaves
    the other runs' candidates (and their order) as they were."""
    drawn = (*hand, card)
    if card == JOKER:
        return chains_by_meld(drawn, table, ruleset, fits, seen)
    held = Counter(drawn)
    stuck_suits = _stuck_suits(held, fits)
    options_of = _OptionsOf(ruleset, {} if seen is None else seen)
    return [
        _meld_chains(meld, held, stuck_suits, fits, options_of)
        if meld.kind == "run" and meld.cards[0].as_[1] == card[1]
        else chains
        for meld, chains in zip(table, by_meld, strict=True)
    ]


def joined(by_meld: Sequence[dict[Chain, LayOff]]) -> dict[Chain, LayOff]:
    """The chains of every meld, in table order; a chain two runs of a suit
    both take starts on the first (as `lay_off_chains` finds it first)."""
    chains: dict[Chain, LayOff] = {}
    for found in by_meld:
        for chain, first in found.items():
            chains.setdefault(chain, first)
    return chains


def _stuck_suits(held: Counter[Card], fits: dict[Card, bool]) -> set[str]:
    return {card[1] for card in held if card != JOKER and not fits.get(card, False)}


def _meld_chains(
    meld: Meld,
    held: Counter[Card],
    stuck_suits: set[str],
    fits: dict[Card, bool],
    options_of: _OptionsOf,
) -> dict[Chain, LayOff]:
    chains: dict[Chain, LayOff] = {}
    if not options_of.ruleset.lay_off or meld.kind != "run":
        return chains
    suit_letter = meld.cards[0].as_[1]
    if suit_letter not in stuck_suits:
        return chains
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
