"""Level 3's discard: the loose card whose loss keeps most outs and feeds the next seat least."""

from __future__ import annotations

from collections.abc import Sequence

from domain.bots.denial import plays_denial
from domain.bots.feeding import Reading, feed_risks
from domain.bots.going_out import hand_table_fits
from domain.bots.greedy import least_damaging
from domain.bots.memory import SeatMemory, live_cards
from domain.bots.nextdraw import going_out_draws
from domain.bots.outs import neighbours, outs
from domain.bots.solver import Arrangement, arrange, card_value
from domain.bots.table_fits import fits_table, frees_joker
from domain.bots.way_out import WayOut
from domain.cards import JOKER, Card
from domain.commands import Discard, LayMelds, PlayerCommand
from domain.rules import RuleSet
from domain.views import SeatView

# Weights of the discard score (value kept low is good; these trade it off).
OUT_WEIGHT = 20.0
FEED_PENALTY = 8.0
# Times the chance that the next seat holds two cards that meld with the
# discard (`feeding`, read from its discards: level 2 keeps no card worth more
# than one it discarded). In basic, two seats, level 3 against level 2
# (1,000 hands), hands won at seeds 3000/4000/5000/6000: 59.2/61.6/64.6/61.6%
# -> 63.1/63.3/64.9/65.4%; without the passed pairs 63.1/62.0/64.6/62.9%.
# Bounded by the last discard instead of the least, at seed 0: 62.6% at a
# weight of 30, 63.8% at 100, 62.1% at 200, 56.5% at 400 (too shy to build a
# hand). A perfect read (the real hand, any weight from 20) would win 71-73%.
# With the discard taken to improve the hand (`TAKE_TO_IMPROVE`) the two gain
# more than their sum. Palace (four seats, pairwise, seeds 0/1000/2000/3000/
# 4000/5000): 60.7/62.2/60.4/63.4/60.0/62.0% -> 61.6/63.7/61.5/64.3/59.9/
# 61.9%, +0.7 on average (weight 200 or 50, or twice the weight against an
# unopened seat, no better; none against it, worse). Level 3 so plays level 4
# closer there (base policy, 400 hands, seeds 0/1000/2000: level 4 pairwise
# 63.0/62.1/65.2% -> 60.3/61.0/63.3%; level 4's own read changes nothing;
# with the search, seed 0: 62.7% -> 59.8%). With an opening minimum the read
# misses the melds a seat holds until it opens, and it gains too little to be
# worth level 4's edge: it is off there (`_reads_feeding`).
FEED_RISK_WEIGHT = 100.0
# The same weight for level 4's read of a next seat that plays level 3
# (`holdback.choose_holdback`).
CAREFUL_RISK_WEIGHT = 100.0
TABLE_FEED_PENALTY = 4.0
SAFE_BONUS = 3.0
# Near the way out (at most NEAR_STUCK cards that fit nowhere, before the
# discard), each live card that would take the hand out on the next turn
# (`nextdraw.going_out_draws`) adds this to the score of the discard that
# keeps it an out: the outs above count cards that meld with two loose cards
# or extend a meld, not whether the hand is then out, and missed the best
# discard in about one turn in ten. In palace, four seats, level 3 against
# three level 2 seats (1,000 hands, with lay-off chains), hands won and
# pairwise: seed 0 49.4% -> 50.5% and 60.4% -> 61.1%, seed 1000 51.1% ->
# 52.7% and 61.4% -> 62.4%, seed 2000 50.4% -> 50.2% and 60.4% -> 60.1%,
# seed 5000 52.2% -> 52.6% and 61.7% -> 61.8% (3,000 hands at seed 10000:
# 49.9% -> 50.7% and 61.0% -> 61.4%): small, but not a trade. Weights 20 to
# 100 play alike; NEAR_STUCK 2 gained half as much. Palace only
# (`plays_denial`), where it was measured; it took p95 decision time from
# about 0.8 to 3.5 ms, 2.4 ms once the searches were made faster.
# Level 4 holding its melds in basic with four seats, the same count (issue
# 30), changed 10 of 1,383 discards (200 hands, seed 7) and nothing measurable
# (seed 580357958, 600 hands: 31.5% -> 31.5% of hands, +7.9 -> +8.2 points a
# hand, 36.0% -> 36.5% of games): not kept.
NEXT_DRAW_WEIGHT = 40.0
NEAR_STUCK = 3
# A card that can take a joker's place on the table is nearly a joker in hand
# (swap it in, the joker fits where the card did not), and one joker fewer
# for the others to swap: take it off the pile (also before the opening, to
# swap once opened) and keep it rather than discard it. Measured with
# `rummy simulate --preset palace --seats 4 --bots 2,3 --hands 1000` (level 3
# against three level 2 seats): hands won 44.0% -> 45.4% and pairwise 56.8%
# -> 57.9% at seed 0 (seed 1000: 45.9% -> 46.0%, 57.1% -> 57.4%). With the
# opening by lay-off places (`denial.smallest_opening`) as well: 46.2% and
# 58.0% (seed 1000: 46.2%, 57.9%; 3,000 hands at seeds 2000 and 5000: 45.8%
# and 57.2% each, against 44.1%/55.9% and 43.8%/55.6% before).
JOKER_SWAP_KEEP = 30.0


def careful_discard(
    view: SeatView,
    arrangement: Arrangement,
    ruleset: RuleSet,
    memory: SeatMemory | None,
    reads_feeding: Reading = True,
) -> PlayerCommand:
    legal = view.legal_commands
    hand = view.hand or ()
    options = [c.card for c in legal if isinstance(c, Discard)]
    if not options:
        return next((c for c in legal if isinstance(c, LayMelds)), legal[0])
    loose = set(arrangement.loose)
    free = [c for c in options if c in loose and c != JOKER]
    if not free:
        natural = [c for c in options if c != JOKER] or options
        return Discard(least_damaging(natural, hand, ruleset))
    scores = discard_scores(view, free, ruleset, memory, arrangement, reads_feeding)
    if (
        NEXT_DRAW_WEIGHT
        and plays_denial(ruleset)
        and len(set(free)) > 1
        and _near_out(view, hand, ruleset)
    ):
        live = live_cards(view, ruleset, memory)
        draws = going_out_draws(hand, set(free), view.table, ruleset, live)
        for card, count in draws.items():
            scores[card] += NEXT_DRAW_WEIGHT * count
    return Discard(max(free, key=lambda c: (scores[c], c)))


def _near_out(view: SeatView, hand: Sequence[Card], ruleset: RuleSet) -> bool:
    """Whether one draw might take the hand out after this discard: at most
    NEAR_STUCK cards fit nowhere (one is discarded, a drawn card melds two)."""
    assert view.seat is not None
    if ruleset.needs_opening and not view.opened[view.seat]:
        return False
    fits = hand_table_fits(hand, view, ruleset)
    return WayOut(hand, ruleset, fits).split(hand, stuck=NEAR_STUCK) is not None


def _reads_feeding(ruleset: RuleSet) -> bool:
    """Whether discards weigh the next seat's hand read from its discards (see FEED_RISK_WEIGHT)."""
    return bool(FEED_RISK_WEIGHT) and not plays_denial(ruleset)


def discard_scores(
    view: SeatView,
    cards: Sequence[Card],
    ruleset: RuleSet,
    memory: SeatMemory | None,
    arrangement: Arrangement | None = None,
    reads_feeding: Reading = True,
) -> dict[Card, float]:
    """Higher is a better discard: valuable, hopeless (the hand kept has the
    most outs), and useless to the next seat (read as level 2 plays when
    `reads_feeding`: see FEED_RISK_WEIGHT)."""
    assert view.seat is not None
    hand = view.hand or ()
    live = live_cards(view, ruleset, memory)
    if arrangement is None:
        arrangement = arrange(hand, ruleset)
    fits: dict[Card, bool] = {}
    following = (view.seat + 1) % view.seats
    wanted: set[Card] = set()
    unwanted_ranks: set[str] = set()
    if memory is not None:
        for card in (*memory.known[following], *memory.taken[following]):
            wanted.update(neighbours(card, ruleset))
            wanted.add(card)
        unwanted_ranks = {c[0] for c in memory.discarded[following] if c != JOKER}
    may_lay_off = not ruleset.needs_opening or view.opened[following]
    risks: dict[Card, float] = {}
    careful = reads_feeding in ("careful", "careful_table")
    if careful and memory is not None:
        size = view.hand_sizes[following]
        absent: frozenset[Card] = frozenset()
        if reads_feeding == "careful_table" and may_lay_off and ruleset.lay_off:
            absent = frozenset(c for c in live if fits_table(c, view.table, ruleset))
        risks = feed_risks(
            list(cards), following, size, live, memory, ruleset, careful=True, absent=absent
        )
    elif reads_feeding and _reads_feeding(ruleset) and memory is not None:
        size = view.hand_sizes[following]
        risks = feed_risks(list(cards), following, size, live, memory, ruleset)
    scores: dict[Card, float] = {}
    for card in cards:
        score: float = card_value(card, ruleset)
        rest = list(arrangement.loose)
        if card in rest:
            rest.remove(card)
        kept = Arrangement((0, arrangement.melds, tuple(rest)))
        score += OUT_WEIGHT * outs(hand, kept, live, ruleset, view.table, fits)
        if card in wanted:
            score -= FEED_PENALTY
        score -= (CAREFUL_RISK_WEIGHT if careful else FEED_RISK_WEIGHT) * risks.get(card, 0.0)
        if may_lay_off and fits_table(card, view.table, ruleset):
            score -= TABLE_FEED_PENALTY
        if card[0] in unwanted_ranks:
            score += SAFE_BONUS
        if frees_joker(card, view.table, ruleset):
            score -= JOKER_SWAP_KEEP
        scores[card] = score
    return scores
