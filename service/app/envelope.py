"""The envelope every stored event travels in, and its wire encoding."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import msgspec

from domain.events import AnyEvent


class Envelope(msgspec.Struct, frozen=True, kw_only=True):
    """One event of a game's log with the facts around it.

    `version` is the event's 1-based position in the game's log; `seat` is
    the acting seat (None for the service itself: creation, deals, timers);
    `at` is the server time (UTC, ISO 8601) the command was accepted.
    """

    version: int
    at: str
    seat: int | None
    command_id: str | None
    event: AnyEvent


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Envelope)


def encode_envelope(envelope: Envelope) -> bytes:
    return _encoder.encode(envelope)


def decode_envelope(data: bytes) -> Envelope:
    return _decoder.decode(data)


def now() -> tuple[str, float]:
    moment = datetime.now(UTC)
    return moment.isoformat(timespec="milliseconds"), moment.timestamp()


def envelopes_from(
    version: int, events: Sequence[tuple[int | None, AnyEvent]], command_id: str | None
) -> list[Envelope]:
    at = now()[0]
    return [
        Envelope(
            version=version + index,
            at=at,
            seat=seat,
            # The service's own events (deals) are not the client's command.
            command_id=command_id if seat is not None else None,
            event=event,
        )
        for index, (seat, event) in enumerate(events, start=1)
    ]
