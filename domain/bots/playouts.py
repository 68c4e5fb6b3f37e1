"""The seat's picture of the table, dealt again from the unseen cards and played a few rounds."""

from __future__ import annotations

from collections.abc import Sequence

from domain.bots.chance import Chance
from domain.bots.fastplay import Seat, from_arrangement, melds_with, quick_seat, worst_discard
from domain.bots.memory import SeatMemory, live_cards
from domain.bots.solver import card_value, solver
from domain.bots.table_fits import fits_table
from domain.cards import JOKER, Card
from domain.commands import Discard, Draw, PlayerCommand
from domain.melds import Meld
from domain.rules import RuleSet
from domain.views import SeatView

WIN, LOSS = 1.0, -1.0
DEADWOOD_SCALE = 40.0
HORIZON_ROUNDS = 4
# Where the base policy holds melds back, look further ahead (basic, 2 seats:
# 4 rounds 67.0%, 8 rounds 68.8%).
HOLD_HORIZON_ROUNDS = 8


def deadwood_edge(mine: int, other: int) -> float:
    """A hand nobody went out of, as a score short of a win or a loss."""
    return max(-0.9, min(0.9, (other - mine) / DEADWOOD_SCALE))


class PlayoutTable:
    """The seat's picture of the table, dealt out again for each rollout."""

    def __init__(
        self, view: SeatView, ruleset: RuleSet, memory: SeatMemory | None, holding: bool = False
    ) -> None:
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
        self.holding = holding
        rounds = HOLD_HORIZON_ROUNDS if holding else HORIZON_ROUNDS
        self.horizon = max(rounds * view.seats, 8)
        self.fits: dict[Card, bool] = {}
        self.own: dict[PlayerCommand, Seat] = {}
        # Zero-sum points with several seats: a lost play-out scores the seats
        # the seat still outholds (the ladder's "beats each low seat").
        self.pairwise = view.seats > 2 and ruleset.scoring == "zero_sum"

    def sample(self, rng: Chance) -> tuple[list[Seat | None], list[Card]]:
        """Opponents' hands dealt from the unseen cards (quickly split), and the stock."""
        pool = self.unseen[:]
        rng.shuffle(pool)
        seats: list[Seat | None] = []
        view = self.view
        for seat in range(view.seats):
            if seat == self.seat:
                seats.append(None)
                continue
            need = view.hand_sizes[seat] - len(self.known[seat])
            hand = self.known[seat] + pool[:need]
            pool = pool[need:]
            seats.append(quick_seat(hand, self.ruleset, view.opened[seat], self.values))
        return seats, pool[: view.stock_count]

    # -------------------------------------------------------------- rollout

    def _own(self, command: PlayerCommand) -> Seat:
        found = self.own.get(command)
        if found is None:
            hand = list(self.view.hand or ())
            if isinstance(command, Discard):
                hand.remove(command.card)
            split = solver(self.view.hand or (), self.ruleset).solve(hand)
            found = from_arrangement(split, self.ruleset, self.view.opened[self.seat], self.values)
            self.own[command] = found
        return found

    def rollout(
        self,
        command: PlayerCommand,
        dealt: Sequence[Seat | None],
        dealt_stock: list[Card],
        rng: Chance,
    ) -> float:
        seats = [s.copy() if s is not None else self._own(command).copy() for s in dealt]
        stock = dealt_stock[:]
        pile = list(self.view.discard_pile)
        me = seats[self.seat]
        match command:
            case Draw(source="discard", count=count):
                taken = pile[len(pile) - count :]
                del pile[len(pile) - count :]
                for card in taken:
                    self._receive(me, card)
                if self._finish(me, pile, taken):
                    return WIN
            case Draw():
                if not stock:
                    return self._score(seats)
                self._receive(me, stock.pop())
                if self._finish(me, pile, ()):
                    return WIN
            case Discard(card=card):
                pile.append(card)
        for step in range(1, self.horizon + 1):
            seat = (self.seat + step) % self.view.seats
            player = seats[seat]
            top = pile[-1] if pile else None
            if top is not None and (
                top in player.ext or melds_with(top, player.loose, self.ruleset) is not None
            ):
                pile.pop()
                took: tuple[Card, ...] = (top,)
            elif stock:
                top = stock.pop()
                took = ()
            else:
                break
            self._receive(player, top)
            if self._finish(player, pile, took):
                return WIN if seat == self.seat else self._lost(seats, seat)
        return self._score(seats)

    def _receive(self, player: Seat, card: Card) -> None:
        partners = melds_with(card, player.loose, self.ruleset)
        if partners is not None:
            for partner in partners:
                player.loose.remove(partner)
            player.points += 3 * self.values[card if card != JOKER else partners[0]]
        elif card in player.ext:
            player.points += self.values[card]
        else:
            player.loose.append(card)

    def _finish(self, player: Seat, pile: list[Card], taken: Sequence[Card]) -> bool:
        """Lay off, go out when at most one card is left, else discard the worst."""
        ruleset = self.ruleset
        if not player.opened and player.points >= ruleset.initial_meld_min:
            player.opened = True
        if player.opened or not ruleset.needs_opening:
            player.loose = [c for c in player.loose if not self._fits(c)]
            if player.opened and len(player.loose) <= 1:
                return True
        loose = player.loose
        if not loose:
            return False
        free = [c for c in loose if c != JOKER and c not in taken] or loose
        if self.holding:
            card = worst_discard(free, loose, ruleset, self.values)
        else:
            card = max(free, key=self.values.__getitem__)
        loose.remove(card)
        pile.append(card)
        return False

    def _lost(self, seats: Sequence[Seat], winner: int) -> float:
        """Another seat went out. Where every seat's hand counts (several
        seats, zero-sum points), the seat still beats those left holding more:
        loose cards and the melds kept in hand alike."""
        if not self.pairwise:
            return LOSS
        values = self.values
        held = [sum(values[c] for c in s.loose) + s.points for s in seats]
        mine = held[self.seat]
        beaten = 0.0
        for i, value in enumerate(held):
            if i not in (self.seat, winner):
                beaten += 1.0 if value > mine else 0.5 if value == mine else 0.0
        return LOSS + 2 * beaten / (len(seats) - 1)

    def _score(self, seats: Sequence[Seat]) -> float:
        values = self.values
        mine = sum(values[c] for c in seats[self.seat].loose)
        others = [sum(values[c] for c in s.loose) for i, s in enumerate(seats) if i != self.seat]
        if self.pairwise:
            return sum(deadwood_edge(mine, other) for other in others) / len(others)
        return deadwood_edge(mine, min(others))

    def _fits(self, card: Card) -> bool:
        fits = self.fits.get(card)
        if fits is None:
            fits = self.fits[card] = fits_table(card, self.table, self.ruleset)
        return fits
