"""A game folded up to a version: its state, who plays each seat, the turn's deadline,
and the record's cached (msgpack) form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, cast

import msgspec

from domain.events import (
    AnyEvent,
    GameStarted,
    HandDealt,
    HandEnded,
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
from domain.game import evolve
from domain.state import GameState, new_game
from service.app.envelope import Envelope

__all__ = [
    "Controller",
    "GameRecord",
    "FILLED",
    "GIVEN_BACK",
    "SEATING_FIELD",
    "UNCLAIMED",
    "Seating",
    "seating_fields",
    "untimed",
    "advance",
    "bot_levels",
    "controllers_with_bots",
    "decode_state",
    "encode_state",
    "with_bots",
]


class Controller(msgspec.Struct, frozen=True, kw_only=True):
    """Who plays a seat now: its owner (`human`), a bot for the whole game (`bot`:
    a bot seat, an open seat a bot filled, a seat resigned), or a bot standing in
    for the owner until they are back (`autopilot`), with the bot's level."""

    kind: Literal["human", "bot", "autopilot"]
    level: int | None = None


_HUMAN = Controller(kind="human")


def _controllers_after(
    controllers: tuple[Controller, ...], event: AnyEvent
) -> tuple[Controller, ...]:
    """Who plays each seat is the log's to say: the service reads it from here."""
    if type(event) not in _SEAT_EVENTS:
        return controllers  # nearly every event: one set lookup, not five class patterns
    match event:
        case GameStarted(seats=seats, bots=bots):
            levels = bots or (0,) * seats
            return tuple(
                Controller(kind="bot", level=level) if level else _HUMAN for level in levels
            )
        case SeatFilled(seat=seat, level=level) | SeatResigned(seat=seat, level=level):
            return _replaced(controllers, seat, Controller(kind="bot", level=level))
        case SeatControlChanged(seat=seat, controller="autopilot", level=level):
            return _replaced(controllers, seat, Controller(kind="autopilot", level=level))
        case SeatControlChanged(seat=seat):
            return _replaced(controllers, seat, _HUMAN)
        case SeatsRemoved(seats=removed):
            return tuple(c for seat, c in enumerate(controllers) if seat not in removed)
    return controllers


_SEAT_EVENTS = frozenset({GameStarted, SeatFilled, SeatResigned, SeatControlChanged, SeatsRemoved})


def _replaced(
    controllers: tuple[Controller, ...], seat: int, controller: Controller
) -> tuple[Controller, ...]:
    return controllers[:seat] + (controller,) + controllers[seat + 1 :]


def bot_levels(controllers: tuple[Controller, ...]) -> dict[int, int]:
    """The level of the bot playing each seat that a bot plays now."""
    return {
        seat: controller.level or 1
        for seat, controller in enumerate(controllers)
        if controller.kind != "human"
    }


def with_bots(record: GameRecord, levels: Mapping[int, int]) -> GameRecord:
    """A record of a game whose log's game_started names no bots (an earlier
    release's): the bots its table was opened with (`levels`)."""
    controllers = controllers_with_bots(record.controllers, levels)
    if controllers is record.controllers:
        return record
    return msgspec.structs.replace(record, controllers=controllers)


def controllers_with_bots(
    controllers: tuple[Controller, ...], levels: Mapping[int, int]
) -> tuple[Controller, ...]:
    """`controllers` with a bot of its level at each seat of `levels` that they call human."""
    for seat, level in levels.items():
        if seat < len(controllers) and controllers[seat].kind == "human":
            controllers = _replaced(controllers, seat, Controller(kind="bot", level=level))
    return controllers


# A seat's claim in `Seating.claims` but a claim's id: never taken from the lobby,
# given back, or filled by a bot at the start.
UNCLAIMED = ""
GIVEN_BACK = "-"
FILLED = "+"


class Seating(msgspec.Struct, frozen=True, kw_only=True):
    """Who holds each seat of a table, as its log says: the claims taken from the
    lobby (`seat_claimed`, `seat_left`), each seat's number at creation (a start
    that removes seats closes the others up) and whether the first hand was dealt,
    after which none of it changes. The service keeps a copy beside the log (its
    `seating` meta field), written in the same step as the events that change it."""

    # Per seat: the claim id it is held under, UNCLAIMED (never claimed in the log:
    # its token, if any, is the meta's by seat), GIVEN_BACK or FILLED.
    claims: tuple[str, ...]
    # Per seat: its number at creation.
    origin: tuple[int, ...]
    dealt: bool = False
    # Per seat: the mark of the player it is kept for (`seat_reserved`) until its
    # first claim, leave or fill, else "" (or no entry).
    reserved: tuple[str, ...] = ()
    # The mark of the player who hosts the table (`game_started`), else "".
    host: str = ""

    def claim_of(self, seat: int) -> str:
        return self.claims[seat] if seat < len(self.claims) else UNCLAIMED

    def reserved_for(self, seat: int) -> str:
        return self.reserved[seat] if seat < len(self.reserved) else ""


def _seating_after(seating: Seating | None, state: GameState, event: AnyEvent) -> Seating | None:
    """The table's seating after one more event of the log (nearly every event: the same)."""
    kind = type(event)
    if kind is GameStarted:
        host = cast(GameStarted, event).host
        return Seating(
            claims=(UNCLAIMED,) * state.seats, origin=tuple(range(state.seats)), host=host
        )
    if kind not in _SEATING_EVENTS or (seating is not None and seating.dealt):
        return seating
    if seating is None:
        # A record cached by a release before the seating was folded: every seat as created.
        seating = Seating(claims=(UNCLAIMED,) * state.seats, origin=tuple(range(state.seats)))
    match event:
        case SeatClaimed(seat=seat, claim=claim):
            return _held(seating, seat, claim)
        case SeatLeft(seat=seat):
            return _held(seating, seat, GIVEN_BACK)
        case SeatFilled(seat=seat):
            return _held(seating, seat, FILLED)
        case SeatReserved(seat=seat, mark=mark):
            return msgspec.structs.replace(seating, reserved=_put(seating.reserved, seat, mark))
        case SeatsRemoved(seats=removed):
            kept = [seat for seat in range(len(seating.origin)) if seat not in removed]
            return msgspec.structs.replace(
                seating,
                claims=tuple(seating.claim_of(seat) for seat in kept),
                origin=tuple(seating.origin[seat] for seat in kept),
                reserved=_kept(tuple(seating.reserved_for(seat) for seat in kept)),
            )
        case HandDealt():
            return msgspec.structs.replace(seating, dealt=True)
    return seating


_SEATING_EVENTS = frozenset(
    {SeatClaimed, SeatLeft, SeatFilled, SeatReserved, SeatsRemoved, HandDealt}
)


def _held(seating: Seating, seat: int, claim: str) -> Seating:
    """The seating with `seat` held as `claim` says: any reservation of it is over."""
    reserved = seating.reserved
    if seating.reserved_for(seat):
        reserved = _kept(_put(reserved, seat, ""))
    return msgspec.structs.replace(
        seating, claims=_put(seating.claims, seat, claim), reserved=reserved
    )


def _kept(reserved: tuple[str, ...]) -> tuple[str, ...]:
    """The reservations per seat, or none at all (the default) once no seat is kept."""
    return reserved if any(reserved) else ()


# The meta field that keeps a copy of the seating, for reads without the log (the lobby).
SEATING_FIELD = "seating"
_seating_encoder = msgspec.json.Encoder()


def seating_fields(before: GameRecord | None, after: GameRecord | None) -> dict[str, bytes] | None:
    """The meta fields a write sets beside its events: the seating, when they change it."""
    seating = after.seating if after is not None else None
    if seating is None or (before is not None and before.seating is seating):
        return None
    return {SEATING_FIELD: _seating_encoder.encode(seating)}


def _put(values: tuple[str, ...], seat: int, value: str) -> tuple[str, ...]:
    padded = values + (UNCLAIMED,) * (seat + 1 - len(values))
    return padded[:seat] + (value,) + padded[seat + 1 :]


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A game folded up to `version`. `revealed_through` is the version of the
    last HandEnded: every event up to it belongs to a finished hand."""

    version: int
    state: GameState
    revealed_through: int = 0
    # The current turn's deadline (ISO 8601 UTC) under a time limit, else None.
    turn_deadline: str | None = None
    # Who plays each seat now.
    controllers: tuple[Controller, ...] = ()
    # The table's next game, once a seat asked for it: the last rematch_offered (a
    # rematch is offered again only once the one before expired unplayed).
    rematch: str | None = None
    # (seat, version) of each seat_resigned: its holder sees no more of it after that.
    resigned_at: tuple[tuple[int, int], ...] = ()
    # Who holds each seat from the lobby (None: a record cached before this was kept).
    seating: Seating | None = None


def advance(record: GameRecord | None, envelope: Envelope) -> GameRecord:
    """The record after one more event of the log."""
    event = envelope.event
    if record is None:
        if not isinstance(event, GameStarted):
            raise ValueError("a game's log starts with game_started")
        state = new_game(event.ruleset, event.seats)
        return GameRecord(
            version=envelope.version,
            state=state,
            controllers=_controllers_after((), event),
            seating=_seating_after(None, state, event),
        )
    revealed = envelope.version if isinstance(event, HandEnded) else record.revealed_through
    state = evolve(record.state, event)
    return GameRecord(
        version=envelope.version,
        state=state,
        revealed_through=revealed,
        turn_deadline=_deadline_after(record, state, event),
        controllers=_controllers_after(record.controllers, event),
        rematch=event.game_id if isinstance(event, RematchOffered) else record.rematch,
        resigned_at=record.resigned_at
        + (((event.seat, envelope.version),) if isinstance(event, SeatResigned) else ()),
        seating=_seating_after(record.seating, record.state, event),
    )


def untimed(record: GameRecord) -> GameRecord:
    """The record of a game without a time limit: a deadline in its log was its source's
    (a fork's or an import's, long past), none of its own."""
    if record.turn_deadline is None:
        return record
    return msgspec.structs.replace(record, turn_deadline=None)


def _deadline_after(record: GameRecord, state: GameState, event: AnyEvent) -> str | None:
    # A TurnDeadlineSet follows the start of each turn under a limit; any other
    # event keeps the deadline while the same turn goes on.
    if isinstance(event, TurnDeadlineSet):
        return event.deadline
    before = record.state
    same_turn = (
        state.phase in ("draw", "play")
        and state.turn == before.turn
        and state.hand_number == before.hand_number
        and not isinstance(event, TurnTimedOut)
    )
    return record.turn_deadline if same_turn else None


# State caches hold the stock order, so they are only ever read server-side;
# msgpack because it is never served and is the faster codec.
_state_encoder = msgspec.msgpack.Encoder()
decode_state = msgspec.msgpack.Decoder(GameRecord).decode


def encode_state(record: GameRecord) -> bytes:
    return _state_encoder.encode(record)
