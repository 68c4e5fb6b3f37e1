"""How much level 4 could gain at a table of level 3 seats by playing its discards
out to the hand's end, and how much of that hangs on knowing the hidden hands
(issue 30):

    python -m service.tools.playout_bound --preset basic --seats 4 --hands 150 [--seed N]

Not a bot: the measured seat reads the true game state, which no bot may. One
level 4 seat (moved round the table each game) against level 3 seats, three rows
on the same seed:
- `as it is`: level 4 as shipped;
- `dealt`: at each discard with a choice, the base choice and the best loose
  cards by `discard_scores` are each played out to the hand's end on the rules
  engine (`BotTable`: the opponents' real policies from their own views and
  memories, the seat's own policy after the candidate), over `--samples` deals
  of what the seat cannot see (the stock and the opponents' hands, dealt at
  random; an opponent dealt a meld is dealt again, as level 3 lays its melds at
  once), and the candidate that wins most hands (points to split ties) is played;
- `known`: the same, but only the stock is dealt again: the opponents' real
  hands are kept, as a perfect reading of them would.

The gap between `dealt` and `known` is what inference of the hidden hands could
be worth at most to this search; `dealt` against `as it is` is what the search
is worth without it. Each decision's thread CPU time is printed: the shipped
budget is 150 ms.
"""

from __future__ import annotations

import argparse
import copy
import random
import secrets
import time
from collections.abc import Sequence

from domain.bots.careful_discard import discard_scores
from domain.bots.solver import arrange
from domain.commands import Discard, PlayerCommand
from domain.events import HandEnded
from domain.rules import RuleSet, build_ruleset
from domain.state import GameState
from domain.views import view_for
from service.app.bot_table import BotTable
from service.tools.ladder import LadderResult, format_results, hand_winners, percentile

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
        knows_hands: bool,
        thinking: list[float],
    ) -> None:
        super().__init__(ruleset, levels, rng, budget_s=0.15, clock=time.thread_time)
        self.searcher, self.samples, self.knows_hands = searcher, samples, knows_hands
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
            dealt = deal_hidden(self.state, seat, rng, self.knows_hands)
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


def deal_hidden(state: GameState, seat: int, rng: random.Random, knows_hands: bool) -> GameState:
    """The state again with what `seat` cannot see dealt at random: the stock
    alone when it `knows_hands`, else the stock and the opponents' hands (an
    opponent dealt a meld is dealt again, up to REDEALS times)."""
    if knows_hands:
        return _with(state, stock=tuple(rng.sample(state.stock, len(state.stock))))
    pool = list(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            pool.extend(hand)
    for attempt in range(REDEALS + 1):
        rng.shuffle(pool)
        hands, at = list(state.hands), 0
        for other, hand in enumerate(state.hands):
            if other != seat:
                hands[other], at = tuple(pool[at : at + len(hand)]), at + len(hand)
        holds_meld = any(
            arrange(hand, state.ruleset).melds for other, hand in enumerate(hands) if other != seat
        )
        if not holds_meld or attempt == REDEALS:
            break
    return _with(state, hands=tuple(hands), stock=tuple(pool[at:]))


def _with(state: GameState, **changes: object) -> GameState:
    fields = {name: getattr(state, name) for name in state.__struct_fields__}
    return GameState(**(fields | changes))


def run_bound(
    preset: str, seats: int, hands: int, seed: int, samples: int, mode: str
) -> tuple[LadderResult, list[float]]:
    """`hands` hands of one level 4 seat (searching as `mode` says) against level 3."""
    ruleset = build_ruleset(preset)
    rng = random.Random(seed)
    thinking: list[float] = []
    result = LadderResult(
        preset=f"{preset} ({mode})",
        seats=seats,
        high=HIGH,
        low=LOW,
        hands=0,
        wins=0.0,
        pairwise=0.0,
        pairs=0,
        seconds=0.0,
        latencies={},
    )
    started, game = time.perf_counter(), 0
    while result.hands < hands:
        searcher = game % seats
        levels = [HIGH if seat == searcher else LOW for seat in range(seats)]
        if mode == "as it is":
            table = BotTable(ruleset, levels, rng, 0.15, result.latencies, clock=time.thread_time)
        else:
            table = _ForesightTable(
                ruleset, levels, rng, searcher, samples, mode == "known", thinking
            )

        def on_hand(event: HandEnded, searcher: int = searcher) -> bool:
            winners = hand_winners(event)
            result.wins += 1 / len(winners) if searcher in winners else 0.0
            others = [s for seat, s in enumerate(event.scores) if seat != searcher]
            mine = event.scores[searcher]
            result.pairwise += sum(1.0 if mine > s else 0.5 if mine == s else 0.0 for s in others)
            result.pairs += len(others)
            result.margins.append(mine - sum(others) / len(others))
            result.hands += 1
            return result.hands < hands

        table.play(on_hand)
        if table.state.phase == "over":
            result.games += 1
            if searcher in table.state.winners:
                result.games_won += 1 / len(table.state.winners)
        game += 1
    result.seconds = time.perf_counter() - started
    return result, thinking


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="basic")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--hands", type=int, default=150)
    parser.add_argument("--seed", type=int, default=None, help="drawn at run time if not given")
    parser.add_argument("--samples", type=int, default=4, help="deals a searched discard")
    args = parser.parse_args(argv)
    seed = secrets.randbelow(2**31) if args.seed is None else args.seed
    print(f"seed {seed}, {args.samples} deals a searched discard", flush=True)
    results = []
    for mode in ("as it is", "dealt", "known"):
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
