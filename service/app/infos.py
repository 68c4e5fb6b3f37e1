"""Each game's `info` made again from its log: the meta's copy of how the table
was opened (`GameStarted.opening`) with the decks kept secret beside the log."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from domain.events import GameStarted
from service.app.records import info_of, is_game_id, stacked_decks
from service.app.stored_log import envelopes_of
from service.store.ports import EventLog, EventStore

__all__ = ["logged_info", "rebuild_infos", "write_info"]


async def rebuild_infos(store: EventStore) -> int:
    """Write each game's info again where its log records the opening; the number
    written (a copy that already matches is left alone). A game of an earlier release
    has no opening in its log: its copy is all there is, and it is left alone too.
    An archived game's meta is in its archive file, whole: only live metas are read."""
    written = 0
    async for game_id in store.meta_ids():
        if not is_game_id(game_id):
            continue
        meta = await store.get_meta(game_id)
        info = await logged_info(store, game_id, meta)
        if info is not None and meta.get("info") != info:
            written += await write_info(store, game_id, info)
    return written


async def write_info(store: EventStore, game_id: str, info: bytes) -> bool:
    """Write a game's info made from its log; False when the game was removed
    meanwhile (an expired table, a crashed import): the write alone would have left
    a meta naming no game, so it goes too."""
    await store.put_meta(game_id, {"info": info})
    if "seed" not in await store.get_meta(game_id):
        await store.remove_game(game_id)
        return False
    return True


async def logged_info(store: EventLog, game_id: str, meta: Mapping[str, bytes]) -> bytes | None:
    """The game's info (encoded) as its log's opening and the secret decks in `meta`
    say; None when the log records no opening (an earlier release's) or the meta
    holds no game (removed: its seed is gone with it)."""
    if "seed" not in meta:
        return None
    first = await store.read(game_id, limit=1)
    started = envelopes_of(game_id, first)[0].event if first else None
    if not isinstance(started, GameStarted) or started.opening is None:
        return None
    return msgspec.json.encode(info_of(started.opening, stacked_decks(meta)))
