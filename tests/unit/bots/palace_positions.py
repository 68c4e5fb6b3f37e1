"""Hand-built palace positions with seat 0 to play, and seat 0's turn played out
by a bot: the end-of-hand tests of level 3 set up the cards they need here."""

from __future__ import annotations

import random

from domain.bots import choose
from domain.cards import Card
from domain.commands import PlayerCommand
from domain.events import HandEnded
from domain.game import decide, evolve
from domain.melds import Meld, Placed
from domain.rules import build_ruleset
from domain.state import GameState
from domain.views import view_for

PALACE = build_ruleset("palace")


def run_meld(meld_id: int, cards: tuple[Card, ...], start: int) -> Meld:
    """A natural run on the table, laid by seat 1."""
    return Meld(meld_id, "run", 1, tuple(Placed(c, c) for c in cards), start)


def palace_state(
    hand: tuple[Card, ...],
    table: tuple[Meld, ...],
    *,
    phase: str = "play",
    pile: tuple[Card, ...] = ("KD",),
    opened: bool = True,
    others: int = 5,
) -> GameState:
    """Seat 0 to play; the others hold `others` cards (of no concern here)."""
    filler = ("2H", "TD", "5S", "9D", "KH", "6H", "QD")[:others]
    return GameState(
        ruleset=PALACE,
        seats=4,
        phase=phase,  # type: ignore[arg-type]
        hand_number=1,
        dealer=3,
        turn=0,
        hands=(hand, filler, filler, filler),
        stock=("4S", "TS", "7H", "AD"),
        discard_pile=pile,
        table=table,
        opened=(opened, True, True, True),
        placed=((),) * 4,
        totals=(0,) * 4,
    )


def play_turn(state: GameState, level: int = 3) -> tuple[list[PlayerCommand], GameState]:
    """Seat 0's commands until its turn ends, or the hand does (seat 0 going out)."""
    commands: list[PlayerCommand] = []
    while state.phase in ("draw", "play") and state.turn == 0:
        command = choose(view_for(state, 0), PALACE, level, random.Random(0))
        assert command is not None
        commands.append(command)
        for event in decide(state, 0, command):
            state = evolve(state, event)
            if isinstance(event, HandEnded):
                assert event.winner == 0
                return commands, state
    return commands, state
