"""After each append: enqueue the bot turn and turn timer it calls for (the GameService hook)."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from rq import Queue

from domain.events import HandEnded, TurnDeadlineSet
from domain.state import GameState
from service.app.control import (
    ControlWrites,
    controlled,
    seats_to_act,
    take_back,
    waits_for_knocks,
)
from service.app.games import Executed, GameService
from service.app.league.game_end import ends_game
from service.runtime.settings import KNOCK_WINDOW_S
from service.store import EventStore
from workers.queue import bot_job_id, ensure_job, league_job_id, timer_job_id

__all__ = [
    "ABANDON_JOB",
    "BOT_JOB",
    "LEAGUE_JOB",
    "TIMER_JOB",
    "TurnScheduler",
    "continues_own_turn",
    "knock_window_end",
    "knock_window_length",
    "window_end",
]

ABANDON_JOB = "workers.jobs.abandon_check"
BOT_JOB = "workers.jobs.bot_turn"
TIMER_JOB = "workers.jobs.turn_timer"
LEAGUE_JOB = "workers.jobs.league_result"
# rq's scheduler keeps whole seconds and polls once a second: a job scheduled at
# a time rounded up to the second runs within about 2 s after it, never before.
SCHEDULER_SLACK_S = 2.0


def continues_own_turn(appended: Executed) -> bool:
    """A bot's command within its own turn: the job that made it plays on."""
    before, after = appended.before, appended.state
    return (
        before is not None
        and appended.actor == "bot"
        and appended.seat == before.turn == after.turn
        and before.hand_number == after.hand_number
        and after.phase in ("draw", "play")
    )


def knock_window_length(
    state: GameState,
    levels: Mapping[int, int],
    *,
    window_s: float,
    turn_time_limit_s: float | None = None,
) -> float | None:
    """How long the bot next to play waits before it draws, if a human seat may
    still knock for the last discard; None when it need not wait. Under a turn
    time limit the window leaves room for rq's lateness and the bot's own turn
    before its deadline (no window when the limit is too short)."""
    if turn_time_limit_s is not None:
        window_s = min(window_s, turn_time_limit_s - 2 * SCHEDULER_SLACK_S)
    if window_s <= 0 or not waits_for_knocks(state, levels):
        return None
    return window_s


def window_end(since: str | None, window_s: float) -> datetime:
    """`window_s` after `since` (an envelope's time; None: now)."""
    start = datetime.now(UTC) if since is None else datetime.fromisoformat(since)
    if start.tzinfo is None:
        start = start.replace(tzinfo=UTC)  # envelopes' times are UTC
    return start + timedelta(seconds=window_s)


def knock_window_end(
    state: GameState,
    levels: Mapping[int, int],
    *,
    since: str | None,
    window_s: float,
    turn_time_limit_s: float | None = None,
) -> datetime | None:
    """When the bot next to play may draw, if a human seat may still knock for the
    discard made at `since` (`knock_window_length`); None when it need not wait."""
    length = knock_window_length(
        state, levels, window_s=window_s, turn_time_limit_s=turn_time_limit_s
    )
    return None if length is None else window_end(since, length)


def _hand_ended(appended: Executed) -> bool:
    return appended.state.phase in ("draw", "play") and any(
        isinstance(envelope.event, HandEnded) for envelope in appended.envelopes
    )


class TurnScheduler:
    """The GameService's `on_appended`: bot jobs and timer jobs with deterministic ids.

    `replace_done` is the reconciler's: a job done or failed is made again, and one
    that had failed after its retries raises `JobFailed` once made (its game's step
    then backs off, and is set aside if it goes on failing)."""

    def __init__(
        self, store: EventStore, queue: Queue, *, knock_window_s: float = KNOCK_WINDOW_S
    ) -> None:
        self.store = store
        self.queue = queue
        self.knock_window_s = knock_window_s
        self._games: ControlWrites | None = None

    def attach(self, games: ControlWrites) -> None:
        """The service whose hook this is: its write path records an owner's return."""
        self._games = games

    @property
    def games(self) -> ControlWrites:
        if self._games is None:
            # Not any service's hook (the reconciler's): a service of its own, hookless.
            self._games = GameService(self.store)
        return self._games

    async def __call__(self, appended: Executed) -> None:
        game_id = appended.game_id
        seat = appended.seat
        owner_acted = seat is not None and appended.actor == "player"
        levels = appended.bot_levels
        if owner_acted and seat is not None and controlled(appended.controllers, seat):
            # The owner acted: the seat is theirs again.
            await take_back(
                self.games,
                game_id,
                seat,
                "owner_returned",
                key=f"control:{seat}:owner_returned:{appended.version}",
            )
            # The seat is its owner's again (the take-back's own append says so too).
            levels.pop(seat, None)
        for envelope in appended.envelopes:
            if isinstance(envelope.event, TurnDeadlineSet):
                await self.schedule_timer(game_id, envelope.version, envelope.event.deadline)
        if _hand_ended(appended) and appended.actor != "player":
            # Played before the next hand's bots (queued first): a game nobody plays stops
            # here. A hand its owner's own command ended was played: nothing to check.
            await asyncio.to_thread(
                ensure_job,
                self.queue,
                f"abandon-{game_id}-{appended.version}",
                ABANDON_JOB,
                (game_id,),
            )
        # A nudge of a game already over (an import's last step) counts too: the
        # league's job is once per game id, whatever asks for it.
        if ends_game(appended.envelopes) or (
            not appended.envelopes and appended.state.phase == "over"
        ):
            await self.schedule_league(game_id)
        if continues_own_turn(appended):
            return
        if seats_to_act(appended.state, levels):
            # The append's own time (a retry announces the first attempt's events).
            since = appended.envelopes[-1].at if appended.envelopes else None
            not_before = knock_window_end(
                appended.state,
                levels,
                since=since,
                window_s=self.knock_window_s,
                turn_time_limit_s=appended.info.turn_time_limit_s if appended.info else None,
            )
            await self.schedule_bot(game_id, appended.version, not_before=not_before)

    async def schedule_bot(
        self,
        game_id: str,
        version: int,
        *,
        not_before: datetime | None = None,
        replace_done: bool = False,
    ) -> bool:
        """The bot job for `version`: at once, or from `not_before` on (a knock window)."""
        job_id = bot_job_id(game_id, version)
        at = None
        if not_before is not None and not_before > datetime.now(UTC):
            # Rounded up: rq keeps whole seconds, and a job rounded down would run early.
            at = datetime.fromtimestamp(math.ceil(not_before.timestamp()), UTC)
        return await asyncio.to_thread(
            ensure_job,
            self.queue,
            job_id,
            BOT_JOB,
            (game_id, version),
            at=at,
            replace_done=replace_done,
            failed_is_a_failure=replace_done,
        )

    async def schedule_league(self, game_id: str, *, replace_done: bool = False) -> bool:
        """The job that applies the game's result to the league (once per game id)."""
        return await asyncio.to_thread(
            ensure_job,
            self.queue,
            league_job_id(game_id),
            LEAGUE_JOB,
            (game_id,),
            replace_done=replace_done,
            failed_is_a_failure=replace_done,
        )

    async def schedule_timer(
        self, game_id: str, version: int, deadline: str, *, replace_done: bool = False
    ) -> bool:
        at = datetime.fromisoformat(deadline)
        job_id = timer_job_id(game_id, version)
        return await asyncio.to_thread(
            ensure_job,
            self.queue,
            job_id,
            TIMER_JOB,
            (game_id, version),
            at=at,
            replace_done=replace_done,
            failed_is_a_failure=replace_done,
        )
