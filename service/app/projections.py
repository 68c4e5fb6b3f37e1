"""Projections: the cached game state and per-viewer views, all rebuildable from the stream."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from domain.commands import PlayerCommand
from domain.events import (
    AnyEvent,
    GameStarted,
    HandEnded,
    SeatControlChanged,
    TurnDeadlineSet,
    TurnTimedOut,
)
from domain.game import evolve
from domain.state import GameState, new_game
from domain.views import SeatView, redact, view_for
from service.app.envelope import Envelope, decode_envelope
from service.store import EventStore, Snapshot

__all__ = [
    "STATE_KEY",
    "Controller",
    "GameRecord",
    "Projections",
    "ServedView",
    "advance",
    "encode_outcome",
    "encode_view",
    "viewer_key",
    "wire_command",
]

STATE_KEY = "state"
# Games whose latest record one process keeps in memory.
RECORD_CAPACITY = 1024
# Distinct commands whose wire form is kept; the cache is dropped when full.
_WIRE_CAPACITY = 50_000


class Controller(msgspec.Struct, frozen=True, kw_only=True):
    """Who plays a seat now: its owner (`human`), a bot seat's bot (`bot`), or a
    bot standing in for the owner (`autopilot`), with the bot's level."""

    kind: Literal["human", "bot", "autopilot"]
    level: int | None = None


_HUMAN = Controller(kind="human")


def _controllers_after(
    controllers: tuple[Controller, ...], event: AnyEvent
) -> tuple[Controller, ...]:
    match event:
        case GameStarted(seats=seats, bots=bots):
            levels = bots or (0,) * seats
            return tuple(
                Controller(kind="bot", level=level) if level else _HUMAN for level in levels
            )
        case SeatControlChanged(seat=seat, controller="autopilot", level=level):
            controller = Controller(kind="autopilot", level=level)
            return controllers[:seat] + (controller,) + controllers[seat + 1 :]
        case SeatControlChanged(seat=seat):
            return controllers[:seat] + (_HUMAN,) + controllers[seat + 1 :]
    return controllers


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A game folded up to `version`. `revealed_through` is the version of the
    last HandEnded: every event up to it belongs to a finished hand."""

    version: int
    state: GameState
    revealed_through: int = 0
    # The current turn's deadline (ISO 8601 UTC) under a time limit, else None.
    turn_deadline: str | None = None
    # Who plays each seat now (empty in records cached by earlier releases).
    controllers: tuple[Controller, ...] = ()


def advance(record: GameRecord | None, envelope: Envelope) -> GameRecord:
    """The record after one more event of the log."""
    event = envelope.event
    if record is None:
        if not isinstance(event, GameStarted):
            raise ValueError("a game's log starts with game_started")
        return GameRecord(
            version=envelope.version,
            state=new_game(event.ruleset, event.seats),
            controllers=_controllers_after((), event),
        )
    revealed = envelope.version if isinstance(event, HandEnded) else record.revealed_through
    state = evolve(record.state, event)
    return GameRecord(
        version=envelope.version,
        state=state,
        revealed_through=revealed,
        turn_deadline=_deadline_after(record, state, event),
        controllers=_controllers_after(record.controllers, event),
    )


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


def viewer_key(seat: int | None) -> str:
    # Cached views are served as they are, in the API's wire form; the prefix
    # keeps them apart from the domain-form entries of earlier releases.
    return "api:spectator" if seat is None else f"api:seat:{seat}"


# ------------------------------------------------------------------ wire form

_json_encoder = msgspec.json.Encoder()
_wire_commands: dict[PlayerCommand, msgspec.Raw] = {}
_defaults: dict[type[Any], tuple[tuple[str, Any], ...]] = {}


def _fields_with_defaults(kind: type[Any]) -> tuple[tuple[str, Any], ...]:
    if kind not in _defaults:
        _defaults[kind] = tuple(
            (field.name, field.default) for field in msgspec.structs.fields(kind)
        )
    return _defaults[kind]


def wire_command(command: PlayerCommand) -> msgspec.Raw:
    """A legal command as the API serves it (`service.http.schemas_commands.from_domain`, encoded).

    The API's command structs omit fields at their defaults and lack only
    `shuffle`, which is at its default (None) in every legal command, so the
    wire form is the tag plus the fields off their defaults; a unit test holds
    the two equal.
    """
    wire = _wire_commands.get(command)
    if wire is None:
        config = command.__struct_config__
        fields: dict[str, Any] = {str(config.tag_field): config.tag}
        for name, default in _fields_with_defaults(type(command)):
            value = getattr(command, name)
            if value != default:
                fields[name] = value
        wire = msgspec.Raw(_json_encoder.encode(fields))
        if len(_wire_commands) >= _WIRE_CAPACITY:
            _wire_commands.clear()
        _wire_commands[command] = wire
    return wire


class ServedView(SeatView, frozen=True, kw_only=True):
    """A SeatView with the facts of the record it was built from."""

    version: int | None = None
    turn_deadline: str | None = None
    controllers: tuple[Controller, ...] | None = None


def encode_view(
    view: SeatView, record: GameRecord | None = None, *, version: int | None = None
) -> bytes:
    """The view as the API serves it (`View`): its legal commands in their wire form,
    and the version it was built at (with the turn's deadline) when the record is given.

    The bytes decode as a SeatView too, so one encoding serves the cache, the
    recorded outcome and the response."""
    # msgspec encodes a field by its value, so the Raw commands are spliced in as they are.
    fields = {field: getattr(view, field) for field in view.__struct_fields__}
    fields["legal_commands"] = tuple(map(wire_command, view.legal_commands))
    if record is not None:
        fields["version"] = record.version
        fields["turn_deadline"] = record.turn_deadline
        fields["controllers"] = record.controllers or None
    elif version is not None and fields.get("version") is None:
        fields["version"] = version
    return _json_encoder.encode(ServedView(**fields))


class _WireOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """CommandOutcome / CommandResult with the view already encoded."""

    version: int
    view: msgspec.Raw
    events: tuple[Envelope, ...]


def encode_outcome(version: int, view: bytes, events: Sequence[Envelope]) -> bytes:
    """A command's answer as the API serves it (`CommandResult`), from its encoded view."""
    return _json_encoder.encode(
        _WireOutcome(version=version, view=msgspec.Raw(view), events=tuple(events))
    )


# State caches hold the stock order, so they are only ever read server-side;
# msgpack because it is never served and is the faster codec.
_state_encoder = msgspec.msgpack.Encoder()
_state_decoder = msgspec.msgpack.Decoder(GameRecord)


def encode_state(record: GameRecord) -> bytes:
    return _state_encoder.encode(record)


def decode_state(data: bytes) -> GameRecord:
    return _state_decoder.decode(data)


class Projections:
    """Reads and refreshes the cached projections of games in the store.

    The latest record this process saw of each game (at most `capacity` games)
    is kept in memory; every read checks it against the store's version in the
    same round trip that fetches what else it needs, so another process's
    appends are never missed. Only `remembered` hands out an unchecked record,
    for a writer whose append checks the version anyway.
    """

    def __init__(self, store: EventStore, *, capacity: int = RECORD_CAPACITY) -> None:
        self._store = store
        self._capacity = capacity
        self._records: OrderedDict[str, GameRecord] = OrderedDict()

    # ------------------------------------------------------------ in memory

    def remembered(self, game_id: str) -> GameRecord | None:
        """The latest record this process knows, unchecked: the store may be further on."""
        record = self._records.get(game_id)
        if record is not None:
            self._records.move_to_end(game_id)
        return record

    def remember(self, game_id: str, record: GameRecord) -> None:
        known = self._records.get(game_id)
        if known is None or known.version <= record.version:
            self._records[game_id] = record
        self._records.move_to_end(game_id)
        while len(self._records) > self._capacity:
            self._records.popitem(last=False)

    def forget(self, game_id: str) -> None:
        self._records.pop(game_id, None)

    async def snapshot(
        self, game_id: str, viewers: Sequence[str] = (), *, meta: bool = False
    ) -> Snapshot:
        """The store's snapshot of the game, with the cached state too when a
        wanted view is stale and this process holds no record at that version:
        what `settle` needs, in the same round trip."""
        known = self._records.get(game_id)
        return await self._store.snapshot(
            game_id,
            viewers,
            meta=meta,
            fallback=(STATE_KEY,),
            have=known.version if known is not None else 0,
        )

    # ------------------------------------------------------------ reading

    async def load(self, game_id: str) -> GameRecord | None:
        """The game at its latest version: a known record or the cached state, plus newer events."""
        return await self.settle(game_id, await self.snapshot(game_id))

    async def settle(self, game_id: str, snapshot: Snapshot) -> GameRecord | None:
        """The record at the snapshot's version at least (None for a game with no events)."""
        if snapshot.version == 0:
            self.forget(game_id)
            return None
        record = self._records.get(game_id)
        if record is not None and record.version > snapshot.version:
            record = None  # the store was reset under this process
        cached = snapshot.views.get(STATE_KEY)
        if (
            cached is not None
            and cached.version <= snapshot.version
            and (record is None or record.version < cached.version)
        ):
            record = _state_decoder.decode(cached.data)
        if record is None or record.version < snapshot.version:
            newer = await self._store.read(game_id, after=record.version if record else 0)
            for stored in newer:
                record = advance(record, decode_envelope(stored.data))
            if record is not None and newer:
                await self.save_state(game_id, record)
        if record is not None:
            self.remember(game_id, record)
        return record

    async def save_state(self, game_id: str, record: GameRecord) -> None:
        await self._store.put_view(game_id, STATE_KEY, record.version, encode_state(record))

    async def encoded_view(self, game_id: str, seat: int | None) -> bytes | None:
        """The viewer's view at the game's latest version, encoded for the API (None: no game).

        One round trip: the acting seat's view is cached by its command's
        append; any other is built here from the record this process holds or
        from the cached state, which the same snapshot brings when needed. A
        built view is not written back: building it costs less than the write."""
        key = viewer_key(seat)
        snapshot = await self.snapshot(game_id, [key])
        cached = snapshot.views.get(key)
        if cached is not None and cached.version == snapshot.version and snapshot.version > 0:
            return cached.data
        record = await self.settle(game_id, snapshot)
        if record is None:
            return None
        return encode_view(view_for(record.state, seat), record)

    async def rebuild(self, game_id: str) -> GameRecord | None:
        """Forget every cached projection of the game and fold its whole log again."""
        self.forget(game_id)
        await self._store.drop_views(game_id)
        return await self.load(game_id)


def served(
    envelopes: Sequence[Envelope], viewer: int | None, revealed_through: int
) -> tuple[Envelope, ...]:
    """Envelopes as `viewer` may see them: unredacted up to `revealed_through`
    (`service.app.privacy.unredacted_through` says how far), redacted after."""
    return tuple(
        envelope
        if envelope.version <= revealed_through
        else msgspec.structs.replace(envelope, event=redact(envelope.event, viewer))
        for envelope in envelopes
    )
