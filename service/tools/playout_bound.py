"""How much level 4 could gain at a table of level 3 seats by playing its discards
out to the hand's end, and how much of that hangs on knowing the hidden hands
(issue 30):

    python -m service.tools.playout_bound --preset basic --seats 4 --hands 150 [--seed N]

Not a bot: the measured seat reads the true game state, which no bot may. One
level 4 seat (moved round the table each game) against level 3 seats, a row for
each `--modes` on the same seed:
- `as it is`: level 4 as shipped;
- `dealt`: at each discard with a choice, the base choice and the best loose
  cards by `discard_scores` are each played out to the hand's end on the rules
  engine (`BotTable`: the opponents' real policies from their own views and
  memories, the seat's own policy after the candidate), over `--samples` deals
  of what the seat cannot see (the stock and the opponents' hands, dealt at
  random; an opponent dealt a meld is dealt again, as level 3 lays its melds at
  once), and the candidate that wins most hands (points to split ties) is played;
- `read`: as `dealt`, but each opponent keeps the pile cards the seat saw it
  take and is dealt no card that fits the table (level 3 lays off at once);
- `known`: the same, but only the stock is dealt again: the opponents' real
  hands are kept, as a perfect reading of them would.

The gap between `dealt` and `known` is what inference of the hidden hands could
be worth at most to this search, and `read` how much of it a simple reading
earns; `dealt` against `as it is` is what the search is worth without it.
Each searched decision's thread CPU time is printed: the shipped budget is
150 ms.
"""

from __future__ import annotations

import argparse
import copy
import random
import secrets
import time
from collections import Counter
from collections.abc import Sequence

from domain.bots.careful_discard import discard_scores
from domain.bots.solver import arrange
from domain.bots.table_fits import fits_table
from domain.cards import Card
from domain.commands import Discard, PlayerCommand
from domain.events import HandEnded
from domain.rules import RuleSet
from domain.state import GameState
from domain.views import view_for
from service.app.bot_table import BotTable
from service.tools.ladder import (
    LadderResult,
    format_results,
    hand_winners,
    percentile,
    run_ladder,
)

__all__ = ["deal_hidden", "main", "run_bound"]

CANDIDATE_DISCARDS = 3  # besides the base choice
REDEALS = 3  # tries to deal each opponent a hand holding no meld
PLAYOUT_COMMANDS = 400  # a play-out that runs longer counts as no result
HIGH, LOW = 4, 3


class _Playout(BotTable):
    """A copy of a table that plays `first` for `seat`, then everyone's own policy."""

    def __init__(self, table: BotTable, state: GameState, seat: int, first: PlayerCommand) -> None:
        # Level 4 at its fast cap inside a play-out (palace's search would take
        # its whole budget each turn).
        super().__init__(table.ruleset, table.levels, random.Random(0), 0.15, max_rollouts=16)
        self.state = state
        self.memories = copy.deepcopy(table.memories)
        self.knock_asked = table.knock_asked
        self.seat = seat
        self.first: PlayerCommand | None = first

    def _ask(self, seat: int) -> PlayerCommand | None:
        if seat == self.seat and self.first is not None:
            first, self.first = self.first, None
            return first
        return super()._ask(seat)

    def outcome(self) -> float:
        """1 for a hand the seat wins (shared: its share), plus its points / 1000."""
        ended: list[HandEnded] = []

        def stop(event: HandEnded) -> bool:
            ended.append(event)
            return False

        self.play(stop, PLAYOUT_COMMANDS)
        if not ended:
            return 0.0
        winners = hand_winners(ended[0])
        won = 1 / len(winners) if self.seat in winners else 0.0
        return won + ended[0].scores[self.seat] / 1000


class _ForesightTable(BotTable):
    """Level 4, whose discards among its best loose cards are played out as above."""

    def __init__(
        self,
        ruleset: RuleSet,
        levels: Sequence[int],
        rng: random.Random,
        searcher: int,
        samples: int,
        mode: str,
        thinking: list[float],
    ) -> None:
        super().__init__(ruleset, levels, rng, budget_s=0.15, clock=time.thread_time)
        self.searcher, self.samples, self.mode = searcher, samples, mode
        self.thinking = thinking

    def _ask(self, seat: int) -> PlayerCommand | None:
        base = super()._ask(seat)
        if seat != self.searcher or self.state.turn != seat or not isinstance(base, Discard):
            return base
        started = time.thread_time()
        candidates = self._candidates(seat, base)
        if len(candidates) < 2:
            return base
        totals = [0.0] * len(candidates)
        for sample in range(self.samples):
            rng = random.Random(sample * 7919 + self.commands)
            dealt = deal_hidden(self.state, seat, rng, self.mode, self.memories[seat].known)
            for index, candidate in enumerate(candidates):
                totals[index] += _Playout(self, dealt, seat, candidate).outcome()
        self.thinking.append(time.thread_time() - started)
        # The base choice keeps ties: it is first.
        return candidates[max(range(len(candidates)), key=lambda i: (totals[i], -i))]

    def _candidates(self, seat: int, base: Discard) -> list[PlayerCommand]:
        view = view_for(self.state, seat)
        arrangement = arrange(view.hand or (), self.ruleset)
        loose = [
            c.card
            for c in view.legal_commands
            if isinstance(c, Discard) and c.card in set(arrangement.loose)
        ]
        scores = discard_scores(view, loose, self.ruleset, self.memories[seat], arrangement)
        best = sorted(loose, key=lambda card: (-scores[card], card))[:CANDIDATE_DISCARDS]
        others: list[PlayerCommand] = [Discard(card) for card in best if Discard(card) != base]
        return [base, *others]


def deal_hidden(
    state: GameState,
    seat: int,
    rng: random.Random,
    mode: str,
    seen_taken: Sequence[Counter[Card]] = (),
) -> GameState:
    """The state again with what `seat` cannot see dealt at random. `known`: the
    stock alone. `dealt`: the stock and the opponents' hands, an opponent dealt a
    meld dealt again (up to REDEALS times). `read`: as `dealt`, but each opponent
    keeps the pile cards `seen_taken` from it and is dealt no card that fits the
    table either (level 3 lays its melds and lay-offs at once)."""
    if mode == "known":
        return _with(state, stock=tuple(rng.sample(state.stock, len(state.stock))))
    reads = mode == "read"
    pool: Counter[Card] = Counter(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            pool.update(hand)
    hands = list(state.hands)
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        kept = +(seen_taken[other] & pool) if reads and other < len(seen_taken) else Counter()
        pool -= kept
        for attempt in range(REDEALS + 1):
            cards = list(pool.elements())
            drawn = rng.sample(cards, len(hand) - sum(kept.values()))
            dealt = (*kept.elements(), *drawn)
            if attempt == REDEALS or not _unlikely(dealt, state, reads):
                break
        pool -= Counter(drawn)
        hands[other] = tuple(sorted(dealt))
    stock = list(pool.elements())
    rng.shuffle(stock)
    return _with(state, hands=tuple(hands), stock=tuple(stock))


def _unlikely(hand: Sequence[Card], state: GameState, reads: bool) -> bool:
    """Whether level 3 would not hold this hand after its turn: a meld in it, or
    (when `reads`) a card that fits the table."""
    if arrange(tuple(hand), state.ruleset).melds:
        return True
    return reads and any(fits_table(card, state.table, state.ruleset) for card in hand)


def _with(state: GameState, **changes: object) -> GameState:
    fields = {name: getattr(state, name) for name in state.__struct_fields__}
    return GameState(**(fields | changes))


def run_bound(
    preset: str, seats: int, hands: int, seed: int, samples: int, mode: str
) -> tuple[LadderResult, list[float]]:
    """`hands` hands of one level 4 seat (searching as `mode` says) against level 3."""
    thinking: list[float] = []

    def foresight(
        ruleset: RuleSet, levels: list[int], rng: random.Random, searcher: int
    ) -> BotTable:
        return _ForesightTable(ruleset, levels, rng, searcher, samples, mode, thinking)

    result = run_ladder(
        preset,
        seats,
        HIGH,
        LOW,
        hands,
        seed,
        clock=time.thread_time,
        table_for=None if mode == "as it is" else foresight,
    )
    result.preset = f"{preset} ({mode})"
    return result, thinking


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="basic")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--hands", type=int, default=150)
    parser.add_argument("--seed", type=int, default=None, help="drawn at run time if not given")
    parser.add_argument("--samples", type=int, default=3, help="deals a searched discard")
    parser.add_argument("--modes", default="as it is,dealt,read,known", help="the rows, in order")
    args = parser.parse_args(argv)
    seed = secrets.randbelow(2**31) if args.seed is None else args.seed
    print(f"seed {seed}, {args.samples} deals a searched discard", flush=True)
    results = []
    for mode in args.modes.split(","):
        result, thinking = run_bound(args.preset, args.seats, args.hands, seed, args.samples, mode)
        results.append(result)
        if thinking:
            shown = [percentile(thinking, q) * 1e3 for q in (0.5, 0.95)]
            print(
                f"{mode}: {len(thinking)} searched discards, thread CPU p50 {shown[0]:.0f} ms,"
                f" p95 {shown[1]:.0f} ms",
                flush=True,
            )
    print(format_results(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
