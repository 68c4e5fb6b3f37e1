"""Level 3's draw: the pile's card when it goes out, frees a joker, fits or beats a blind draw."""

from __future__ import annotations

from domain.bots.careful_discard import discard_scores
from domain.bots.feeding import Reading
from domain.bots.going_out import goes_out_with
from domain.bots.greedy import after_discard, best_draw
from domain.bots.memory import SeatMemory, live_cards
from domain.bots.outs import potential
from domain.bots.solver import arrange
from domain.bots.table_fits import fits_table, frees_joker
from domain.cards import JOKER, Card
from domain.commands import Draw, PlayerCommand
from domain.rules import RuleSet
from domain.views import SeatView

# Take a card that fits no meld yet only when it cuts this much deadwood
# and has live partners (the pickup tells the others what we collect).
SWAP_DOWN_GAIN = 6
SWAP_DOWN_POTENTIAL = 2.0
# Take the discard when, with it, the best discard scores this much more than
# the best discard now (`_improves`): the outs of a known card against a blind
# draw (basic; before an opening, pickups that meld nothing only slow it).
# In basic, two seats, level 3 against level 2 (1,000 hands, with the feeding
# risk, `FEED_RISK_WEIGHT`), hands won at seeds 3000/4000/5000/6000:
# 63.1/63.3/64.9/65.4% -> 64.5/64.6/67.7/66.0% (a threshold of 10: 63.7/64.5/
# 65.6/65.1%; 40: 63.2/64.8% at the first two). Without the feeding risk it
# gained nothing (61.7/58.5/61.5/65.5%). The two together at seeds 0 and 1000:
# 61.2/60.7% -> 66.0/65.6% of hands, +0.3/+0.8 -> +2.3/+2.1 points a hand.
# Level 4 shares both and keeps its edge over level 3 (basic, base policy
# without search, seeds 0 and 1000: 64.3/63.7% -> 65.5/66.4%).
TAKE_TO_IMPROVE = 20.0


def careful_draw(
    view: SeatView, ruleset: RuleSet, memory: SeatMemory | None, reads_feeding: Reading = True
) -> PlayerCommand:
    take = Draw("discard", 1)
    # Take the discard when the hand goes out with it this turn (`goes_out_with`),
    # though it melds nothing in the least-deadwood split: a sure win instead of
    # a blind draw. It happens in about one hand in forty; measured as above:
    # 47.6% -> 47.9% of hands and 58.9% -> 59.2% pairwise at seed 0 (seed 1000:
    # 48.7% -> 48.9%, 59.7% -> 59.8%), small as most of those hands were won a
    # turn later anyway.
    if take in view.legal_commands and goes_out_with(view, ruleset, view.discard_pile[-1]):
        return take  # the hand ends this turn: no pile cycle to guard against
    command = _preferred_draw(view, ruleset, memory, reads_feeding)
    takes_pile = command != Draw("stock") and bool(view.discard_pile)
    if (
        takes_pile
        and memory is not None
        and Draw("stock") in view.legal_commands
        and not memory.may_take_from_pile(view.discard_pile[-1])
    ):
        return Draw("stock")
    return command


def _preferred_draw(
    view: SeatView, ruleset: RuleSet, memory: SeatMemory | None, reads_feeding: Reading
) -> PlayerCommand:
    command = best_draw(view, ruleset)
    pile = view.discard_pile
    if command != Draw("stock") or not pile or Draw("discard", 1) not in view.legal_commands:
        return command
    hand = view.hand or ()
    top = pile[-1]
    assert view.seat is not None
    if top == JOKER:
        return Draw("discard", 1)
    if frees_joker(top, view.table, ruleset):
        return Draw("discard", 1)
    may_lay_off = ruleset.lay_off and (not ruleset.needs_opening or view.opened[view.seat])
    if may_lay_off and fits_table(top, view.table, ruleset):
        # A sure step toward going out: it goes straight onto the table.
        return Draw("discard", 1)
    if ruleset.initial_meld_min:
        return command  # measured: before opening, pickups that meld nothing only slow it
    gain = arrange(hand, ruleset).deadwood - after_discard(hand, (top,), ruleset)
    if gain >= SWAP_DOWN_GAIN:
        live = live_cards(view, ruleset, memory)
        if potential(top, hand, ruleset, live) >= SWAP_DOWN_POTENTIAL:
            return Draw("discard", 1)
    if _improves(view, ruleset, memory, top, reads_feeding):
        return Draw("discard", 1)
    return command


def _improves(
    view: SeatView, ruleset: RuleSet, memory: SeatMemory | None, top: Card, reads_feeding: Reading
) -> bool:
    """Whether the hand with `top` taken off the pile keeps a better discard
    than the hand now has (`discard_scores`: outs, value, feeding the next
    seat) by TAKE_TO_IMPROVE: a known card that gives the hand outs, against a
    blind one."""
    hand = view.hand or ()
    now = _best_discard_score(view, ruleset, memory, reads_feeding)
    # `copy.replace` from Python 3.13 on; the view's own hook before, so the
    # bots need no library beyond the domain and the standard library.
    taken = view.__replace__(hand=tuple(sorted((*hand, top))), discard_pile=view.discard_pile[:-1])
    after = _best_discard_score(taken, ruleset, memory, reads_feeding, keep=top)
    return now is not None and after is not None and after - now >= TAKE_TO_IMPROVE


def _best_discard_score(
    view: SeatView,
    ruleset: RuleSet,
    memory: SeatMemory | None,
    reads_feeding: Reading,
    keep: Card | None = None,
) -> float | None:
    """The score of the best loose card to discard (not `keep`), None if none is loose."""
    arrangement = arrange(view.hand or (), ruleset)
    free = [c for c in set(arrangement.loose) if c not in (JOKER, keep)]
    if not free:
        return None
    scores = discard_scores(view, free, ruleset, memory, arrangement, reads_feeding)
    return max(scores.values())
