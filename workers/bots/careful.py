"""Level 3, careful: greedy play plus memory of the pile, keeping live partial
melds, not feeding the next seat, holding back for rummy, guarding jokers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from domain.cards import JOKER, Card
from domain.commands import Discard, Draw, Knock, LayMelds, PlayerCommand
from domain.rules import RuleSet
from domain.views import SeatView
from workers.bots.evaluate import (
    Arrangement,
    arrange,
    card_value,
    fits_table,
    neighbours,
    potential,
)
from workers.bots.greedy import (
    after_discard,
    best_draw,
    completes_meld,
    lay_melds,
    lay_off,
    least_damaging,
    swap_joker,
)
from workers.bots.memory import SeatMemory, unseen_cards

# Weights of the discard score (value kept low is good; these trade it off).
POTENTIAL_WEIGHT = 1.5
FEED_PENALTY = 8.0
TABLE_FEED_PENALTY = 4.0
SAFE_BONUS = 3.0


def choose_careful(
    view: SeatView, ruleset: RuleSet, memory: SeatMemory | None
) -> PlayerCommand | None:
    legal = view.legal_commands
    if not legal:
        return None
    hand = view.hand or ()
    if view.turn != view.seat:
        return Knock() if _knock_pays(view, hand, ruleset) else None
    if view.phase == "draw":
        return careful_draw(view, ruleset, memory)
    arrangement = arrange(hand, ruleset)
    melds = None if _hold_for_rummy(view, arrangement, ruleset) else lay_melds(legal, arrangement)
    return (
        melds
        or swap_joker(legal, hand, arrangement, ruleset)
        or lay_off(legal, arrangement, ruleset, keep_jokers=True)
        or careful_discard(view, arrangement, ruleset, memory)
    )


# Take a card that fits no meld yet only when it cuts this much deadwood
# and has live partners (the pickup tells the others what we collect).
SWAP_DOWN_GAIN = 6
SWAP_DOWN_POTENTIAL = 2.0


def careful_draw(view: SeatView, ruleset: RuleSet, memory: SeatMemory | None) -> PlayerCommand:
    command = best_draw(view, ruleset)
    pile = view.discard_pile
    if command != Draw("stock") or not pile or Draw("discard", 1) not in view.legal_commands:
        return command
    if ruleset.initial_meld_min:
        return command  # measured: before opening, pickups that meld nothing only slow it
    hand = view.hand or ()
    top = pile[-1]
    if top == JOKER:
        return Draw("discard", 1)
    gain = arrange(hand, ruleset).deadwood - after_discard(hand, (top,), ruleset)
    if gain >= SWAP_DOWN_GAIN:
        live = live_cards(view, ruleset, memory)
        if potential(top, hand, ruleset, live) >= SWAP_DOWN_POTENTIAL:
            return Draw("discard", 1)
    return command


def _knock_pays(view: SeatView, hand: Sequence[Card], ruleset: RuleSet) -> bool:
    # A knock also brings a blind stock card: worth it only for a real meld.
    return completes_meld(hand, view.discard_pile[-1:], ruleset)


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
    scores = discard_scores(view, free, ruleset, memory)
    return Discard(max(free, key=lambda c: (scores[c], c)))


def discard_scores(
    view: SeatView, cards: Sequence[Card], ruleset: RuleSet, memory: SeatMemory | None
) -> dict[Card, float]:
    """Higher is a better discard: valuable, hopeless, and useless to the next seat."""
    assert view.seat is not None
    hand = view.hand or ()
    live = live_cards(view, ruleset, memory)
    following = (view.seat + 1) % view.seats
    wanted: set[Card] = set()
    unwanted_ranks: set[str] = set()
    if memory is not None:
        for card in (*memory.known[following], *memory.taken[following]):
            wanted.update(neighbours(card, ruleset))
            wanted.add(card)
        unwanted_ranks = {c[0] for c in memory.discarded[following] if c != JOKER}
    may_lay_off = not ruleset.needs_opening or view.opened[following]
    scores: dict[Card, float] = {}
    for card in cards:
        score = card_value(card, ruleset) - POTENTIAL_WEIGHT * potential(card, hand, ruleset, live)
        if card in wanted:
            score -= FEED_PENALTY
        if may_lay_off and fits_table(card, view.table, ruleset):
            score -= TABLE_FEED_PENALTY
        if card[0] in unwanted_ranks:
            score += SAFE_BONUS
        scores[card] = score
    return scores
