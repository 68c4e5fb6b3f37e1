"""Imports that crashed halfway: found by their `importing` mark, removed after a grace."""

from __future__ import annotations

import time

from service.app.games import GameService
from service.app.records import is_game_id

__all__ = ["IMPORT_GRACE_S", "remove_half_imports"]

# An 8 MiB import takes seconds; one still marked after ten minutes has lost its
# writer (the process died between chunks), and nothing else will ever finish it.
IMPORT_GRACE_S = 600.0


async def remove_half_imports(
    games: GameService, *, grace_s: float = IMPORT_GRACE_S, now: float | None = None
) -> list[str]:
    """Delete every game whose import began more than `grace_s` ago and never ended
    (invisible and unwritable meanwhile, so no reader or player loses anything); the
    ids removed. A mark without its start time (from before it was recorded) counts as old."""
    at = time.time() if now is None else now
    removed: list[str] = []
    async for game_id in games.store.game_ids():
        if not is_game_id(game_id):
            continue
        meta = await games.store.get_meta(game_id)
        if meta.get("importing") != b"1":
            continue
        since = float(meta.get("importing_since", b"0"))
        if at - since >= grace_s:
            await games.store.remove_game(game_id)
            removed.append(game_id)
    return removed
