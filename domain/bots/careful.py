"""Level 3, careful: greedy play plus memory of the pile.

- Discards keep the hand with the most outs (live cards that would meld with
  its loose cards or extend a meld), then dump value, without feeding the next
  seat (without an opening minimum, its hand read from its discards and
  passes: `feeding`).
- Takes a discard whose outs make a better hand than a blind draw (`TAKE_TO_IMPROVE`).
- Goes out whenever the hand can be emptied this turn, by any split of it,
  even when that means keeping a meld card back as the last discard
  (`go_out: discard`) or laying off cards one after another on a table run
  (`chains`), and takes the discard that lets it go out.
- Near the way out (palace), discards to keep the most draws that go out
  next turn (`nextdraw`).
- Takes a discarded joker, a discard it can lay off at once, and one that
  frees a joker on the table, and keeps such cards until it may swap them
  (`JOKER_SWAP`, below).
- Lays off jokers like any loose card (measured: holding them loses races).
- Holds melds back for rummy only with two seats, no opening minimum.
- With an opening minimum, opens small and holds later melds (`denial`).
- Swaps a loose card for a table joker: the joker fits where the card did not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import msgspec

from domain.bots.chains import Chain, lay_off_chains
from domain.bots.denial import hold_after_opening, plays_denial, smallest_opening
from domain.bots.feeding import feed_risks
from domain.bots.greedy import (
    after_discard,
    best_draw,
    completes_meld,
    lay_melds,
    lay_off,
    lays_only,
    least_damaging,
    swap_joker,
)
from domain.bots.memory import SeatMemory, unseen_cards
from domain.bots.nextdraw import going_out_draws
from domain.bots.outs import neighbours, outs, potential
from domain.bots.solver import Arrangement, Solver, arrange, card_value, opening_points
from domain.bots.table_fits import fits_table, frees_joker
from domain.bots.way_out import WayOut
from domain.cards import JOKER, Card
from domain.commands import Discard, Draw, Knock, LayMelds, LayOff, PlayerCommand, SwapJoker
from domain.rules import RuleSet
from domain.views import SeatView

# Melds to lay down while the rest are held: (view, arrangement, ruleset, memory).
LaySome = Callable[[SeatView, Arrangement, RuleSet, SeatMemory | None], LayMelds | None]

# Weights of the discard score (value kept low is good; these trade it off).
POTENTIAL_WEIGHT = 0.0
OUT_WEIGHT = 20.0
# Before an initial meld with a minimum, high cards help reach it.
CLOSED_VALUE_WEIGHT = 1.0
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
NEXT_DRAW_WEIGHT = 40.0
NEAR_STUCK = 3


def choose_careful(
    view: SeatView,
    ruleset: RuleSet,
    memory: SeatMemory | None,
    hold: Callable[[SeatView, Arrangement, RuleSet], bool] | None = None,
    lay_some: LaySome | None = None,
) -> PlayerCommand | None:
    """Level 3's command. `hold` (default: level 3's, for rummy or, with an
    opening minimum, to deny lay-offs) says whether to keep melds in hand
    this turn, and `lay_some` which of them go down all the same; level 4
    passes its own."""
    legal = view.legal_commands
    if not legal:
        return None
    hand = view.hand or ()
    if view.turn != view.seat:
        return Knock() if _knock_pays(view, hand, ruleset) else None
    if view.phase == "draw":
        return careful_draw(view, ruleset, memory)
    arrangement = arrange(hand, ruleset)
    out = going_out(view, ruleset, arrangement) if GO_OUT_PLAN else None
    if out is not None:
        return out
    holding = (hold or _hold_melds)(view, arrangement, ruleset)
    melds = None if holding else lay_melds(legal, _laying_split(view, arrangement, ruleset))
    if holding and lay_some is not None:
        melds = lay_some(view, arrangement, ruleset, memory)
    if melds is not None and plays_denial(ruleset) and not view.opened[view.seat]:
        melds = smallest_opening(legal, arrangement, ruleset) or melds
    return (
        melds
        or swap_joker(legal, hand, arrangement, ruleset)
        or swap_loose(legal, arrangement, ruleset)
        or lay_off(legal, arrangement, ruleset, keep_jokers=False)
        or careful_discard(view, arrangement, ruleset, memory)
    )


# Take a card that fits no meld yet only when it cuts this much deadwood
# and has live partners (the pickup tells the others what we collect).
SWAP_DOWN_GAIN = 6
SWAP_DOWN_POTENTIAL = 2.0
TAKE_JOKER = True
GO_OUT_PLAN = True
TAKE_TABLE_FIT = True
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
JOKER_SWAP = True
JOKER_SWAP_KEEP = 30.0
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
# Take the discard when the hand goes out with it this turn (`goes_out_with`),
# though it melds nothing in the least-deadwood split: a sure win instead of
# a blind draw. It happens in about one hand in forty; measured as above:
# 47.6% -> 47.9% of hands and 58.9% -> 59.2% pairwise at seed 0 (seed 1000:
# 48.7% -> 48.9%, 59.7% -> 59.8%), small as most of those hands were won a
# turn later anyway.
TAKE_TO_GO_OUT = True
# The way out counts lay-off chains (`chains`: the 9H onto 5H-7H once the 8H
# is laid off). Measured as above: hands won 48.5% -> 49.4% and pairwise
# 59.8% -> 60.4% at seed 0, 49.6% -> 51.1% and 60.3% -> 61.4% at seed 1000,
# 49.1% -> 50.4% and 59.5% -> 60.4% at seed 2000, 50.5% -> 52.2% and 60.6%
# -> 61.7% at seed 5000 (basic, two seats: 61.2% and 60.5% -> 60.7%).
CHAINS = True


def careful_draw(view: SeatView, ruleset: RuleSet, memory: SeatMemory | None) -> PlayerCommand:
    take = Draw("discard", 1)
    if (
        TAKE_TO_GO_OUT
        and take in view.legal_commands
        and goes_out_with(view, ruleset, view.discard_pile[-1])
    ):
        return take  # the hand ends this turn: no pile cycle to guard against
    command = _preferred_draw(view, ruleset, memory)
    takes_pile = command != Draw("stock") and bool(view.discard_pile)
    if (
        takes_pile
        and memory is not None
        and Draw("stock") in view.legal_commands
        and not memory.may_take_from_pile(view.discard_pile[-1])
    ):
        return Draw("stock")
    return command


def _preferred_draw(view: SeatView, ruleset: RuleSet, memory: SeatMemory | None) -> PlayerCommand:
    command = best_draw(view, ruleset)
    pile = view.discard_pile
    if command != Draw("stock") or not pile or Draw("discard", 1) not in view.legal_commands:
        return command
    hand = view.hand or ()
    top = pile[-1]
    assert view.seat is not None
    if top == JOKER and TAKE_JOKER:
        return Draw("discard", 1)
    if JOKER_SWAP and frees_joker(top, view.table, ruleset):
        return Draw("discard", 1)
    may_lay_off = ruleset.lay_off and (not ruleset.needs_opening or view.opened[view.seat])
    if TAKE_TABLE_FIT and may_lay_off and fits_table(top, view.table, ruleset):
        # A sure step toward going out: it goes straight onto the table.
        return Draw("discard", 1)
    if ruleset.initial_meld_min:
        return command  # measured: before opening, pickups that meld nothing only slow it
    gain = arrange(hand, ruleset).deadwood - after_discard(hand, (top,), ruleset)
    if gain >= SWAP_DOWN_GAIN:
        live = live_cards(view, ruleset, memory)
        if potential(top, hand, ruleset, live) >= SWAP_DOWN_POTENTIAL:
            return Draw("discard", 1)
    if TAKE_TO_IMPROVE and _improves(view, ruleset, memory, top):
        return Draw("discard", 1)
    return command


def _improves(view: SeatView, ruleset: RuleSet, memory: SeatMemory | None, top: Card) -> bool:
    """Whether the hand with `top` taken off the pile keeps a better discard
    than the hand now has (`discard_scores`: outs, value, feeding the next
    seat) by TAKE_TO_IMPROVE: a known card that gives the hand outs, against a
    blind one."""
    hand = view.hand or ()
    now = _best_discard_score(view, ruleset, memory)
    taken = msgspec.structs.replace(
        view, hand=tuple(sorted((*hand, top))), discard_pile=view.discard_pile[:-1]
    )
    after = _best_discard_score(taken, ruleset, memory, keep=top)
    return now is not None and after is not None and after - now >= TAKE_TO_IMPROVE


def _best_discard_score(
    view: SeatView, ruleset: RuleSet, memory: SeatMemory | None, keep: Card | None = None
) -> float | None:
    """The score of the best loose card to discard (not `keep`), None if none is loose."""
    arrangement = arrange(view.hand or (), ruleset)
    free = [c for c in set(arrangement.loose) if c not in (JOKER, keep)]
    if not free:
        return None
    return max(discard_scores(view, free, ruleset, memory, arrangement).values())


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


def _laying_split(view: SeatView, arrangement: Arrangement, ruleset: RuleSet) -> Arrangement:
    """The split whose melds go down: the one that leaves the least value in
    hand once the cards that fit the table are laid off (they count as gone),
    not the least deadwood. In palace the seat lays down when an opponent is
    about to go out (`denial`), so what stays in hand is what it will lose.
    Measured in palace, four seats, level 3 against three level 2 seats
    (1,000 hands): hands won +0.2 to +0.6 points and pairwise +0.4 to +0.6
    at each of seeds 0, 1000, 2000 and 5000 (basic, two seats: unchanged)."""
    assert view.seat is not None
    may_lay_off = ruleset.lay_off and (not ruleset.needs_opening or view.opened[view.seat])
    if not may_lay_off or not view.table:
        return arrangement
    hand = view.hand or ()
    values = {
        card: 0 if fits_table(card, view.table, ruleset) else card_value(card, ruleset)
        for card in set(hand)
    }
    values.setdefault(JOKER, card_value(JOKER, ruleset))
    return Solver(tuple(sorted(hand)), ruleset, values).solve(hand)


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


def _table_fits(hand: Sequence[Card], view: SeatView, ruleset: RuleSet) -> dict[Card, bool]:
    """Which cards of the hand could be laid off on the table as it stands.

    Lay-offs need an opening (`lay_off_needs_own_meld`), but the opening
    melds of this very turn open the seat: a closed hand may count them too."""
    return {card: ruleset.lay_off and fits_table(card, view.table, ruleset) for card in set(hand)}


def _way_out(
    hand: Sequence[Card], view: SeatView, ruleset: RuleSet
) -> tuple[WayOut, dict[Chain, LayOff]]:
    """The way-out search over the hand, with the table's lay-offs and chains."""
    fits = _table_fits(hand, view, ruleset)
    chains = lay_off_chains(hand, view.table, ruleset, fits) if CHAINS else {}
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


def _knock_pays(view: SeatView, hand: Sequence[Card], ruleset: RuleSet) -> bool:
    # A knock also brings a blind stock card: worth it only for a real meld.
    return completes_meld(hand, view.discard_pile[-1:], ruleset)


def _hold_melds(view: SeatView, arrangement: Arrangement, ruleset: RuleSet) -> bool:
    if plays_denial(ruleset):
        return hold_after_opening(view, arrangement, ruleset)
    return _hold_for_rummy(view, arrangement, ruleset)


def swap_loose(
    legal: Sequence[PlayerCommand], arrangement: Arrangement, ruleset: RuleSet
) -> SwapJoker | None:
    """Give the most valuable loose card for a table joker: the joker fits
    where the card did not (a partial, or any meld to lay off on), and no
    opponent gets it. Measured in palace, four seats: +1 point of hands won."""
    loose = Counter(arrangement.loose)
    best: SwapJoker | None = None
    for command in legal:
        if not isinstance(command, SwapJoker) or loose[command.card] == 0:
            continue
        if best is None or card_value(command.card, ruleset) > card_value(best.card, ruleset):
            best = command
    return best


def _hold_for_rummy(view: SeatView, arrangement: Arrangement, ruleset: RuleSet) -> bool:
    """Keep melds in hand while going rummy is near and nobody threatens to go out."""
    assert view.seat is not None
    if ruleset.rummy_bonus == "none" or view.opened[view.seat] or view.melds_this_turn:
        return False
    if ruleset.initial_meld_min or view.seats > 2:
        # Measured: with an opening minimum or several opponents, waiting loses more hands.
        return False
    could_go_out = len(arrangement.loose) <= (1 if ruleset.go_out == "discard" else 0)
    if could_go_out:
        return False  # lay everything now: that is the rummy
    near = len(arrangement.loose) <= 2
    others = [n for seat, n in enumerate(view.hand_sizes) if seat != view.seat]
    safe = min(others, default=99) > 4 and view.stock_count > 2 * view.seats
    return near and safe


def live_cards(view: SeatView, ruleset: RuleSet, memory: SeatMemory | None) -> Counter[Card]:
    table = [p.card for meld in view.table for p in meld.cards]
    known = memory.known_elsewhere() if memory else None
    return unseen_cards(ruleset.pack(), view.hand or (), table, view.discard_pile, known)


def careful_discard(
    view: SeatView, arrangement: Arrangement, ruleset: RuleSet, memory: SeatMemory | None
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
    scores = discard_scores(view, free, ruleset, memory, arrangement)
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
    fits = _table_fits(hand, view, ruleset)
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
) -> dict[Card, float]:
    """Higher is a better discard: valuable, hopeless (the hand kept has the
    most outs), and useless to the next seat."""
    assert view.seat is not None
    hand = view.hand or ()
    live = live_cards(view, ruleset, memory)
    if arrangement is None:
        arrangement = arrange(hand, ruleset)
    fits: dict[Card, bool] = {}
    closed = ruleset.initial_meld_min > 0 and not view.opened[view.seat]
    value_weight = CLOSED_VALUE_WEIGHT if closed else 1.0
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
    if _reads_feeding(ruleset) and memory is not None:
        size = view.hand_sizes[following]
        risks = feed_risks(list(cards), following, size, live, memory, ruleset)
    scores: dict[Card, float] = {}
    for card in cards:
        score = value_weight * card_value(card, ruleset)
        if POTENTIAL_WEIGHT:
            score -= POTENTIAL_WEIGHT * potential(card, hand, ruleset, live)
        if OUT_WEIGHT:
            rest = list(arrangement.loose)
            if card in rest:
                rest.remove(card)
            kept = Arrangement((0, arrangement.melds, tuple(rest)))
            score += OUT_WEIGHT * outs(hand, kept, live, ruleset, view.table, fits)
        if card in wanted:
            score -= FEED_PENALTY
        score -= FEED_RISK_WEIGHT * risks.get(card, 0.0)
        if may_lay_off and fits_table(card, view.table, ruleset):
            score -= TABLE_FEED_PENALTY
        if card[0] in unwanted_ranks:
            score += SAFE_BONUS
        if JOKER_SWAP and frees_joker(card, view.table, ruleset):
            score -= JOKER_SWAP_KEEP
        scores[card] = score
    return scores
