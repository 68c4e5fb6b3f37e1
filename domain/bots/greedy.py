"""Level 2, greedy: take the discard when it completes a meld, lay down and
off at once, discard the most valuable card that fits nothing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from domain.bots.solver import Arrangement, arrange, card_value, solver
from domain.cards import JOKER, Card
from domain.commands import Discard, Draw, Knock, LayMelds, LayOff, PlayerCommand, SwapJoker
from domain.rules import RuleSet
from domain.views import SeatView


def choose_greedy(view: SeatView, ruleset: RuleSet) -> PlayerCommand | None:
    legal = view.legal_commands
    if not legal:
        return None
    hand = view.hand or ()
    if view.turn != view.seat:
        return Knock() if completes_meld(hand, view.discard_pile[-1:], ruleset) else None
    if view.phase == "draw":
        return best_draw(view, ruleset)
    arrangement = arrange(hand, ruleset)
    return (
        lay_melds(legal, arrangement)
        or swap_joker(legal, hand, arrangement, ruleset)
        or lay_off(legal, arrangement, ruleset, keep_jokers=False)
        or discard_most_valuable(legal, hand, arrangement, ruleset)
    )


# ------------------------------------------------------------------ draw


def after_discard(hand: Sequence[Card], taken: Sequence[Card], ruleset: RuleSet) -> int:
    """Deadwood left once `taken` joins the hand and the worst free loose card goes."""
    arrangement = arrange((*hand, *taken), ruleset)
    loose = Counter(arrangement.loose)
    loose.subtract(taken)
    free = [c for c in +loose if c != JOKER]
    return arrangement.deadwood - max((card_value(c, ruleset) for c in free), default=0)


def completes_meld(hand: Sequence[Card], taken: Sequence[Card], ruleset: RuleSet) -> bool:
    if not taken:
        return False
    arrangement = arrange((*hand, *taken), ruleset)
    in_melds = Counter(c for meld in arrangement.melds for c in meld)
    return in_melds[taken[0]] > 0 and after_discard(hand, taken, ruleset) < deadwood_of(
        hand, ruleset
    )


def deadwood_of(hand: Sequence[Card], ruleset: RuleSet) -> int:
    return arrange(hand, ruleset).deadwood


MAX_PICKUP = 8  # deeper pickups (discard_pickup: any) are never worth the cards


def best_draw(view: SeatView, ruleset: RuleSet) -> PlayerCommand:
    """The stock, unless taking off the pile leaves less deadwood with the
    deepest card taken in a meld."""
    hand = view.hand or ()
    pile = view.discard_pile
    best: PlayerCommand = Draw("stock")
    best_value = deadwood_of(hand, ruleset)
    for command in view.legal_commands:
        if not isinstance(command, Draw) or command.source != "discard":
            continue
        if command.count > MAX_PICKUP:
            continue
        taken = pile[len(pile) - command.count :]
        if not completes_meld(hand, taken, ruleset):
            continue
        value = after_discard(hand, taken, ruleset)
        if value < best_value:
            best, best_value = command, value
    return _legal_or_first(view, best)


def _legal_or_first(view: SeatView, command: PlayerCommand) -> PlayerCommand:
    return command if command in view.legal_commands else view.legal_commands[0]


# ------------------------------------------------------------------ play


def lays_only(command: LayMelds, planned: Counter[tuple[Card, ...]]) -> bool:
    """Whether the command lays melds of `planned` only, each at most as often as counted."""
    return all(planned[meld] >= n for meld, n in Counter(command.melds).items())


def lay_melds(legal: Sequence[PlayerCommand], arrangement: Arrangement) -> LayMelds | None:
    """The legal meld command that lays the most cards of the best split
    (any meld command, when none fits the split)."""
    planned = Counter(arrangement.melds)
    fitting: LayMelds | None = None
    fallback: LayMelds | None = None
    for command in legal:
        if not isinstance(command, LayMelds):
            continue
        size = sum(len(m) for m in command.melds)
        if lays_only(command, planned):
            if fitting is None or size > sum(len(m) for m in fitting.melds):
                fitting = command
        elif fallback is None or size > sum(len(m) for m in fallback.melds):
            fallback = command
    return fitting or fallback


def swap_joker(
    legal: Sequence[PlayerCommand],
    hand: Sequence[Card],
    arrangement: Arrangement,
    ruleset: RuleSet,
) -> SwapJoker | None:
    """A swap that leaves less deadwood with the joker in hand."""
    for command in legal:
        if isinstance(command, SwapJoker):
            rest = list(hand)
            rest.remove(command.card)
            if deadwood_of((*rest, JOKER), ruleset) < arrangement.deadwood:
                return command
    return None


def lay_off(
    legal: Sequence[PlayerCommand],
    arrangement: Arrangement,
    ruleset: RuleSet,
    keep_jokers: bool,
) -> LayOff | None:
    """Lay off the most valuable loose card that fits the table."""
    loose = set(arrangement.loose)
    best: LayOff | None = None
    for command in legal:
        if not isinstance(command, LayOff) or command.card not in loose:
            continue
        if keep_jokers and command.card == JOKER and len(arrangement.loose) > 1:
            continue
        if best is None or card_value(command.card, ruleset) > card_value(best.card, ruleset):
            best = command
    return best


def discard_most_valuable(
    legal: Sequence[PlayerCommand],
    hand: Sequence[Card],
    arrangement: Arrangement,
    ruleset: RuleSet,
) -> PlayerCommand:
    options = [c.card for c in legal if isinstance(c, Discard)]
    if not options:
        return legal[0]
    loose = set(arrangement.loose)
    free = [c for c in options if c in loose]
    if free:
        return Discard(max(free, key=lambda c: (card_value(c, ruleset), c)))
    return Discard(least_damaging(options, hand, ruleset))


def least_damaging(options: Sequence[Card], hand: Sequence[Card], ruleset: RuleSet) -> Card:
    """The card whose loss leaves the least deadwood (a meld card, when all are)."""
    whole = solver(hand, ruleset)

    def cost(card: Card) -> tuple[int, int]:
        rest = list(hand)
        rest.remove(card)
        return whole.solve(rest).deadwood, -card_value(card, ruleset)

    return min(options, key=cost)
