"""A turn timer's work: at the deadline, record the timeout and play the seat's automatic move."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime

from domain.commands import Discard, Draw, PlayerCommand, TimeOutTurn
from domain.events import SeatControlChanged, TurnDeadlineSet, TurnTimedOut
from domain.scoring import value_table
from domain.views import SeatView, view_for
from service.app.commands import SeatCommands, command_key, decided_envelopes
from service.app.control import timed_out_to_bot
from service.app.envelope import Envelope, is_system
from service.app.errors import ServiceError
from service.app.games import Game, GameService
from service.app.writes import Write
from workers.job_game import game_to_act_on
from workers.submit import submit_at

__all__ = ["MAX_EARLY_S", "automatic_move", "run_timer"]

# rq's scheduler keeps whole seconds: a job may start up to ~1 s early.
MAX_EARLY_S = 3.0
_MAX_STEPS = 16


def automatic_move(view: SeatView, values: Mapping[str, int]) -> PlayerCommand:
    """Draw from the stock, lay nothing, discard the highest-value card it may discard."""
    legal = view.legal_commands
    if view.phase == "draw":
        stock = [c for c in legal if isinstance(c, Draw) and c.source == "stock"]
        return stock[0] if stock else legal[0]
    discards = [command for command in legal if isinstance(command, Discard)]
    if discards:
        return max(discards, key=lambda command: (values.get(command.card, 0), command.card))
    # No discard on offer (a joker still owed to the table): the last legal play.
    return legal[-1]


async def run_timer(
    games: GameService,
    commands: SeatCommands,
    game_id: str,
    deadline_version: int,
    *,
    timeouts_before_bot: int = 2,
    on_timed_out: Callable[[], Awaitable[None]] | None = None,
) -> str:
    """What the timer made at `deadline_version` did: 'stale', or 'timed_out'.
    `on_timed_out` runs once the timeout is recorded (not again on a rerun)."""
    first = await games.log(game_id, after=deadline_version - 1, limit=1)
    if not first:
        return "stale"
    deadline_event = first[0].event
    if not isinstance(deadline_event, TurnDeadlineSet):
        return "stale"
    seat, hand = deadline_event.seat, deadline_event.hand_number
    early_s = (datetime.fromisoformat(deadline_event.deadline) - datetime.now(UTC)).total_seconds()
    if early_s > MAX_EARLY_S:
        return "early"  # not the job this deadline made; a later one is scheduled
    if early_s > 0:
        await asyncio.sleep(early_s)
    timed_out = False
    for step in range(_MAX_STEPS):
        game = await games.game(game_id) if step else await game_to_act_on(games, game_id)
        if game is None:
            return "stale"  # removed, or its record unreadable: no turn to time out
        state = game.record.state
        later = [envelope.event for envelope in await games.log(game_id, after=deadline_version)]
        if (
            state.phase not in ("draw", "play")
            or state.turn != seat
            or state.hand_number != hand
            or any(isinstance(event, TurnDeadlineSet) for event in later)
        ):
            break  # the turn is over: the timer is stale, or its move is done
        at = game.record.version
        if not any(isinstance(event, TurnTimedOut) for event in later):
            if not await _record_timeout(games, game_id, at, deadline_version, seat, hand):
                continue
            timed_out = True
            if on_timed_out is not None:
                await on_timed_out()
            if seat not in game.bot_levels:
                # A bot seat (or one a bot already plays) has no absent owner to stand in
                # for: handed to the timeout bot, a level-3 seat played on at level 2.
                await _maybe_hand_to_bot(
                    games, game_id, seat, timeouts_before_bot, deadline_version
                )
            continue
        view = view_for(state, seat)
        command = automatic_move(view, value_table(state.ruleset))
        await submit_at(commands, game_id, seat, command, at, f"timer:{at}:{seat}", "timer")
        timed_out = True
    return "timed_out" if timed_out else "stale"


async def _record_timeout(
    games: GameService, game_id: str, at: int, deadline_version: int, seat: int, hand: int
) -> bool:
    """Time the turn out at version `at`, through the one write path; False when the
    game moved first (or this deadline's timeout is already recorded)."""
    command_id = f"timeout:{deadline_version}"
    timed_out = TimeOutTurn(seat=seat, hand_number=hand)

    def decide_on(game: Game | None) -> list[Envelope]:
        assert game is not None
        return decided_envelopes(game, None, timed_out, command_id=command_id, actor="timer")

    try:
        executed = await games.execute(
            game_id,
            Write(
                actor="timer",
                decide=decide_on,
                expected_version=at,
                key=command_key("timer", command_id),
                digest=hashlib.sha256(command_id.encode()).hexdigest(),
                command_id=command_id,
            ),
        )
    except ServiceError as refused:
        if refused.code in ("version_conflict", "command_id_reused"):
            return False
        raise
    return not executed.duplicate


async def _maybe_hand_to_bot(
    games: GameService, game_id: str, seat: int, threshold: int, deadline_version: int
) -> None:
    """After `threshold` timeouts in a row (the owner not acting between), a bot takes the seat."""
    count = 0
    for envelope in reversed(await games.log(game_id)):
        match envelope.event:
            case TurnTimedOut(seat=timed_out) if timed_out == seat:
                count += 1
            case _ if envelope.seat == seat and not is_system(envelope):
                break
            case SeatControlChanged(seat=changed, controller="owner") if changed == seat:
                # The owner took the seat back (the service's event, not a seat's
                # move): the timeouts before it are not in a row with the next ones.
                break
    if count >= threshold:
        # Keyed by the deadline: the timer's job run again hands the seat over once.
        key = f"control:{seat}:timeouts:{deadline_version}"
        await timed_out_to_bot(games, game_id, seat, key=key)
