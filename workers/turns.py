"""A bot job's work: play every bot action pending at a game version, from each seat's view only."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from domain.bots import SeatMemory, choose
from domain.bots.search import DEFAULT_BUDGET_S
from domain.commands import Knock, PlayerCommand
from domain.events import CardDiscarded, GameEnded, HandDealt, TurnTimedOut
from domain.views import redact, view_for
from service.app.commands import SeatCommands
from service.app.control import knock_order
from service.app.envelope import Envelope, by_bot
from service.app.games import Game, GameService
from workers.job_game import game_to_act_on
from workers.submit import submit_at

__all__ = ["MAX_STEPS", "BotTurn", "SeatMemories", "bot_command_id", "play_bot_turn", "play_bots"]

# A turn is a draw, some plays and a discard; this bounds a confused loop.
MAX_STEPS = 64
_TURN_ENDS = (CardDiscarded, HandDealt, GameEnded, TurnTimedOut)


def bot_command_id(version: int, seat: int) -> str:
    """The same decision point always gets the same id: a rerun appends nothing new.
    (The store keeps it in the system's namespace: a client's id cannot match it.)"""
    return f"bot:{version}:{seat}"


class SeatMemories:
    """Each bot seat's memory, fed the log's events as that seat may see them."""

    def __init__(self, games: GameService, game_id: str, seats: int) -> None:
        self._games = games
        self._game_id = game_id
        self._seats = seats
        self._memories: dict[int, tuple[SeatMemory, int]] = {}

    async def of(self, seat: int) -> SeatMemory:
        memory, through = self._memories.get(seat, (SeatMemory(seat, self._seats), 0))
        for envelope in await self._games.log(self._game_id, after=through):
            memory.observe(redact(envelope.event, seat))
            through = envelope.version
        self._memories[seat] = (memory, through)
        return memory


def _own_progress(envelopes: Sequence[Envelope]) -> bool:
    """Whether everything after the job's version is a bot's play within the same turn
    (a rerun after a crash carries on from there)."""
    return all(
        (envelope.seat is None or by_bot(envelope)) and not isinstance(envelope.event, _TURN_ENDS)
        for envelope in envelopes
    )


@dataclass(frozen=True)
class BotTurn:
    """What a bot job played: how many commands, and the level of the seat that played
    them (a job plays one seat: a knock ends it; None when nothing was appended)."""

    appended: int
    level: int | None


async def play_bots(
    games: GameService,
    commands: SeatCommands,
    game_id: str,
    version: int,
    *,
    budget_s: float = DEFAULT_BUDGET_S,
) -> int:
    """Knocks of bot seats, then the whole turn of the bot whose turn it is.
    Does nothing when the game moved on from `version`; returns the commands appended."""
    return (await play_bot_turn(games, commands, game_id, version, budget_s=budget_s)).appended


async def play_bot_turn(
    games: GameService,
    commands: SeatCommands,
    game_id: str,
    version: int,
    *,
    budget_s: float = DEFAULT_BUDGET_S,
) -> BotTurn:
    """`play_bots`, saying which level played."""
    game = await game_to_act_on(games, game_id)
    if game is None:
        return BotTurn(0, None)  # no turn to play, and no job to run again
    if game.record.version != version and not _own_progress(
        await games.log(game_id, after=version)
    ):
        return BotTurn(0, None)
    memories = SeatMemories(games, game_id, game.record.state.seats)
    turn = (game.record.state.hand_number, game.record.state.turn)
    asked: set[tuple[int, int]] = set()
    appended = 0
    level: int | None = None
    for _ in range(MAX_STEPS):
        state = game.record.state
        if state.phase not in ("draw", "play") or (state.hand_number, state.turn) != turn:
            break
        levels = game.bot_levels
        step = await _next_step(game, levels, memories, asked, budget_s)
        if step is None:
            break
        seat, command = step
        at = game.record.version
        command_id = bot_command_id(at, seat)
        if not await submit_at(commands, game_id, seat, command, at, command_id, "bot"):
            break
        appended += 1
        level = levels[seat]
        if isinstance(command, Knock):
            break  # the knock's own append scheduled the next job
        game = await games.game(game_id)
    return BotTurn(appended, level)


async def _next_step(
    game: Game,
    levels: dict[int, int],
    memories: SeatMemories,
    asked: set[tuple[int, int]],
    budget_s: float,
) -> tuple[int, PlayerCommand] | None:
    state, version = game.record.state, game.record.version
    ruleset = state.ruleset
    if state.knock_from is not None:
        for seat in knock_order(state):
            if seat not in levels or seat == state.turn or (version, seat) in asked:
                continue
            asked.add((version, seat))
            view = view_for(state, seat)
            if Knock() not in view.legal_commands:
                continue
            rng = random.Random(f"{game.game_id}:{version}:{seat}")
            memory = await memories.of(seat)
            command = choose(
                view, ruleset, levels[seat], rng, memory, budget_s=budget_s, clock=time.perf_counter
            )
            if command is not None:
                return seat, command
    seat = state.turn
    if seat not in levels:
        return None
    view = view_for(state, seat)
    rng = random.Random(f"{game.game_id}:{version}:{seat}")
    memory = await memories.of(seat)
    command = choose(
        view, ruleset, levels[seat], rng, memory, budget_s=budget_s, clock=time.perf_counter
    )
    return None if command is None else (seat, command)
