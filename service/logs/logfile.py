"""The rummy-log/1 file: a header line, then one event envelope per line (JSON lines)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Annotated, Any, Literal

import msgspec

from domain.events import GameStarted, HandDealt, SeatFilled, SeatsRemoved
from domain.rules import RuleSet
from service.app.envelope import Envelope, decode_envelope, encode_envelope
from service.app.json_guard import JsonRefused, check_json_lines
from service.store.ports import EventStore

__all__ = [
    "FORMAT",
    "HeaderFacts",
    "LogError",
    "LogHeader",
    "MetaReader",
    "SeatKind",
    "export_log",
    "kinds_at_start",
    "read_log",
    "seats_removed",
    "write_log",
]

FORMAT = "rummy-log/1"


class LogError(Exception):
    """A log that cannot be read, or that the rules would not have produced.

    `code` is stable (clients and the HTTP layer switch on it); `version` is
    the first bad event's version when one event is to blame; `field` the field at
    fault when one is (`at`, `seat_kinds[0].level`).
    """

    def __init__(
        self, code: str, message: str, version: int | None = None, *, field: str | None = None
    ) -> None:
        super().__init__(f"{code}: {message}" + (f" (version {version})" if version else ""))
        self.code = code
        self.message = message
        self.version = version
        self.field = field


class SeatKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Literal["human", "bot"]
    level: int | None = None


class LogHeader(msgspec.Struct, frozen=True, kw_only=True):
    """The first line of a log file. By construction it has no field for seat
    tokens or the server's seed: a log is safe to publish."""

    type: Literal["header"] = "header"
    format: str = FORMAT
    # Some server's name for the game (this one's are 32 hex digits; the golden
    # logs' are words): a plain, short name, as the rematch links are checked by it.
    game_id: Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$")]
    ruleset: RuleSet
    seats: int
    seat_kinds: tuple[SeatKind, ...]
    created_at: str
    # Dealt from its creator's seed or deck: the creator knew every hand.
    stacked: bool = False


class HeaderFacts(msgspec.Struct, frozen=True, kw_only=True):
    """What only the game's metadata knows; None falls back to a default."""

    seat_kinds: tuple[SeatKind, ...] | None = None
    created_at: str | None = None
    stacked: bool = False


# Reads the header facts out of a game's meta record; the meta layout belongs
# to the API layer, which supplies this.
MetaReader = Callable[[Mapping[str, bytes]], HeaderFacts]

_encoder = msgspec.json.Encoder()
_header_decoder = msgspec.json.Decoder(LogHeader)


def write_log(header: LogHeader, envelopes: Sequence[Envelope]) -> bytes:
    lines = [_encoder.encode(header)]
    lines.extend(encode_envelope(envelope) for envelope in envelopes)
    return b"\n".join(lines) + b"\n"


def read_log(data: bytes) -> tuple[LogHeader, list[Envelope]]:
    """The header and envelopes of a log file; LogError(malformed_log |
    unsupported_format) naming the line at fault."""
    try:
        check_json_lines(data)
    except JsonRefused as refused:
        raise LogError("malformed_log", refused.message) from refused
    lines = [(number, line) for number, line in enumerate(data.splitlines(), 1) if line.strip()]
    if not lines:
        raise LogError("malformed_log", "the log is empty: a header line is needed")
    header = _read_header(lines[0][1])
    envelopes: list[Envelope] = []
    for number, line in lines[1:]:
        try:
            envelopes.append(decode_envelope(line))
        except msgspec.DecodeError as exc:
            raise LogError("malformed_log", f"line {number}: {exc}") from exc
    return header, envelopes


def _read_header(line: bytes) -> LogHeader:
    # The format is checked on a loose parse first, so a future format gets
    # `unsupported_format` rather than a confusing field error.
    try:
        raw: Any = msgspec.json.decode(line)
    except msgspec.DecodeError as exc:
        raise LogError("malformed_log", f"line 1: the header is not JSON: {exc}") from exc
    if not isinstance(raw, dict) or raw.get("type") != "header":
        raise LogError("malformed_log", 'line 1: the first line must be {"type": "header", ...}')
    if raw.get("format") != FORMAT:
        raise LogError(
            "unsupported_format", f"format {raw.get('format')!r} is not supported; use {FORMAT}"
        )
    try:
        return _header_decoder.decode(line)
    except msgspec.DecodeError as exc:
        raise LogError("malformed_log", f"line 1: {exc}") from exc


async def export_log(store: EventStore, game_id: str, read_meta: MetaReader | None = None) -> bytes:
    """The game's whole log as a file. Its creation time and whether it was stacked
    are its opening's (`game_started`); a log of an earlier release says neither:
    `read_meta` reads them beside it. Without `read_meta` (or where it gives None)
    every seat is a human and such a game was created at its first event."""
    stored = await store.read(game_id)
    if not stored:
        raise LogError("unknown_game", f"game {game_id!r} has no events")
    envelopes: list[Envelope] = []
    for item in stored:
        try:
            envelopes.append(decode_envelope(item.data))
        except msgspec.DecodeError as exc:
            raise LogError("malformed_log", f"stored event: {exc}", item.version) from exc
    started = envelopes[0].event
    if not isinstance(started, GameStarted):
        raise LogError("illegal_event", "a log starts with game_started", envelopes[0].version)
    facts = read_meta(await store.get_meta(game_id)) if read_meta else HeaderFacts()
    # When and how the table was opened is its log's to say, where it does.
    opening = started.opening
    kinds = facts.seat_kinds
    if kinds is None and opening is not None:
        kinds = tuple(SeatKind(spec.kind, spec.level) for spec in opening.seats)
    header = LogHeader(
        game_id=game_id,
        ruleset=started.ruleset,
        seats=started.seats,
        seat_kinds=kinds_at_start(kinds, started.seats, envelopes),
        created_at=opening.created_at if opening else facts.created_at or envelopes[0].at,
        stacked=opening.stacked if opening else facts.stacked,
    )
    return write_log(header, envelopes)


def seats_removed(envelopes: Iterable[Envelope]) -> tuple[int, ...]:
    """The seats a table started without (`seats_removed`, numbered as at the start):
    removed before the first deal, so the events up to it are all that is read."""
    for envelope in envelopes:
        match envelope.event:
            case SeatsRemoved(seats=seats):
                return seats
            case HandDealt():
                return ()
    return ()


def kinds_at_start(
    kinds: tuple[SeatKind, ...] | None, seats: int, envelopes: Sequence[Envelope]
) -> tuple[SeatKind, ...]:
    """The header's seat kinds, as the log starts: a table that started without some
    seats (`seats_removed`) keeps only the others in its meta; the removed ones were
    open human seats. An open seat a bot filled at the start (`seat_filled`) is that
    bot's from its first move on."""
    if kinds is None:
        kinds = (SeatKind("human"),) * seats
    removed = seats_removed(envelopes)
    if removed and len(kinds) == seats - len(removed):
        kept = iter(kinds)
        kinds = tuple(SeatKind("human") if seat in removed else next(kept) for seat in range(seats))
    fills = seats_filled(envelopes)
    return tuple(
        SeatKind("bot", fills[seat]) if seat in fills else kind for seat, kind in enumerate(kinds)
    )


def seats_filled(envelopes: Iterable[Envelope]) -> dict[int, int]:
    """The open seats a bot took when the table started, with its level: before its
    first deal, or after it where `rummy upgrade` wrote a fill an older release kept
    in its meta only."""
    return {
        envelope.event.seat: envelope.event.level
        for envelope in envelopes
        if isinstance(envelope.event, SeatFilled)
    }
