"""What an imported log claims beside the rules' events, checked before anything is
written: every field's type and range, its times against its own span and the clock,
and who acted against what replay derives (a bot seat's moves are a bot's, a
resigned seat's too, the timer moves only a turn that timed out, the service's
events are the service's).

The rules check the events (`verify_log`); a stored game is also read by the workers
(times parsed for knock windows, timers and archiving, levels for bots), so a field
no service would have written must never get in: one bad record would stop every
worker that reads it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime

from domain.bots import LEVELS
from domain.events import (
    DeckRevealed,
    GameAbandoned,
    GameStarted,
    HandDealt,
    RematchOffered,
    SeatClaimed,
    SeatControlChanged,
    SeatFilled,
    SeatLeft,
    SeatReserved,
    SeatResigned,
    SeatsRemoved,
    TurnDeadlineSet,
    TurnTimedOut,
)
from service.app.envelope import Envelope
from service.app.players import hidden_character
from service.app.records import is_game_id
from service.logs.logfile import LogError, LogHeader, SeatKind, seats_filled

__all__ = ["CLOCK_SKEW_S", "MAX_COMMAND_ID", "MAX_TURN_S", "check_claims", "rematch_links"]

# How far the clocks of several API nodes (and the importer's) may disagree: a time
# this far ahead of now, or this far behind the event before it, no node wrote.
CLOCK_SKEW_S = 300.0
# The longest turn time limit a table can have (a day), as the API bounds it.
MAX_TURN_S = 86400.0
_SHA256_HEX = re.compile("[0-9a-f]{64}")
# A claim's id as `seating.new_claim` draws it: a player's mark, then a random part.
_RFC_3339 = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,6})?(?:Z|[+-][0-9]{2}:[0-9]{2})"
)
_CLAIM_ID = re.compile(r"(?:[0-9a-f]{16}\.)?[0-9a-f]{8}")
_MARK = re.compile(r"[0-9a-f]{16}")
# Events the service writes of itself, which verify_log checks without a command.
_SERVICE_EVENTS = (DeckRevealed, GameAbandoned, SeatControlChanged, TurnDeadlineSet, TurnTimedOut)
# A client's command id is at most 128 characters; the service's own are shorter
# than 72 (a prefix and two numbers).
MAX_COMMAND_ID = 200


def check_claims(header: LogHeader, envelopes: Sequence[Envelope], now_ts: float) -> None:
    """LogError(invalid_log_field) naming the first field no service would have
    written; `envelopes` passed `verify_log` (its events are the rules')."""
    _check_seat_kinds(header)
    _check_bots_at_start(header, envelopes)
    times = [_time_of(envelope.at, "at", envelope.version) for envelope in envelopes]
    for envelope, moment, before in zip(envelopes, times, [None, *times], strict=False):
        if moment > now_ts + CLOCK_SKEW_S:
            _refuse("at", f"{envelope.at!r} is in the future", envelope.version)
        if before is not None and moment < before - CLOCK_SKEW_S:
            _refuse("at", f"{envelope.at!r} is before the event ahead of it", envelope.version)
    created = _time_of(header.created_at, "created_at", None)
    if times and not times[0] - CLOCK_SKEW_S <= created <= max(times) + CLOCK_SKEW_S:
        _refuse(
            "created_at",
            f"{header.created_at!r} is not within the log's own times "
            f"({envelopes[0].at} to {envelopes[-1].at})",
            None,
        )
    _check_opening(header, envelopes)
    _Actors(header, envelopes).check()


def _check_opening(header: LogHeader, envelopes: Sequence[Envelope]) -> None:
    """The table's opening, where the log records it, says what its header says: a
    log cannot claim one creation time or stacking there and another here."""
    started = envelopes[0].event if envelopes else None
    opening = started.opening if isinstance(started, GameStarted) else None
    if opening is None:
        return
    if opening.created_at != header.created_at:
        _refuse("event.opening.created_at", "differs from the header's created_at", 1)
    if opening.stacked != header.stacked:
        _refuse("event.opening.stacked", "differs from the header's stacked", 1)


def rematch_links(envelopes: Iterable[Envelope]) -> list[tuple[int, str]]:
    """(version, game id) of every rematch the log names."""
    return [
        (envelope.version, envelope.event.game_id)
        for envelope in envelopes
        if isinstance(envelope.event, RematchOffered)
    ]


def _refuse(field: str, why: str, version: int | None) -> None:
    raise LogError("invalid_log_field", f"{field}: {why}", version, field=field)


def _time_of(text: str, field: str, version: int | None) -> float:
    # As the service writes a time: Python reads more forms (no offset, a week date, a
    # space for the T), which a copy would serve as they came, and a client read
    # otherwise (a time without its offset, as the reader's local time) or not at all.
    try:
        if _RFC_3339.fullmatch(text) is None:
            raise ValueError(text)
        moment = datetime.fromisoformat(text)
    except ValueError:
        _refuse(
            field,
            f"{text!r} is not an RFC 3339 time with its UTC offset (2026-01-01T00:00:00Z)",
            version,
        )
        raise  # unreachable: _refuse raises
    if moment.timestamp() < 0:
        # No service's clock read a time before the Unix epoch, and the earliest ones
        # (year 1 east of UTC) are no date in UTC: the league's job, which files a
        # game under its UTC day, would fail on the game at every retry.
        _refuse(field, f"{text!r} is before 1970", version)
    return moment.timestamp()


def _check_seat_kinds(header: LogHeader) -> None:
    for seat, kind in enumerate(header.seat_kinds):
        if kind.kind == "bot" and kind.level is not None and kind.level not in LEVELS:
            _refuse(
                f"seat_kinds[{seat}].level",
                f"bot level {kind.level} is not one of {list(LEVELS)}",
                None,
            )
        if kind.kind == "human" and kind.level is not None:
            _refuse(f"seat_kinds[{seat}].level", "a human seat has no bot level", None)


def _check_bots_at_start(header: LogHeader, envelopes: Sequence[Envelope]) -> None:
    """`game_started.bots` says who plays each seat (the workers run a bot of that
    level there): one level per seat, each a bot the header names at that seat, or 0
    (a person's seat, an open one a bot filled at the start, or a bot's an older
    release named in its meta only)."""
    started = envelopes[0].event if envelopes else None
    if not isinstance(started, GameStarted) or not started.bots:
        return  # logs of earlier releases have none
    if len(started.bots) != header.seats:
        _refuse("event.bots", f"{len(started.bots)} levels for {header.seats} seats", 1)
    filled = seats_filled(envelopes)
    for seat, (level, kind) in enumerate(zip(started.bots, header.seat_kinds, strict=True)):
        if level == 0:
            continue
        named = kind.kind == "bot" and seat not in filled and kind.level in (None, level)
        if level not in LEVELS or not named:
            _refuse("event.bots", f"seat {seat}: a level-{level} bot the header does not name", 1)


class _Actors:
    """Walks the log, deriving who may have issued each event (the few facts of the
    state it needs are followed here: a second fold of the log cost half a verify)."""

    def __init__(self, header: LogHeader, envelopes: Sequence[Envelope]) -> None:
        self.envelopes = envelopes
        self.header_kinds = header.seat_kinds
        self.kinds = [kind.kind for kind in header.seat_kinds]
        # The seat whose turn timed out, until the next deadline or another seat acts.
        self.timed_out: int | None = None
        # Logs older than the actor field have none; once one is named, all are.
        self.named = False
        self.resigned: set[int] = set()
        self.hand_number = 0
        # Before the first deal, per seat: whether a claim from the lobby holds it
        # (`seat_claimed` until its `seat_left`; None: the log never said, and a
        # release before claims were events kept them in its meta, so its seat_left
        # may be the log's first word on a seat); and whether a start removed seats
        # (once: an import reads the first removal only, and the seats a bot fills
        # by their numbers before it). That release's start wrote its fills or its
        # removal apart from its deal: one that failed between left a table waiting
        # on, its seats still claimed and given back.
        self.held: list[bool | None] = [None] * len(self.kinds)
        self.removed = False
        # The seats open to people at the creation: the human ones, and those a bot
        # filled at the start (the header names them bots: they were open till then).
        filled = seats_filled(envelopes)
        self.open = [kind == "human" or seat in filled for seat, kind in enumerate(self.kinds)]

    def check(self) -> None:
        if not self.envelopes:
            return
        for envelope in self.envelopes:
            self._check_fields(envelope)
            self._check_seating(envelope)
            self._check_actor(envelope)
            self._follow(envelope)

    def _check_fields(self, envelope: Envelope) -> None:
        version, event = envelope.version, envelope.event
        command_id = envelope.command_id
        if isinstance(event, _SERVICE_EVENTS) and envelope.seat is not None:
            # The rules check the seat of a command's events; these are no command's.
            _refuse("seat", "the service's own event names no acting seat", version)
        if command_id is not None and not 0 < len(command_id) <= MAX_COMMAND_ID:
            _refuse("command_id", f"a command id has 1-{MAX_COMMAND_ID} characters", version)
        if command_id is not None and (char := hidden_character(command_id)) is not None:
            # As a command sent live: the copy's followers read it too.
            _refuse("command_id", f"a command id holds no control character ({char})", version)
        if envelope.seat is None and command_id is not None:
            _refuse("command_id", "the service's own events carry no command id", version)
        match event:
            case TurnDeadlineSet(deadline=deadline):
                due = _time_of(deadline, "event.deadline", version)
                set_at = _time_of(envelope.at, "at", version)
                if not set_at - CLOCK_SKEW_S <= due <= set_at + MAX_TURN_S + CLOCK_SKEW_S:
                    _refuse("event.deadline", f"{deadline!r} is not within a turn", version)
            case SeatControlChanged(controller=controller, level=level):
                wanted_level = level in LEVELS if controller == "autopilot" else level is None
                if not wanted_level:
                    _refuse("event.level", f"level {level} for {controller}", version)
            case GameAbandoned(hands=hands, hand_number=hand):
                if not 1 <= hands <= max(self.hand_number, 1) or hand != self.hand_number:
                    _refuse("event.hands", f"{hands} hands to hand {hand}", version)
            case HandDealt(commitment=commitment) if commitment is not None and not (
                _SHA256_HEX.fullmatch(commitment)
            ):
                # Checked against the deck only once revealed: a hand in progress never is.
                _refuse("event.commitment", "a commitment is 64 hex digits (sha256)", version)
            case RematchOffered(game_id=game_id) if not is_game_id(game_id):
                _refuse("event.game_id", f"{game_id!r} is no game id", version)
            case SeatClaimed(claim=claim) if not _CLAIM_ID.fullmatch(claim):
                _refuse("event.claim", f"{claim[:80]!r} is no claim id", version)
            case SeatReserved(mark=mark) if not _MARK.fullmatch(mark):
                _refuse("event.mark", f"{mark[:80]!r} is no player's mark", version)
            case GameStarted(host=host) if host and not _MARK.fullmatch(host):
                _refuse("event.host", f"{host[:80]!r} is no player's mark", version)
            case SeatFilled(seat=seat, level=level) if seat < len(self.header_kinds) and (
                self.header_kinds[seat] != SeatKind("bot", level)
            ):
                # A fill comes before the first deal: the header, as the log starts,
                # names that seat's bot (its level is the event's).
                _refuse(f"seat_kinds[{seat}]", f"seat {seat} is a level-{level} bot's", version)

    def _check_seating(self, envelope: Envelope) -> None:
        """A table's seats change hands as the service changes them: a claim takes a
        human seat nobody holds, a leave gives back a seat a claim holds, and the
        host's start fills or removes (once) only the seats nobody holds."""
        version, event = envelope.version, envelope.event
        match event:
            case SeatClaimed(seat=seat) if seat < len(self.open) and (
                not self.open[seat] or self.held[seat]
            ):
                _refuse("event.seat", f"seat {seat} is not open to a claim", version)
            case SeatReserved(seat=seat) if seat < len(self.open) and (
                not self.open[seat] or self.held[seat] is not None
            ):
                # Kept at the table's opening, before anyone claimed the seat.
                _refuse("event.seat", f"seat {seat} is not open to a reservation", version)
            case SeatLeft(seat=seat) if seat < len(self.held) and (
                self.held[seat] is False or not self.open[seat]
            ):
                _refuse("event.seat", f"seat {seat} holds no claim to give back", version)
            case SeatFilled(seat=seat) if self.removed or (
                seat < len(self.held) and self.held[seat]
            ):
                _refuse("event.seat", f"seat {seat} is not open to a bot", version)
            case SeatsRemoved(seats=removed) if self.removed or any(
                seat < len(self.held) and (self.held[seat] or not self.open[seat])
                for seat in removed
            ):
                _refuse("event.seats", f"seats {list(removed)} are not the open seats", version)

    def _check_actor(self, envelope: Envelope) -> None:
        actor, seat, version = envelope.actor, envelope.seat, envelope.version
        if actor is None:
            if self.named:
                _refuse("actor", "missing, after events that name theirs", version)
            return
        self.named = True
        if seat is None:
            if actor != "service":
                _refuse("actor", f"the service's event, issued by {actor!r}", version)
            return
        if not 0 <= seat < len(self.kinds):
            _refuse("seat", f"no seat {seat}", version)
        allowed = self._who_may_act(seat)
        if actor not in allowed:
            _refuse("actor", f"seat {seat}'s event here is {sorted(allowed)}'s", version)

    def _who_may_act(self, seat: int) -> set[str]:
        # A bot may play any seat: a human seat's hand-over is decided in the meta
        # before its event is written, and a crash in between loses only the event.
        allowed = {"bot"}
        if self.kinds[seat] == "human" and seat not in self.resigned:
            allowed.add("player")  # an owner may act while a bot holds the seat
        if self.timed_out == seat:
            allowed.add("timer")
        return allowed

    def _follow(self, envelope: Envelope) -> None:
        match envelope.event:
            case TurnTimedOut(seat=seat):
                self.timed_out = seat
            case TurnDeadlineSet():
                self.timed_out = None
            case HandDealt(hand_number=hand):
                self.timed_out = None
                self.hand_number = hand
            case SeatResigned(seat=seat):
                self.resigned.add(seat)
            case SeatsRemoved(seats=removed):
                self.kinds = [kind for seat, kind in enumerate(self.kinds) if seat not in removed]
                self.held = [held for seat, held in enumerate(self.held) if seat not in removed]
                self.open = [o for seat, o in enumerate(self.open) if seat not in removed]
                self.removed = True
            case SeatFilled(seat=seat):
                self.kinds[seat] = "bot"
            case SeatClaimed(seat=seat):
                self.held[seat] = True
            case SeatLeft(seat=seat):
                self.held[seat] = False
        if envelope.seat is not None and envelope.seat != self.timed_out:
            self.timed_out = None
