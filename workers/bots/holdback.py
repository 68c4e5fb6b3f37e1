"""Level 4's base policy: level 3, but melds stay in hand until they go out.

A hand is won by going out first (or, when nobody does, by the lowest hand
value). With two seats and no opening minimum, melds laid early give the
opponent a place to lay off and so speed its way out; held back, they can
still all be laid in the turn that goes out (rummy, too). So the seat holds
every meld until it can empty its hand, unless the hand is about to end with
nobody out (then hand value counts: lay down). Measured in basic with two
seats (1,000 hands, same deals): 68% of hands against level 3, whose mirror
wins 48%.

Holding melds lets both seats swap pile cards back and forth without ever
drawing the stock; two guards keep every hand finite: never take back a
card this seat discarded, and at most MAX_PILE_PICKUPS pile draws a hand.
Without a memory (the guards need it) the seat plays level 3.

With an opening minimum (palace) level 3 already holds melds after its
opening (`denial`); level 4 lays them down sooner (`denial.hold_warily`).
"""

from __future__ import annotations

from domain.commands import PlayerCommand
from domain.rules import RuleSet
from domain.views import SeatView
from workers.bots.careful import choose_careful
from workers.bots.denial import hold_warily, plays_denial
from workers.bots.evaluate import Arrangement
from workers.bots.memory import SeatMemory

# On the last stock (no reuse left), lay down once this few cards remain.
LAY_DOWN_STOCK = 4


def holds_back(view: SeatView, ruleset: RuleSet) -> bool:
    """Whether this table plays the hold-back policy (else: level 3 as is)."""
    return (
        view.seats == 2
        and ruleset.rummy_bonus != "none"
        and not ruleset.initial_meld_min
        and not ruleset.needs_opening
    )


def hold_melds(view: SeatView, arrangement: Arrangement, ruleset: RuleSet) -> bool:
    """Keep the melds in hand: always, until they empty it or the hand runs dry."""
    assert view.seat is not None
    if view.opened[view.seat] or view.melds_this_turn or not arrangement.loose:
        return False
    last_stock = ruleset.stock_out != "reuse" or view.reuses >= ruleset.reuse_limit
    return not (last_stock and view.stock_count <= LAY_DOWN_STOCK)


def choose_holdback(
    view: SeatView, ruleset: RuleSet, memory: SeatMemory | None
) -> PlayerCommand | None:
    """Level 3's command, with melds held back where `holds_back` says so."""
    if plays_denial(ruleset):
        return choose_careful(view, ruleset, memory, hold_warily)
    if memory is None or not holds_back(view, ruleset):
        return choose_careful(view, ruleset, memory)
    # Level 3's pile guard (SeatMemory.may_take_from_pile) keeps held-back
    # hands from cycling pile cards.
    return choose_careful(view, ruleset, memory, hold_melds)
