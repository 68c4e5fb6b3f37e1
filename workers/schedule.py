"""After each append: enqueue the bot turn and turn timer it calls for (the GameService hook)."""

from __future__ import annotations

import asyncio
from datetime import datetime

from rq import Queue

from domain.events import HandEnded, TurnDeadlineSet
from service.app.control import ControlWrites, bot_levels, controlled, seats_to_act, take_back
from service.app.games import Appended, GameService
from service.app.league.game_end import ends_game
from service.store import EventStore
from workers.queue import bot_job_id, ensure_job, league_job_id, timer_job_id

__all__ = [
    "ABANDON_JOB",
    "BOT_JOB",
    "LEAGUE_JOB",
    "TIMER_JOB",
    "TurnScheduler",
    "continues_own_turn",
]

ABANDON_JOB = "workers.jobs.abandon_check"
BOT_JOB = "workers.jobs.bot_turn"
TIMER_JOB = "workers.jobs.turn_timer"
LEAGUE_JOB = "workers.jobs.league_result"


def continues_own_turn(appended: Appended) -> bool:
    """A bot's command within its own turn: the job that made it plays on."""
    before, after = appended.before, appended.state
    return (
        appended.actor == "bot"
        and appended.seat == before.turn == after.turn
        and before.hand_number == after.hand_number
        and after.phase in ("draw", "play")
    )


def _hand_ended(appended: Appended) -> bool:
    return appended.state.phase in ("draw", "play") and any(
        isinstance(envelope.event, HandEnded) for envelope in appended.envelopes
    )


class TurnScheduler:
    """The GameService's `on_appended`: bot jobs and timer jobs with deterministic ids."""

    def __init__(self, store: EventStore, queue: Queue) -> None:
        self.store = store
        self.queue = queue
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

    async def __call__(self, appended: Appended) -> None:
        game_id = appended.game_id
        meta = appended.meta if appended.meta is not None else await self.store.get_meta(game_id)
        seat = appended.seat
        owner_acted = seat is not None and appended.actor == "player"
        if owner_acted and seat is not None and controlled(meta, seat):
            # The owner acted: the seat is theirs again.
            await take_back(
                self.games,
                game_id,
                seat,
                "owner_returned",
                key=f"control:{seat}:owner_returned:{appended.version}",
            )
            meta = await self.store.get_meta(game_id)
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
        if seats_to_act(appended.state, bot_levels(appended.info, meta)):
            await self.schedule_bot(game_id, appended.version)

    async def schedule_bot(self, game_id: str, version: int, *, replace_done: bool = False) -> bool:
        job_id = bot_job_id(game_id, version)
        return await asyncio.to_thread(
            ensure_job, self.queue, job_id, BOT_JOB, (game_id, version), replace_done=replace_done
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
        )
