"""Going out this turn: whether some split of the hand empties it, and that split's first step."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from domain.bots.chains import Chain, lay_off_chains
from domain.bots.greedy import lays_only
from domain.bots.solver import Arrangement, card_value, opening_points
from domain.bots.table_fits import fits_table
from domain.bots.way_out import WayOut
from domain.cards import Card
from domain.commands import Discard, LayMelds, LayOff, PlayerCommand
from domain.rules import RuleSet
from domain.views import SeatView


def going_out(view: SeatView, ruleset: RuleSet, arrangement: Arrangement) -> PlayerCommand | None:
    """The next step of emptying the hand this turn, when that is possible:
    lay melds (of the split that leaves only the last discard), lay off, discard.

    The least-deadwood split may keep a meld whole where going out needs one
    of its cards as the final discard, or lay off nothing, or put a joker
    where the way out needs it elsewhere (8C 8H JK + 2C 2S: 2C 2S JK, the 8C
    laid off, the 8H discarded): so the search splits the hand counting only
    the cards that fit nowhere (`WayOut`). Measured in palace, four
    seats, level 3 against three level 2 seats (1,000 hands): hands won
    46.2% -> 47.6% and pairwise 58.0% -> 58.9% at seed 0 (seed 1000: 46.2%
    -> 48.7%, 57.9% -> 59.7%). The least-deadwood split missed a way out
    this turn in about one hand in twenty; many of those went out a turn
    later anyway.
    """
    assert view.seat is not None
    legal = view.legal_commands
    hand = view.hand or ()
    way, chains = _way_out(hand, view, ruleset)
    if way.split(hand, stuck=1) is None:
        return None  # two cards nowhere to go, however split: not this turn
    if ruleset.go_out == "any":
        split = way.split(hand)
        step = None if split is None else _first_step(legal, split, chains)
        if step is not None:
            return step
    discards = sorted(
        {c.card for c in legal if isinstance(c, Discard)},
        key=lambda c: (c not in arrangement.loose, -card_value(c, ruleset), c),
    )
    for last in discards:
        rest = list(hand)
        rest.remove(last)
        split = way.split(rest)
        if split is None:
            continue
        step = _first_step(legal, split, chains)
        if step is not None:
            return step
        if not split.melds and not split.loose:
            return Discard(last)
    return None


def goes_out_with(view: SeatView, ruleset: RuleSet, taken: Card) -> bool:
    """Whether the hand plus `taken` (off the pile, so not the last discard)
    can be emptied this turn: melds, lay-offs, one final discard."""
    assert view.seat is not None
    hand = (*(view.hand or ()), taken)
    way, chains = _way_out(hand, view, ruleset)
    if way.split(hand, stuck=1) is None:
        return False
    closed = ruleset.needs_opening and not view.opened[view.seat]
    for last in set(hand) - {taken}:
        rest = list(hand)
        rest.remove(last)
        split = way.split(rest)
        if split is not None and (
            not closed
            or opening_points((m for m in split.melds if m not in chains), ruleset)
            >= ruleset.initial_meld_min
        ):
            return True
    return False


def hand_table_fits(hand: Sequence[Card], view: SeatView, ruleset: RuleSet) -> dict[Card, bool]:
    """Which cards of the hand could be laid off on the table as it stands.

    Lay-offs need an opening (`lay_off_needs_own_meld`), but the opening
    melds of this very turn open the seat: a closed hand may count them too."""
    return {card: ruleset.lay_off and fits_table(card, view.table, ruleset) for card in set(hand)}


def _way_out(
    hand: Sequence[Card], view: SeatView, ruleset: RuleSet
) -> tuple[WayOut, dict[Chain, LayOff]]:
    """The way-out search over the hand, with the table's lay-offs and chains."""
    fits = hand_table_fits(hand, view, ruleset)
    # Lay-off chains count (the 9H onto 5H-7H once the 8H is laid off). Measured
    # as above: hands won 48.5% -> 49.4% and pairwise 59.8% -> 60.4% at seed 0,
    # 49.6% -> 51.1% and 60.3% -> 61.4% at seed 1000, 49.1% -> 50.4% and 59.5%
    # -> 60.4% at seed 2000, 50.5% -> 52.2% and 60.6% -> 61.7% at seed 5000
    # (basic, two seats: 61.2% and 60.5% -> 60.7%).
    chains = lay_off_chains(hand, view.table, ruleset, fits)
    return WayOut(hand, ruleset, fits, tuple(chains)), chains


def _first_step(
    legal: Sequence[PlayerCommand], split: Arrangement, chains: dict[Chain, LayOff]
) -> PlayerCommand | None:
    """Melds first (lay-offs may need the opening), then the chains, then loose cards."""
    melds = [meld for meld in split.melds if meld not in chains]
    if melds:
        planned = Counter(melds)
        best: LayMelds | None = None
        for command in legal:
            if not isinstance(command, LayMelds) or not lays_only(command, planned):
                continue
            if best is None or sum(map(len, command.melds)) > sum(map(len, best.melds)):
                best = command
        return best
    for meld in split.melds:
        if chains[meld] in legal:
            return chains[meld]
    for card in split.loose:
        for command in legal:
            if isinstance(command, LayOff) and command.card == card:
                return command
    return None
