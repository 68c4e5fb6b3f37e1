"""Waiting tables nobody filled in time, removed once they have stayed expired a while.

An expired table refuses claims and starts (409 `table_expired`) and leaves the
lobby as the lobby is read; its players still see it among their games, marked
expired, and may get up from it. Kept for good, it would hold its keys and its
players' lines forever: the reconciler removes it EXPIRED_KEPT_S after it expired.
"""

from __future__ import annotations

from service.app.games import GameService
from service.app.records import GameInfo, dealt_tokens, lobby_status
from service.app.seating import players_at, waited_too_long
from service.store import EventStore

__all__ = ["EXPIRED_KEPT_S", "long_expired", "remove_if_long_expired"]

# How long an expired table stays among its players' games, marked expired, so that
# they see what became of it, before it is removed.
EXPIRED_KEPT_S = 24 * 3600.0


def long_expired(info: GameInfo, now: float, kept_s: float = EXPIRED_KEPT_S) -> bool:
    """Whether a table still waiting would have been expired for `kept_s` by `now`."""
    return waited_too_long(info, now - kept_s)


async def remove_if_long_expired(
    games: GameService,
    store: EventStore,
    game_id: str,
    *,
    now: float,
    kept_s: float = EXPIRED_KEPT_S,
) -> bool:
    """Remove the table if it still waits and has been expired for `kept_s`: its log,
    meta and views, its lobby line and its players' lines. Removed only at the version
    read here: a claim, a leave or a start that landed since wins, and it stays."""
    game = await games.game(game_id)
    if lobby_status(game) != "waiting" or not long_expired(game.info, now, kept_s):
        return False
    # Read after the game: a player who claimed since is named here, or their claim
    # moved the version and nothing is removed.
    facts = await games.fresh_facts(game_id)
    if facts.importing:
        return False
    if not await store.remove_game_at(game_id, game.record.version):
        return False
    # Its tokens open nothing now: unknown (401) wherever shown, and their keys go too.
    await store.remove_token_owners(dealt_tokens(facts.meta))
    for player_id in sorted(players_at(facts)):
        await games.players.unfile_game(player_id, game_id)
    return True
