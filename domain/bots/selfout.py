"""Level 4 at palace tables of more than two seats: the draw and discard that get it out soonest.

At each draw (the pile's top card or the stock) and each discard (the loose
cards, the base policy's choice and the CANDIDATES best by `discard_scores`)
the seat deals the unseen cards at random (what it cannot see: the stock and
the opponents' hands, less the cards it saw them take) and plays its own next
HORIZON draws alone, no opponent simulated: the first turn t at which the hand
kept plus the t cards drawn splits into melds and lay-offs on today's table
with at most t cards left over (one discard a turn, the last one going out).
A candidate scores GAMMA ** t when that t is within HORIZON turns (the chance
that no opponent went out first falls each turn), else 0. Every candidate is
scored on the same SAMPLES draws, so the edge over the base choice is a
paired difference that must clear EDGE_Z standard errors.

Measured in palace, one level 4 against three level 3, base policy alone ->
this search every turn (`python -m service.tools.ladder --preset palace
--seats 4 --bots 3,4`, the same seeds both sides; level 4's budget read on the
thread's CPU clock but set past any decision, so both rows are reproducible):
- 600 hands, seeds 818730284, 646674076, 792882188, 120518406: 25.7% ->
  29.8% of hands, +26 -> +51 points a hand, 34.3% -> 40.0% of games;
- 2,000 hands, fresh seeds 699795177 and 88096867 (1,000 each): 24.1%
  (22.3-26.0%) -> 27.4% (25.5-29.4%) of hands, +19.4 (+9.6-+29.1) ->
  +37.5 (+27.3-+47.8) points a hand, 34.5% (30.9-38.1%) -> 38.8%
  (35.2-42.6%) of 666 games; better on both seeds (24.1 -> 27.5%, 24.1 ->
  27.3%). p95 of a decision 95 ms of thread CPU (p95 2.7 ms without);
- again, 2,000 hands, fresh seeds 302525647 and 98569701: 26.2% (24.3-28.1%)
  -> 27.8% (25.8-29.8%) of hands, +29.6 -> +40.7 points a hand, 35.4% ->
  39.6% of 666 games; p95 97 ms.
Tried and not kept: searching only after the seat's opening, 1,000 hands at
seed 776926125: 23.9% -> 24.5% of hands (most of the gain comes before the
opening). The same search at four seats in basic and classic, where the base
policy holds every meld back (`holdback.holds_back`; the pile's top card
only, a last turn that goes out without a discard leaving one card fewer
over), the same deals, 2,000 fresh hands a row (1,000 a seed), base policy
-> search, p95 1 -> 19 ms (basic), 2 -> 23 ms (classic):
- basic, seeds 468071499 and 845687652: 30.7% (28.7-32.7%) -> 30.2%
  (28.2-32.2%) of hands, +8.5 -> +7.8 points a hand, 36.4% -> 32.4% of
  662/664 games;
- classic, seeds 621056731 and 754807495: 31.4% (29.4-33.5%) -> 31.0%
  (29.0-33.1%) of hands, +2.3 -> +2.0 points a hand, 33.0% -> 29.3% of
  451/457 games.
In palace, seeds 302525647 and 98569701 (2,000 hands; as it is 27.8% of
hands, +40.7 points, 39.6% of games): each discard's score less 0.25 times the
chance the next seat holds two cards that meld with it (`feeding.feed_risks`,
its hand read as level 3 plays): 26.7% (24.8-28.6%) of hands, +35.5 points,
37.4% of games; EDGE_Z 0.5: 27.8% (25.8-29.8%) of hands, +40.5 points,
39.6% of games, p95 102 ms (no change).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable

from domain.bots.careful_discard import discard_scores
from domain.bots.chance import Chance, reseeded
from domain.bots.memory import SeatMemory, live_cards
from domain.bots.paired_edges import significant_best
from domain.bots.solver import arrange
from domain.bots.table_fits import fits_table
from domain.bots.way_out import WayOut
from domain.cards import JOKER, Card
from domain.commands import Discard, Draw, PlayerCommand
from domain.rules import RuleSet
from domain.views import SeatView

HORIZON = 6
GAMMA = 0.75
SAMPLES = 40
CANDIDATES = 5
EDGE_Z = 1.0
MIN_EDGE = 0.02


def choose_self_out(
    view: SeatView,
    ruleset: RuleSet,
    memory: SeatMemory | None,
    prior: PlayerCommand,
    rng: Chance,
    passed: Callable[[], bool],
) -> PlayerCommand:
    """The discard (or draw) that gets the seat's own hand out soonest, else `prior`."""
    assert view.seat is not None
    if view.turn != view.seat:
        return prior
    hand = view.hand or ()
    legal = view.legal_commands
    top: Card | None = None
    if view.phase == "draw":
        if not isinstance(prior, Draw):
            return prior
        take = Draw("discard", 1)
        if take not in legal or not view.discard_pile:
            return prior
        if memory is not None and not memory.may_take_from_pile(view.discard_pile[-1]):
            return prior
        top = view.discard_pile[-1]
        candidates: list[PlayerCommand] = [Draw("stock"), take]
    else:
        if not isinstance(prior, Discard):
            return prior
        loose = set(arrange(hand, ruleset).loose)
        cards = sorted(
            {
                c.card
                for c in legal
                if isinstance(c, Discard) and c.card != JOKER and c.card in loose
            }
        )
        if len(cards) > CANDIDATES:
            scores = discard_scores(view, cards, ruleset, memory)
            cards = sorted(cards, key=lambda c: (-scores[c], c))[:CANDIDATES]
        candidates = [Discard(card) for card in cards]
        if prior not in candidates:
            candidates.insert(0, prior)
        if len(candidates) < 2:
            return prior
    live = live_cards(view, ruleset, memory)
    pool = sorted(live.elements())
    if len(pool) < HORIZON + 1:
        return prior
    rng = reseeded(rng, zlib.crc32(repr(view).encode()))
    fits: dict[Card, bool] = {}
    table = view.table
    samples: list[list[float]] = [[] for _ in candidates]
    for _ in range(SAMPLES):
        if passed():
            break
        draws = rng.sample(pool, HORIZON)
        whole = [*hand, *draws] if top is None else [*hand, top, *draws]
        for card in whole:
            if card not in fits:
                fits[card] = fits_table(card, table, ruleset)
        way = WayOut(whole, ruleset, fits)
        for column, command in zip(samples, candidates, strict=True):
            column.append(_score(way, hand, command, top, draws))
    prior_index = candidates.index(prior)
    return significant_best(candidates, samples, prior_index, EDGE_Z, MIN_EDGE)


def _score(
    way: WayOut, hand: tuple[Card, ...], command: PlayerCommand, top: Card | None, draws: list[Card]
) -> float:
    if isinstance(command, Discard):
        kept = list(hand)
        kept.remove(command.card)
        parts = [[*kept, *draws[:t]] for t in range(1, HORIZON + 1)]
    elif command == Draw("stock"):
        parts = [[*hand, *draws[:t]] for t in range(1, HORIZON + 1)]
    else:
        assert top is not None
        parts = [[*hand, top, *draws[: t - 1]] for t in range(1, HORIZON + 1)]
    # Going out by turn t means by every later turn too (a drawn card can be
    # the extra one left over): search the first such turn by halves.
    if way.split(parts[-1], stuck=HORIZON) is None:
        return 0.0
    low, high = 1, HORIZON  # the first turn out lies in [low, high]
    while low < high:
        middle = (low + high) // 2
        if way.split(parts[middle - 1], stuck=middle) is not None:
            high = middle
        else:
            low = middle + 1
    return float(GAMMA**low)
