"""What a card could do on the table: be laid off, or take a joker's place."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import JOKER, Card
from domain.layoffs import lay_off_options, swapped_meld
from domain.rules import RuleSet


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
