"""A game under test: exact deck orders and a game driven command by command."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from domain.cards import RANK_OF
from domain.commands import AnyCommand, Deal
from domain.errors import DomainError
from domain.events import AnyEvent, GameStarted
from domain.game import decide, evolve, replay
from domain.rules import RuleSet, build_ruleset
from domain.state import GameState, new_game


def stacked_deck(
    ruleset: RuleSet,
    hands: Sequence[Sequence[str]],
    up_card: str,
    stock: Sequence[str] = (),
    dealer: int | None = None,
) -> tuple[str, ...]:
    """A deck order (top first) that deals exactly `hands` (by seat), turns up
    `up_card` and leaves `stock` on top of the stock (top first). Short hands
    are padded, and the stock completed, with the pack's unused cards."""
    seats = len(hands)
    dealer = seats - 1 if dealer is None else dealer
    size = ruleset.hand_size[seats]
    spare = Counter(ruleset.pack())
    spare.subtract([c for hand in hands for c in hand] + [up_card, *stock])
    assert all(n >= 0 for n in spare.values()), f"cards used twice: {-spare}"
    padding = sorted(spare.elements(), key=_padding_order)
    full = []
    for hand in hands:
        extra = padding[: size - len(hand)]
        del padding[: size - len(hand)]
        full.append(list(hand) + extra)
    deck = [full[(dealer + 1 + i) % seats][i // seats] for i in range(seats * size)]
    return (*deck, up_card, *stock, *padding)


def _padding_order(card: str) -> tuple[int, int, int]:
    """Padding that melds with nothing: odd ranks in spades and diamonds, even
    ranks in hearts and clubs (no three of a rank, no two ranks in a row)."""
    if card == "JK":
        return (2, 0, 0)
    rank_number = RANK_OF[card[0]]
    family = "SD" if rank_number % 2 else "HC"
    return (0 if card[1] in family else 1, "SDHC".index(card[1]), -rank_number)


class Game:
    """A game under test: its log, its state, and commands applied through decide."""

    def __init__(self, ruleset: RuleSet, seats: int) -> None:
        self.log: list[AnyEvent] = [GameStarted(ruleset=ruleset, seats=seats)]
        self.state: GameState = new_game(ruleset, seats)

    def do(self, seat: int | None, command: AnyCommand) -> list[AnyEvent]:
        events = decide(self.state, seat, command)
        for event in events:
            self.state = evolve(self.state, event)
        self.log.extend(events)
        return events

    def rejects(self, seat: int | None, command: AnyCommand) -> DomainError:
        with pytest.raises(DomainError) as caught:
            decide(self.state, seat, command)
        return caught.value

    def hand(self, seat: int) -> Counter[str]:
        return Counter(self.state.hands[seat])

    def replayed(self) -> GameState:
        return replay(self.log)


def small(preset: str = "basic", size: int = 3, **overrides: object) -> RuleSet:
    """The preset with `size` cards a hand for every seat count, plus overrides."""
    return build_ruleset(preset, {"hand_size": {n: size for n in range(2, 7)}, **overrides})


def deal(
    ruleset: RuleSet,
    hands: Sequence[Sequence[str]],
    up_card: str,
    stock: Sequence[str] = (),
    dealer: int | None = None,
) -> Game:
    """A Game in its first turn, dealt exactly `hands`, `up_card` and `stock` (top first)."""
    game = Game(ruleset, len(hands))
    game.do(None, Deal(deck=stacked_deck(ruleset, hands, up_card, stock, dealer), dealer=dealer))
    return game
