"""The game a job acts on, or None when there is none to act on."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import TypeVar

from service.app.errors import GameUnreadable, ServiceError
from service.app.games import Game, GameService
from service.store.base import CorruptStream

__all__ = ["game_to_act_on", "unless_unreadable"]

T = TypeVar("T")
_log = logging.getLogger(__name__)


async def unless_unreadable(game_id: str, job: Awaitable[T], nothing: T) -> T:
    """The job's result, or `nothing` when the game's records turn out unreadable on
    the way (an event in its log, a key of the wrong kind): a rerun would fare no
    better, so the job ends, logged, rather than failing into rq's retries; the
    reconciler's own step on the game names it on /health once set aside."""
    try:
        return await job
    except (GameUnreadable, CorruptStream) as unreadable:
        _log.warning("game %s: unreadable (%s): its job does nothing", game_id, unreadable)
        return nothing


async def game_to_act_on(games: GameService, game_id: str) -> Game | None:
    """The game at its latest version; None when it was removed since the job was
    queued (an expired table, a half-written game) or its record cannot be read (a
    seed or info written by hand). Either way the job has nothing to do, and a rerun
    would fare no better: the job ends quietly, and the game's other jobs too, while
    every other game's run on."""
    try:
        return await games.game(game_id)
    except ServiceError as missing:
        if missing.code == "game_unreadable":
            _log.warning("game %s: its record is unreadable: its job does nothing", game_id)
            return None
        if missing.code != "game_not_found":
            raise
        return None
