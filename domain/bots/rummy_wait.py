"""Level 4 in palace keeps its opening back while a rummy is near.

Going out in one turn with nothing laid down or off before (rummy) doubles
every figure of the hand: under zero-sum scoring each other seat loses twice
its hand, and the seats that hold their melds (level 3, `denial`) hold a lot.
Level 3 opens as soon as it can; level 4 (where a rummy doubles) keeps
the opening melds in hand while at most NEAR_RUMMY cards are left over and
every opponent holds more than RUMMY_SAFE, and goes out in one turn when
the last cards come (the way-out search of `careful` runs on every turn).
An unopened hand also gives the others no meld to lay off on.

Measured without the search (palace, four seats, against three level 3
seats, 1,000 hands at seeds 0 and 5000; before: 18.2% and 18.0% of hands,
62.7% and 61.9% pairwise, +0.6 and +2.0 points a hand): with NEAR_RUMMY 4,
18.6% and 18.8% of hands, 61.8% and 61.4% pairwise, +12.2 and +15.9 points
a hand, whole games 23.3% -> 26.6% and 23.6% -> 29.4%. Waiting longer wins
more points and fewer pairs, as a seat caught unopened loses its whole
hand: 5 cards +20.2/+27.2 points and 58.5%/59.0% pairwise, 6 cards
+20.9/+30.5 and 57.7%/58.6%, 8 cards +26.3/+29.1 and 40.5%/40.0%, waiting
for the rummy alone +19.8/+23.0 and 29.2%/28.9%. The opponents' hand sizes
barely matter (RUMMY_SAFE 1 plays as 4: they hold their melds), nor does
the stock (hands end long before it runs low).

With the search on top (`rummy simulate --preset palace --bots 3,4`, 400
hands each at seeds 0 and 5000; before, 800 hands: 17.8% of hands, 62.7%
pairwise, -3.7 points, 22.7% of games): 19.5% and 18.0% of hands, 62.7% and
61.3% pairwise, +8.1 and +9.8 points a hand, 26.3% and 27.8% of games
(seeds 1000 and 2000: 20.2% and 21.2%, 62.9% and 65.5%, +25.1 and +25.4,
34.6% and 33.1%). Level 4's p95 decision time stays at its 150 ms budget.
"""

from __future__ import annotations

from domain.bots.denial import hold_after_opening, hold_warily
from domain.bots.solver import Arrangement
from domain.rules import RuleSet
from domain.views import SeatView

NEAR_RUMMY = 4
# Against three seats of level 3 (which open at once and give the table
# places to lay off), waiting longer pays: see `hold_for_rummy_then_after_opening`.
NEAR_RUMMY_MANY_SEATS = 6
RUMMY_SAFE = 4


def waits_for_rummy(
    view: SeatView, arrangement: Arrangement, ruleset: RuleSet, near: int = NEAR_RUMMY
) -> bool:
    """Whether an unopened seat keeps its melds in hand for a rummy this turn."""
    assert view.seat is not None
    if view.opened[view.seat] or not arrangement.loose or ruleset.rummy_bonus != "double":
        return False
    others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
    return len(arrangement.loose) <= near and min(others, default=0) > RUMMY_SAFE


def hold_for_rummy_then_warily(view: SeatView, arrangement: Arrangement, ruleset: RuleSet) -> bool:
    """Level 4's hold in palace: the opening waits for a rummy (`waits_for_rummy`),
    later melds are held as `denial.hold_warily` says."""
    return waits_for_rummy(view, arrangement, ruleset) or hold_warily(view, arrangement, ruleset)


def hold_for_rummy_then_after_opening(
    view: SeatView, arrangement: Arrangement, ruleset: RuleSet
) -> bool:
    """Level 4's hold in palace with more than two seats: the opening waits
    for a rummy up to NEAR_RUMMY_MANY_SEATS cards left over, later melds are
    held as level 3 holds them (`denial.hold_after_opening`), not warily.

    Measured without the search, one seat against three level 3 seats, 1,000
    hands each, seeds drawn at run time (643363, 870116; a level 3 seat there:
    27.7% of hands): the wary hold with the search's base policy won 18.0%
    of hands (60.7% pairwise, +6.2 points a hand, 25.8% of games); this hold
    with NEAR_RUMMY 4: 27.7% and 24.3% of hands, +13.7 and +4.4 points,
    28.5% and 24.9% of games; with 6: 27.2% and 24.2% of hands, +27.8 and
    +16.4 points, 35.1% and 30.3% of games (5: +14.3, 29.7% at the second
    seed; 7: 23.6%, +16.8, 32.7%). The search on top of the wary hold had
    measured no better (200 hands, seed 138436: 22.5% of hands against 23.5%
    without it).
    """
    return waits_for_rummy(view, arrangement, ruleset, NEAR_RUMMY_MANY_SEATS) or hold_after_opening(
        view, arrangement, ruleset
    )
