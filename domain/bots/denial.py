"""Give the other seats nothing to lay off on, in games with an opening minimum.

With an initial meld to reach (palace: 30 points, four seats) a hand is a
race of about four rounds, and every meld on the table is a place where the
others shed their cards, and its jokers are theirs to swap. So the seat
opens with the melds that reach the minimum giving the fewest places to lay
off (then the fewest cards: `smallest_opening`) and keeps every later meld
in hand, laying it in the turn it goes out, or once an opponent is
down to LAY_DOWN_AT cards (held melds count against the seat when another
goes out). Measured in palace with four seats (1,000 hands, seed 0, level 3
against three level 2 seats): hands won 30% -> 44%, and the seat outscores
each level 2 seat in 57% of hands (52% before). Laying down already at two
cards left won fewer hands (39%) and no more points; never laying down won
as many hands but lost the points (49% pairwise).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from domain.bots.greedy import lays_only
from domain.bots.outs import extenders
from domain.bots.solver import Arrangement
from domain.bots.table_fits import fits_table
from domain.cards import JOKER
from domain.commands import LayMelds, PlayerCommand
from domain.rules import RuleSet
from domain.views import SeatView

LAY_DOWN_AT = 1
# Level 4 lays down sooner: against seats that hold their melds too, a hand
# lost with melds in hand costs many points (see `hold_warily`).
WARY_LAY_DOWN_AT = 7
# ... and at once when this many loose cards fit nowhere: far from going out,
# held melds only wait to be counted against the seat.
WARY_STUCK_CARDS = 6


def plays_denial(ruleset: RuleSet) -> bool:
    return ruleset.initial_meld_min > 0 and ruleset.lay_off


def hold_after_opening(
    view: SeatView, arrangement: Arrangement, ruleset: RuleSet, lay_down_at: int = LAY_DOWN_AT
) -> bool:
    """Keep melds in hand: once opened, until some opponent is about to go out."""
    assert view.seat is not None
    if not view.opened[view.seat]:
        return False  # the opening itself must be laid
    others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
    return min(others, default=0) > lay_down_at


def hold_warily(view: SeatView, arrangement: Arrangement, ruleset: RuleSet) -> bool:
    """Level 4's hold: lay down once an opponent is down to WARY_LAY_DOWN_AT
    cards, or once WARY_STUCK_CARDS loose cards fit no meld on the table.

    Measured in palace, four seats, against three level 3 seats (1,000 hands,
    seed 0): the seat outscores each of them in 63.3% of hands and goes out
    in 19.1% (the opponent count alone: 57.0% and 19.6%; holding like them:
    47% and 21%; never holding: 64% and 15%).
    """
    if not hold_after_opening(view, arrangement, ruleset, WARY_LAY_DOWN_AT):
        return False
    stuck = sum(1 for card in arrangement.loose if not fits_table(card, view.table, ruleset))
    return stuck < WARY_STUCK_CARDS


# A joker on the table is a place for the others too: the card it stands
# for takes it back (and then the joker fits anywhere).
JOKER_PLACES = 4


def smallest_opening(
    legal: Sequence[PlayerCommand], arrangement: Arrangement, ruleset: RuleSet
) -> LayMelds | None:
    """The initial meld of the best split that reaches the minimum and gives
    the others the fewest places to lay off (then: with the fewest cards).

    Measured with the joker-swap draws and keeps of `careful` (palace, four
    seats, level 3 against three level 2 seats, 1,000 hands): hands won
    45.4% -> 46.2% and pairwise 57.9% -> 58.0% at seed 0 (seed 1000: 46.0% ->
    46.2%, 57.4% -> 57.9%); alone, against the fewest cards: 44.0% -> 44.7%
    and 56.8% -> 56.8% (seed 1000: 45.9% -> 46.0%, 57.1% -> 57.6%).
    """
    planned = Counter(arrangement.melds)
    best: LayMelds | None = None
    best_key = (0, 0)
    for command in legal:
        if not isinstance(command, LayMelds) or not lays_only(command, planned):
            continue
        key = (_places(command, ruleset), _size(command))
        if best is None or key < best_key:
            best, best_key = command, key
    return best


def _places(command: LayMelds, ruleset: RuleSet) -> int:
    """Cards the melds would take as lay-offs (ends and missing suits), jokers
    counted as JOKER_PLACES each."""
    return sum(
        len(extenders(meld, ruleset)) + JOKER_PLACES * meld.count(JOKER) for meld in command.melds
    )


def _size(command: LayMelds) -> int:
    return sum(len(meld) for meld in command.melds)
