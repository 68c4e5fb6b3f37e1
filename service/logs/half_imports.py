"""Games written halfway, found by what they wrote first (the meta record) and removed
after a grace: an import that crashed between chunks (its `importing` mark), and a
creation or import that stopped after its meta and before its first event."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Sequence

from service.app.records import dealt_tokens, is_game_id
from service.store import EventStore
from service.store.base import Snapshot

__all__ = [
    "IMPORT_GRACE_S",
    "Headline",
    "headline_pages",
    "remove_half_imports",
    "remove_half_written",
]

# An 8 MiB import takes seconds; one still marked after ten minutes has lost its
# writer (the process died between chunks), and nothing else will ever finish it.
IMPORT_GRACE_S = 600.0
# Set by the sweep on a meta record with no event yet: when it first saw it so. A
# creation appends its first event right after its meta, so one still bare a grace
# after this mark was written by a process that is gone.
_BARE_SINCE = "bare_since"
# Games whose headlines (version and meta record) one round trip reads.
_PAGE = 100

Headline = tuple[str, Snapshot]


async def headline_pages(store: EventStore, size: int = _PAGE) -> AsyncIterator[list[Headline]]:
    """Every game the store holds a meta record of, with its version and meta record:
    `size` games a round trip."""
    page: list[str] = []
    async for game_id in store.meta_ids():
        if is_game_id(game_id):
            page.append(game_id)
        if len(page) == size:
            yield list(zip(page, await store.headlines(page), strict=True))
            page = []
    if page:
        yield list(zip(page, await store.headlines(page), strict=True))


async def remove_half_imports(
    store: EventStore, *, grace_s: float = IMPORT_GRACE_S, now: float | None = None
) -> list[str]:
    """Delete every game whose import began more than `grace_s` ago and never ended,
    and every meta record that had no event for `grace_s` (both invisible and
    unwritable meanwhile, so no reader or player loses anything); the ids removed."""
    removed: list[str] = []
    async for page in headline_pages(store):
        removed += await remove_half_written(store, page, grace_s=grace_s, now=now)
    return removed


async def remove_half_written(
    store: EventStore,
    page: Sequence[Headline],
    *,
    grace_s: float = IMPORT_GRACE_S,
    now: float | None = None,
) -> list[str]:
    """`remove_half_imports` of one page of headlines. A mark without its start time
    (from before it was recorded) counts as old."""
    at = time.time() if now is None else now
    removed: list[str] = []
    for game_id, headline in page:
        meta = headline.meta or {}
        if meta.get("importing") == b"1":
            since = _seconds(meta.get("importing_since"))
        elif not meta or headline.version:
            continue  # a whole game (or one removed meanwhile)
        elif _BARE_SINCE not in meta:
            await store.put_meta_if_absent(game_id, _BARE_SINCE, str(at).encode())
            continue
        else:
            since = _seconds(meta[_BARE_SINCE])
        if at - since >= grace_s:
            await store.remove_game(game_id)
            await store.remove_token_owners(dealt_tokens(meta))
            removed.append(game_id)
    return removed


def _seconds(value: bytes | None) -> float:
    try:
        return float(value or b"0")
    except ValueError:
        return 0.0  # unreadable: as old as can be
