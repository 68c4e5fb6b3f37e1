"""The envelope every stored event travels in, and its wire encoding."""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Literal

import msgspec

from domain.events import AnyEvent

__all__ = [
    "ActorKind",
    "Envelope",
    "by_bot",
    "decode_envelope",
    "encode_envelope",
    "envelopes_from",
    "is_system",
    "now",
    "opened_now",
    "service_envelopes",
    "timestamp_of",
]

# Who issued a command, recorded from the caller the service authenticated:
# a seat's owner (`player`), a bot playing a seat, the turn timer, or the
# service itself (creation, deals, reveals, deadlines).
ActorKind = Literal["player", "bot", "timer", "service"]
SYSTEM_ACTORS: frozenset[str] = frozenset({"bot", "timer", "service"})
# Logs written before the actor was recorded marked the workers' commands by
# these id prefixes only; the API now keeps clients' ids apart from them.
_LEGACY_SYSTEM_PREFIXES = ("bot:", "timer:")


# omit_defaults: a log written before `actor` existed encodes as it did.
class Envelope(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One event of a game's log with the facts around it.

    `version` is the event's 1-based position in the game's log; `seat` is
    the acting seat (None for the service itself: creation, deals, timers);
    `at` is the server time (UTC, ISO 8601) the command was accepted;
    `actor` says who issued it (None in logs older than the field).
    """

    version: int
    at: str
    seat: int | None
    command_id: str | None
    event: AnyEvent
    actor: ActorKind | None = None


def is_system(envelope: Envelope) -> bool:
    """Whether a bot, the timer or the service issued this event, not a seat's owner."""
    if envelope.actor is not None:
        return envelope.actor in SYSTEM_ACTORS
    return envelope.seat is None or (envelope.command_id or "").startswith(_LEGACY_SYSTEM_PREFIXES)


def by_bot(envelope: Envelope) -> bool:
    """Whether a bot played this event (a bot seat's, or a human seat's played for it)."""
    if envelope.actor is not None:
        return envelope.actor == "bot"
    # Logs from before the actor was recorded: the bots' ids began so.
    return (envelope.command_id or "").startswith("bot:")


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Envelope)


def encode_envelope(envelope: Envelope) -> bytes:
    return _encoder.encode(envelope)


def decode_envelope(data: bytes) -> Envelope:
    return _decoder.decode(data)


def now() -> tuple[str, float]:
    """The time as envelopes record it (UTC, ISO 8601 to the millisecond), and its timestamp."""
    micros = time.time_ns() // 1000
    second, micro = divmod(micros, 1_000_000)
    # datetime.isoformat(timespec="milliseconds") of the same instant, in 0.6 µs instead
    # of 2.0: the second's text is made once a second (a unit test holds the two equal).
    return f"{_second_text(second)}.{micro // 1000:03d}+00:00", micros / 1_000_000


def opened_now() -> str:
    """The time a table is opened, to the microsecond: the lobby lists tables by it,
    and two opened within a millisecond are still listed in order."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def timestamp_of(text: str) -> float:
    """The timestamp of a time as envelopes record it (`now`'s text; UTC if it says no zone)."""
    moment = datetime.fromisoformat(text)
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


@functools.lru_cache(maxsize=2)
def _second_text(second: int) -> str:
    return datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S")


def service_envelopes(version: int, events: Sequence[AnyEvent]) -> list[Envelope]:
    """The service's own events (no seat acted, no command id) after `version`."""
    return envelopes_from(version, [(None, event) for event in events], None)


def envelopes_from(
    version: int,
    events: Sequence[tuple[int | None, AnyEvent]],
    command_id: str | None,
    actor: ActorKind = "service",
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
            actor=actor if seat is not None else "service",
        )
        for index, (seat, event) in enumerate(events, start=1)
    ]
