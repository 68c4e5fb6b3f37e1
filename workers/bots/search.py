"""Level 4, search: determinized Monte Carlo over the hidden cards.

At the moves that matter (where to draw from, what to discard) the bot deals
the unseen cards at random into the opponents' hands (by their sizes, keeping
the cards it saw them take) and the stock (by its count), plays each
candidate out for a few turns with a fast greedy policy, and keeps the
candidate with the best mean outcome. Melds, lay-offs and knocks follow level 3.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence

from domain.cards import JOKER, Card
from domain.commands import Discard, Draw, PlayerCommand
from domain.melds import Meld
from domain.rules import RuleSet
from domain.views import SeatView
from workers.bots.careful import choose_careful, discard_scores, live_cards
from workers.bots.evaluate import arrange, card_value, fits_table
from workers.bots.memory import SeatMemory

DEFAULT_BUDGET_S = 0.15  # leaves headroom under the 250 ms p95 on a busy machine
DEFAULT_MAX_ROLLOUTS = 400  # per candidate
CANDIDATE_DISCARDS = 3
WIN, LOSS = 1.0, -1.0
DEADWOOD_SCALE = 40.0


def choose_search(
    view: SeatView,
    ruleset: RuleSet,
    rng: random.Random,
    memory: SeatMemory | None,
    budget_s: float = DEFAULT_BUDGET_S,
    max_rollouts: int | None = None,
) -> PlayerCommand | None:
    deadline = time.perf_counter() + budget_s
    prior = choose_careful(view, ruleset, memory)
    if view.turn != view.seat or prior is None:
        return prior
    candidates = _candidates(view, ruleset, memory, prior)
    if len(candidates) < 2:
        return prior
    rollouts = DEFAULT_MAX_ROLLOUTS if max_rollouts is None else max_rollouts
    totals = [0.0] * len(candidates)
    done = 0
    world = _World(view, ruleset, memory)
    while done < rollouts and time.perf_counter() < deadline:
        hands, stock = world.sample(rng)
        scores = []
        for command in candidates:
            scores.append(world.rollout(command, hands, stock, rng))
            if time.perf_counter() >= deadline:
                break
        if len(scores) < len(candidates):
            break  # an unfinished round would favour the first candidates
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        done += 1
    if done == 0:
        return prior
    # The prior wins ties: search must find a real edge to overrule it.
    best = max(range(len(candidates)), key=lambda i: (totals[i], candidates[i] == prior))
    return candidates[best]


def _candidates(
    view: SeatView, ruleset: RuleSet, memory: SeatMemory | None, prior: PlayerCommand
) -> list[PlayerCommand]:
    legal = view.legal_commands
    if view.phase == "draw":
        options: list[PlayerCommand] = [Draw("stock")]
        if Draw("discard", 1) in legal:
            options.append(Draw("discard", 1))
        if prior not in options:
            options.append(prior)
        return options
    if not isinstance(prior, Discard):
        return [prior]
    arrangement = arrange(view.hand or (), ruleset)
    loose = set(arrangement.loose)
    free = [c.card for c in legal if isinstance(c, Discard) and c.card in loose]
    free = [c for c in free if c != JOKER]
    if len(free) < 2:
        return [prior]
    scores = discard_scores(view, free, ruleset, memory)
    ranked = sorted(free, key=lambda c: (-scores[c], c))[:CANDIDATE_DISCARDS]
    options = [Discard(c) for c in ranked]
    if prior not in options:
        options.insert(0, prior)
    return options


class _World:
    """The seat's picture of the table, dealt out again for each rollout."""

    def __init__(self, view: SeatView, ruleset: RuleSet, memory: SeatMemory | None) -> None:
        assert view.seat is not None
        self.view = view
        self.ruleset = ruleset
        self.seat = view.seat
        self.table: tuple[Meld, ...] = view.table
        self.values = {c: card_value(c, ruleset) for c in set(ruleset.pack())}
        unseen = live_cards(view, ruleset, memory)
        self.known: list[list[Card]] = []
        for seat in range(view.seats):
            held = list(memory.known[seat].elements()) if memory and seat != self.seat else []
            self.known.append(held[: view.hand_sizes[seat]])
        self.unseen = list(unseen.elements())
        self.horizon = max(6, 2 * view.seats)
        self.fits: dict[Card, bool] = {}

    def sample(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        pool = self.unseen[:]
        rng.shuffle(pool)
        hands: list[list[Card]] = []
        for seat in range(self.view.seats):
            if seat == self.seat:
                hands.append(list(self.view.hand or ()))
                continue
            need = self.view.hand_sizes[seat] - len(self.known[seat])
            hands.append(self.known[seat] + pool[:need])
            pool = pool[need:]
        return hands, pool[: self.view.stock_count]

    # -------------------------------------------------------------- rollout

    def rollout(
        self,
        command: PlayerCommand,
        dealt: Sequence[list[Card]],
        dealt_stock: list[Card],
        rng: random.Random,
    ) -> float:
        hands = [h[:] for h in dealt]
        stock = dealt_stock[:]
        pile = list(self.view.discard_pile)
        seat = self.seat
        hand = hands[seat]
        match command:
            case Draw(source="discard", count=count):
                taken = pile[len(pile) - count :]
                del pile[len(pile) - count :]
                hand.extend(taken)
                if self._finish_turn(hand, pile, taken):
                    return WIN
            case Draw():
                if not stock:
                    return self._score(hands)
                hand.append(stock.pop())
                if self._finish_turn(hand, pile, ()):
                    return WIN
            case Discard(card=card):
                hand.remove(card)
                pile.append(card)
        for step in range(1, self.horizon + 1):
            seat = (self.seat + step) % self.view.seats
            hand = hands[seat]
            top = pile[-1:] if pile else []
            if top and self._takes(hand, top):
                pile.pop()
                hand.extend(top)
            elif stock:
                hand.append(stock.pop())
                top = []
            else:
                break
            if self._finish_turn(hand, pile, top):
                return WIN if seat == self.seat else LOSS
        return self._score(hands)

    def _takes(self, hand: list[Card], top: list[Card]) -> bool:
        before = arrange(hand, self.ruleset).deadwood
        after = arrange(hand + top, self.ruleset)
        return after.deadwood < before and top[0] not in after.loose

    def _fits(self, card: Card) -> bool:
        fits = self.fits.get(card)
        if fits is None:
            fits = self.fits[card] = fits_table(card, self.table, self.ruleset)
        return fits

    def _finish_turn(self, hand: list[Card], pile: list[Card], taken: Sequence[Card]) -> bool:
        """Discard the worst loose card; True when the seat went out."""
        arrangement = arrange(hand, self.ruleset)
        loose = [c for c in arrangement.loose if not self._fits(c)]
        if len(loose) <= 1:
            # Nothing or one card left over: the seat lays down and goes out
            # (with no card loose it keeps a meld's spare card to discard).
            return True
        spare = Counter(loose)
        spare.subtract(taken)
        free = [c for c in +spare if c != JOKER] or loose
        card = max(free, key=lambda c: self.values[c])
        hand.remove(card)
        pile.append(card)
        return False

    def _score(self, hands: Sequence[list[Card]]) -> float:
        mine = self._deadwood(hands[self.seat])
        others = min(self._deadwood(h) for s, h in enumerate(hands) if s != self.seat)
        return max(-0.9, min(0.9, (others - mine) / DEADWOOD_SCALE))

    def _deadwood(self, hand: list[Card]) -> int:
        arrangement = arrange(hand, self.ruleset)
        return sum(self.values[c] for c in arrangement.loose if not self._fits(c))
