"""Bot players: `choose` picks a seat's next command from its view alone.

Levels: 1 random legal play, 2 greedy, 3 careful (memory of what it saw),
4 level 3 holding its melds back, with determinized Monte Carlo over the
hidden cards on top at two seats (`search`), and in palace at more seats the
draw and discard that get its own hand out soonest (`selfout`).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.bots.careful import choose_careful
from domain.bots.chance import Chance
from domain.bots.greedy import choose_greedy
from domain.bots.memory import SeatMemory
from domain.bots.random_bot import choose_random
from domain.bots.search import DEFAULT_BUDGET_S, choose_search
from domain.commands import PlayerCommand
from domain.rules import RuleSet
from domain.tables import BOT_LEVELS
from domain.views import SeatView

LEVELS = tuple(BOT_LEVELS)

__all__ = ["LEVELS", "SeatMemory", "choose"]


def choose(
    view: SeatView,
    ruleset: RuleSet,
    level: int,
    rng: Chance,
    memory: SeatMemory | None = None,
    budget_s: float = DEFAULT_BUDGET_S,
    max_rollouts: int | None = None,
    clock: Callable[[], float] | None = None,
) -> PlayerCommand | None:
    """The seat's next command, always one of `view.legal_commands`.

    None only out of turn, when the single command on offer is a knock and
    the bot passes. `memory` holds what the seat saw (redacted events); bots
    above level 2 play better with it, and all levels play without it.
    Level 4 searches for `budget_s` seconds on `clock` (the caller's, such as
    `time.perf_counter`: the bots read no clock of their own) or for
    `max_rollouts` deals, whichever ends first; without a clock, for the deals.
    """
    if not view.legal_commands or view.seat is None:
        return None
    match level:
        case 1:
            command = choose_random(view, rng)
        case 2:
            command = choose_greedy(view, ruleset)
        case 3:
            command = choose_careful(view, ruleset, memory)
        case 4:
            command = choose_search(view, ruleset, rng, memory, budget_s, max_rollouts, clock)
        case _:
            raise ValueError(f"no bot level {level}; levels are {LEVELS}")
    if command is not None and command not in view.legal_commands:
        # The contract: only what legal_commands offers. A heuristic slip
        # falls back to a safe choice rather than an illegal command.
        return _fallback(view)
    return command


def _fallback(view: SeatView) -> PlayerCommand | None:
    if view.turn != view.seat:
        return None
    return view.legal_commands[-1] if view.phase == "play" else view.legal_commands[0]
