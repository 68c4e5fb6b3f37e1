"""The game a job acts on, or None when there is none to act on."""

from __future__ import annotations

import logging

from service.app.errors import ServiceError
from service.app.games import Game, GameService

__all__ = ["game_to_act_on"]

_log = logging.getLogger(__name__)


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
