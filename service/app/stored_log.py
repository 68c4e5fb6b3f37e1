"""A game's stored events read back: one that is no event of that game makes the game unreadable.

The log is the truth, and a worker, a long poll or a past state trusts nothing
stored: an entry written by hand (bytes that are no JSON, a field of the wrong
type, an entry without its event, one numbered other than its place, one the
rules cannot fold) refuses that game's requests with `game_unreadable` and
fails that game's jobs alone, never a 500 or a stopped worker.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from domain.errors import DomainError
from service.app.envelope import Envelope, decode_envelope
from service.app.errors import UNREADABLE_RECORD, GameUnreadable
from service.app.game_record import GameRecord, advance
from service.store.base import StoredEvent

__all__ = ["advanced", "envelopes_of", "folded"]

_log = logging.getLogger(__name__)
# What folding an event the rules cannot apply raises.
_UNFOLDABLE: tuple[type[Exception], ...] = (*UNREADABLE_RECORD, DomainError)


def envelopes_of(game_id: str, stored: Iterable[StoredEvent]) -> list[Envelope]:
    """The envelopes of the game's stored events, each checked to be the one at its place."""
    envelopes = []
    for event in stored:
        try:
            envelope = decode_envelope(event.data)
        except UNREADABLE_RECORD as error:
            raise _unreadable(game_id, event.version, error) from error
        if envelope.version != event.version:
            raise _unreadable(game_id, event.version, f"it says version {envelope.version}")
        envelopes.append(envelope)
    return envelopes


def folded(
    game_id: str, record: GameRecord | None, stored: Iterable[StoredEvent]
) -> GameRecord | None:
    """`record` moved on through the game's stored events."""
    for envelope in envelopes_of(game_id, stored):
        record = advanced(game_id, record, envelope)
    return record


def advanced(game_id: str, record: GameRecord | None, envelope: Envelope) -> GameRecord:
    """`record` after one more event read from the game's log, which the rules must
    be able to fold (a card discarded that the seat holds, ...)."""
    try:
        return advance(record, envelope)
    except _UNFOLDABLE as error:
        raise _unreadable(game_id, envelope.version, error) from error


def _unreadable(game_id: str, version: int, why: object) -> GameUnreadable:
    _log.error("game %s: its stored event %d cannot be read: %s", game_id, version, why)
    return GameUnreadable(game_id)
