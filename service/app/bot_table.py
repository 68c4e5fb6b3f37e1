"""A game between bots in one process: each seat decides from its own view and
the events redacted for it, as a bot job would. The league's seeding games, the ladder and
the bot tests play on it."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from domain.bots import SeatMemory, choose
from domain.commands import AnyCommand, Knock, PlayerCommand
from domain.events import AnyEvent, HandEnded
from domain.game import decide, evolve
from domain.rules import RuleSet, validate_seats
from domain.state import GameState, new_game
from domain.views import redact, view_for
from service.app.randomness import deal_command, with_shuffle

__all__ = ["BotTable"]


class BotTable:
    """One game between bots of the given levels, one per seat.

    `latencies` collects each level's decision times in seconds; `max_rollouts`
    caps level 4's play-outs (tests, for speed); `clock` is the one level 4's
    time budget and the decision times are read on (wall time by default).
    """

    def __init__(
        self,
        ruleset: RuleSet,
        levels: Sequence[int],
        rng: random.Random,
        budget_s: float,
        latencies: dict[int, list[float]] | None = None,
        max_rollouts: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.ruleset = ruleset
        self.seats = len(levels)
        validate_seats(ruleset, self.seats)
        self.levels = levels
        self.rng = rng
        self.budget_s = budget_s
        self.max_rollouts = max_rollouts
        self.clock = clock
        self.latencies = {} if latencies is None else latencies
        self.state: GameState = new_game(ruleset, self.seats)
        self.memories = [SeatMemory(seat, self.seats) for seat in range(self.seats)]
        self.knock_asked: tuple[int, int] | None = None
        # Commands the seats played in turn (knocks and deals not counted).
        self.commands = 0

    def play(
        self, on_hand: Callable[[HandEnded], bool] | None = None, max_commands: int | None = None
    ) -> None:
        """Play to the game's end, or until `on_hand` returns False, or until
        the seats have played `max_commands` commands in turn."""
        while self.state.phase != "over":
            if max_commands is not None and self.commands >= max_commands:
                return
            if self.state.phase == "deal":
                self._apply(None, deal_command(self.state, self.rng))
                continue
            if self._offer_knocks():
                continue
            seat = self.state.turn
            command = self._ask(seat)
            assert command is not None, f"seat {seat} passed in turn"
            self.commands += 1
            for event in self._apply(seat, with_shuffle(self.state, command, self.rng)):
                if isinstance(event, HandEnded) and on_hand is not None and not on_hand(event):
                    return

    def _ask(self, seat: int) -> PlayerCommand | None:
        view = view_for(self.state, seat)
        level = self.levels[seat]
        started = self.clock()
        command = choose(
            view,
            self.ruleset,
            level,
            self.rng,
            self.memories[seat],
            budget_s=self.budget_s,
            max_rollouts=self.max_rollouts,
            clock=self.clock,
        )
        self.latencies.setdefault(level, []).append(self.clock() - started)
        return command

    def _offer_knocks(self) -> bool:
        """Out of turn, first come first served: the seats after the turn are asked once."""
        state = self.state
        if not (state.ruleset.knocking and state.knock_from is not None):
            return False
        marker = (len(state.discard_pile), state.turn)
        if self.knock_asked == marker:
            return False
        self.knock_asked = marker
        for step in range(1, self.seats):
            seat = (state.turn + step) % self.seats
            if seat == state.knock_from:
                continue
            if self._ask(seat) == Knock():
                self._apply(seat, Knock())
                return True
        return False

    def _apply(self, seat: int | None, command: AnyCommand) -> list[AnyEvent]:
        events = decide(self.state, seat, command)
        for event in events:
            self.state = evolve(self.state, event)
            for viewer, memory in enumerate(self.memories):
                memory.observe(redact(event, viewer))
        return events
