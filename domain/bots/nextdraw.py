"""Next-draw outs: the live cards with which a hand goes out on its next turn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from domain.bots.chains import OptionsSeen, chains_by_meld, chains_with_card, joined
from domain.bots.table_fits import fits_table
from domain.bots.way_out import WayOut
from domain.cards import JOKER, RANK_OF, Card
from domain.melds import Meld
from domain.rules import RuleSet

# The work one count may do, in way-out search steps (about 2.5 us each):
# finding a drawn hand's candidate melds costs about a step per meld, its own
# lay-off chains about CHAIN_STEPS (fitted on the ladder's hands). Past the
# budget the cards not yet tried count as no out, for every discard alike. In
# palace (four seats, level 3 against level 2, 300 hands) 7% of level 3's
# decisions count next-draw outs; the budget changed 7 of those 272 discards
# and took level 3's p99 from 7.0 to 4.1-4.3 ms (with the faster searches of
# `solver`, `way_out` and `meld_search`). The ladder (1,000 hands, seeds 0, 1000, 2000,
# 5000) moved by 0.4 points or less, either way.
WORK_BUDGET = 800
CHAIN_STEPS = 8


def going_out_draws(
    hand: Sequence[Card],
    discards: Iterable[Card],
    table: Sequence[Meld],
    ruleset: RuleSet,
    live: Counter[Card],
    budget: int = WORK_BUDGET,
) -> dict[Card, int]:
    """For each card the hand may discard now, how many live cards (counting
    copies) would then take it out next turn: melds, lay-offs (chains too),
    one final discard (a card that fits nowhere, or one to spare: a card that
    fits the table, the end of a chain, a fourth card of a meld).

    Only a joker, a card that fits the table, or one of the rank or near in
    the suit of a card held can help; the others are not tried. One search
    per drawn card serves every discard (`WayOut` splits parts of a hand).
    Cards with more live copies are tried first, until `budget` steps are spent.
    """
    counts = dict.fromkeys(discards, 0)
    ranks = {card[0] for card in hand if card != JOKER}
    near: set[tuple[str, int]] = set()
    for card in hand:
        if card != JOKER:
            number = RANK_OF[card[0]]
            near.update((card[1], number + step) for step in (-2, -1, 1, 2))
    fits = {card: fits_table(card, table, ruleset) for card in set(hand)}
    run_suits = {meld.cards[0].as_[1] for meld in table if meld.kind == "run"}
    seen: OptionsSeen = {}
    by_meld = chains_by_meld(hand, table, ruleset, fits, seen)
    hand_chains = joined(by_meld)
    # Sorted, so that the cards a spent budget leaves out do not depend on
    # the order the live cards were counted in.
    for card, copies in sorted(live.items(), key=lambda item: (-item[1], item[0])):
        if budget <= 0:
            break
        if card not in fits:
            fits[card] = fits_table(card, table, ruleset)
        related = (
            card == JOKER
            or fits[card]
            or card[0] in ranks
            or (card[1], RANK_OF[card[0]]) in near
            or (card[0] == "A" and (card[1], 14) in near)
        )
        if not related:
            continue
        drawn = (*hand, card)
        if card != JOKER and card[1] not in run_suits:
            chains = hand_chains
        else:
            chains = joined(chains_with_card(by_meld, hand, card, table, ruleset, fits, seen))
            budget -= CHAIN_STEPS
        way = WayOut(drawn, ruleset, fits, tuple(chains))
        budget -= len(way.melds)
        for discard in counts:
            rest = list(drawn)
            rest.remove(discard)
            split = way.split(rest, stuck=1)
            budget -= way.steps
            if split is not None and (
                split.deadwood or split.loose or any(len(m) > 3 or m in chains for m in split.melds)
            ):
                counts[discard] += copies
    return counts
