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
  (`careful_discard.JOKER_SWAP_KEEP`).
- Lays off jokers like any loose card (measured: holding them loses races).
- Holds melds back for rummy only with two seats, no opening minimum.
- With an opening minimum, opens small and holds later melds (`denial`).
- Swaps a loose card for a table joker: the joker fits where the card did not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from domain.bots.careful_discard import careful_discard
from domain.bots.careful_draw import careful_draw
from domain.bots.denial import hold_after_opening, plays_denial, smallest_opening
from domain.bots.feeding import Reading
from domain.bots.going_out import going_out
from domain.bots.greedy import completes_meld, lay_melds, lay_off, swap_joker
from domain.bots.memory import SeatMemory
from domain.bots.solver import Arrangement, Solver, arrange, card_value
from domain.bots.table_fits import fits_table
from domain.cards import JOKER, Card
from domain.commands import Knock, LayMelds, PlayerCommand, SwapJoker
from domain.rules import RuleSet
from domain.views import SeatView

# Melds to lay down while the rest are held: (view, arrangement, ruleset, memory).
LaySome = Callable[[SeatView, Arrangement, RuleSet, SeatMemory | None], LayMelds | None]


def choose_careful(
    view: SeatView,
    ruleset: RuleSet,
    memory: SeatMemory | None,
    hold: Callable[[SeatView, Arrangement, RuleSet], bool] | None = None,
    lay_some: LaySome | None = None,
    reads_feeding: Reading = True,
) -> PlayerCommand | None:
    """Level 3's command. `hold` (default: level 3's, for rummy or, with an
    opening minimum, to deny lay-offs) says whether to keep melds in hand
    this turn, and `lay_some` which of them go down all the same; level 4
    passes its own. `reads_feeding`: whether discards weigh the next seat's
    hand read from its discards (`careful_discard.FEED_RISK_WEIGHT`; "careful":
    read as level 3 plays, `feeding.careful_chances`)."""
    legal = view.legal_commands
    if not legal:
        return None
    hand = view.hand or ()
    if view.turn != view.seat:
        return Knock() if _knock_pays(view, hand, ruleset) else None
    if view.phase == "draw":
        return careful_draw(view, ruleset, memory, reads_feeding)
    arrangement = arrange(hand, ruleset)
    out = going_out(view, ruleset, arrangement)
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
        or careful_discard(view, arrangement, ruleset, memory, reads_feeding)
    )


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
