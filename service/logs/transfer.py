"""A verified log file into an event store, as a new game (export is logfile.export_log)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from domain.state import GameState
from service.app.envelope import Envelope, encode_envelope
from service.logs.logfile import LogError, LogHeader
from service.logs.verify import verify_log
from service.store.base import EventStore, InvalidGameId, VersionConflict, check_game_id

__all__ = ["MetaWriter", "import_log"]

# Writes the imported game's meta record (and lobby entry); the meta layout
# belongs to the API layer, which supplies this.
MetaWriter = Callable[[EventStore, str, LogHeader, GameState], Awaitable[None]]


async def import_log(
    store: EventStore,
    header: LogHeader,
    envelopes: Sequence[Envelope],
    game_id: str | None = None,
    write_meta: MetaWriter | None = None,
) -> tuple[str, GameState]:
    """Verify the log, then append it whole as game `game_id` (default: the
    header's), which must have no events yet. Returns (game id, final state)."""
    target = game_id or header.game_id
    try:
        check_game_id(target)
    except InvalidGameId as exc:
        raise LogError("invalid_game_id", str(exc)) from exc
    state = verify_log(header, envelopes)
    try:
        # One append, so an import is all or nothing.
        await store.append(
            target,
            [encode_envelope(envelope) for envelope in envelopes],
            expected_version=0,
            command_id=None,
            command_digest=None,
        )
    except VersionConflict as exc:
        raise LogError(
            "game_exists", f"game {target!r} already has {exc.current} events; pick another id"
        ) from exc
    if write_meta is not None:
        await write_meta(store, target, header, state)
    return target, state
