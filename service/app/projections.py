"""Projections: the cached game state and per-viewer views, all rebuildable from the
stream, served by the one rule of who may see hidden cards."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Mapping, Sequence

import msgspec

from domain.views import Viewer, holder_view, redact_for_seats
from service.app.envelope import Envelope
from service.app.game_record import GameRecord, decode_state, encode_state
from service.app.shared_reads import SharedReads
from service.app.stored_log import advanced, folded
from service.app.wire_form import encode_view
from service.store import EventStore, Snapshot

# GameRecord and encode_state are also read from here by the logs' transfers and imports.
__all__ = [
    "RECORD_CAPACITY",
    "STATE_KEY",
    "GameRecord",
    "Projections",
    "encode_state",
    "held_through",
    "served",
    "served_to_holder",
    "unredacted_through",
    "viewer_key",
]

_log = logging.getLogger(__name__)

# Renamed from "state" when the record began to say who plays each seat: records
# cached by earlier releases are not read (they are rebuilt from the log).
STATE_KEY = "record"
# Games whose latest record one process keeps in memory.
RECORD_CAPACITY = 1024


def viewer_key(seat: int | None) -> str:
    # Cached views are served as they are, in the API's wire form; the prefix
    # keeps them apart from the domain-form entries of earlier releases.
    return "api:spectator" if seat is None else f"api:seat:{seat}"


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
        # The watchers of a game woken by one event share one load of its state.
        self._loads: SharedReads[GameRecord | None] = SharedReads()

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

    def caught_up(self, game_id: str, following: Sequence[Envelope]) -> GameRecord | None:
        """The remembered record moved on through `following` (consecutive events of
        the log, read just now) when they reach past it with no gap: else None.

        The watchers of a game are woken by its next event before the command
        that appended it remembers its record: the first of them folds the event
        into the record it remembers, and the rest of the crowd (ten thousand
        watchers) finds it here rather than parking on one shared store read."""
        known = self._records.get(game_id)
        if known is None or not following:
            return None
        if following[-1].version <= known.version:
            return known
        record = known
        for envelope in following:
            if envelope.version > record.version + 1:
                return None  # a gap: the store answers
            if envelope.version == record.version + 1:
                record = advanced(game_id, record, envelope)
        self.remember(game_id, record)
        return record

    def forget(self, game_id: str) -> None:
        self._records.pop(game_id, None)

    async def snapshot(
        self, game_id: str, viewers: Sequence[str] = (), *, meta: bool | Sequence[str] = False
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

    async def load(self, game_id: str, *, at_least: int | None = None) -> GameRecord | None:
        """The game at its latest version: a known record or the cached state, plus newer events.

        With `at_least`, a record this process holds at that version or newer is
        enough, and a load of the game already under way is shared when what it
        finds is: a thousand watchers woken by one event read the game's state
        once, not a thousand times."""
        if at_least is None:
            return await self.settle(game_id, await self.snapshot(game_id))
        known = self.remembered(game_id)
        if known is not None and known.version >= at_least:
            # As new as asked: once the first of the crowd's loads landed, the rest
            # of the crowd (ten thousand watchers) reads it here, not from the store.
            return known
        return await self._loads.read(
            game_id,
            lambda: self.load(game_id),
            lambda record: record is None or record.version >= at_least,
        )

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
            record = _cached_record(game_id, cached.data) or record
        if record is None or record.version < snapshot.version:
            newer = await self._store.read(game_id, after=record.version if record else 0)
            record = folded(game_id, record, newer)
            if record is not None and newer:
                await self.save_state(game_id, record)
        if record is not None:
            self.remember(game_id, record)
        return record

    async def save_state(self, game_id: str, record: GameRecord) -> None:
        await self._store.put_view(game_id, STATE_KEY, record.version, encode_state(record))

    async def encoded_view(
        self, game_id: str, seat: int | None, meta: Sequence[str] = ()
    ) -> tuple[bytes | None, Mapping[str, bytes]]:
        """The viewer's view at the game's latest version, encoded for the API (None: no game),
        and those of the `meta` record's fields that it has, read with it.

        One round trip: the acting seat's view is cached by its command's
        append; any other is built here from the record this process holds or
        from the cached state, which the same snapshot brings when needed. A
        built view is not written back: building it costs less than the write."""
        key = viewer_key(seat)
        snapshot = await self.snapshot(game_id, [key], meta=meta)
        fields = snapshot.meta or {}
        cached = snapshot.views.get(key)
        if cached is not None and cached.version == snapshot.version and snapshot.version > 0:
            if _is_view_of(cached.data, seat, snapshot.version):
                return cached.data, fields
            _log.warning("game %s: its cached view %s is unreadable; built again", game_id, key)
        record = await self.settle(game_id, snapshot)
        if record is None:
            return None, fields
        return encode_view(holder_view(record.state, seat), record), fields

    async def rebuild(self, game_id: str) -> GameRecord | None:
        """Forget every cached projection of the game and fold its whole log again."""
        self.forget(game_id)
        await self._store.drop_views(game_id)
        return await self.load(game_id)


class _ViewHead(msgspec.Struct):
    """What a cached view must say of itself to be served as it is."""

    seat: int | None
    version: int


_view_head = msgspec.json.Decoder(_ViewHead)


def _is_view_of(data: bytes, seat: int | None, version: int) -> bool:
    """Whether cached view bytes are a view of `seat` at `version`: the cache is only a
    projection, and bytes written there by hand (torn, another seat's) are built again
    from the record, never served as they are."""
    try:
        head = _view_head.decode(data)
    except msgspec.DecodeError:
        return False
    return head.seat == seat and head.version == version and data.endswith(b"}")


def _cached_record(game_id: str, data: bytes) -> GameRecord | None:
    """The cached state, or None when it cannot be read (written by hand, torn, or of
    another shape): it is only a projection, folded again from the log, not a game
    that no process without it in memory (a worker's job, a restarted node) can read."""
    try:
        return decode_state(data)
    except msgspec.DecodeError:
        _log.warning("game %s: its cached state is unreadable; folded from its log", game_id)
        return None


def unredacted_through(record: GameRecord, viewer: Viewer, *, private_log: bool) -> int:
    """The last version whose events `viewer` may see unredacted (0: none), given the
    game folded to its latest version.

    A private log's hidden cards are for its seats only: a spectator sees none,
    during or after the game. Otherwise a finished game is all public (its whole
    log is served), and under `reveal_after_hand` so is every hand that has ended.
    Anything later is served redacted, each seat seeing its own cards only."""
    if private_log and viewer is None:
        return 0
    if record.state.phase == "over":
        return record.version
    return record.revealed_through if record.state.ruleset.reveal_after_hand else 0


def held_through(record: GameRecord, viewer: Viewer) -> int | None:
    """The last version whose events a seat's holder sees as that seat's (None: all
    of them). A seat that resigned is its bot's after its resignation: from there
    its former holder is served what a spectator is, as `holder_view` shows it."""
    if viewer is None or viewer not in record.state.resigned:
        return None
    for seat, version in record.resigned_at:
        if seat == viewer:
            return version
    return 0  # a record cached by a release that did not keep the version: none


def served(
    envelopes: Sequence[Envelope],
    viewer: int | None,
    revealed_through: int,
    held_through: int | None = None,
) -> tuple[Envelope, ...]:
    """Envelopes as `viewer` may see them: unredacted up to `revealed_through`
    (`unredacted_through` says how far), redacted after: for
    the viewer's seat up to `held_through` (`held_through`), for a
    spectator after it."""
    holds = () if viewer is None else ((viewer, held_through),)
    return served_to_holder(envelopes, holds, revealed_through)


def served_to_holder(
    envelopes: Sequence[Envelope],
    holds: Sequence[tuple[int, int | None]],
    revealed_through: int,
) -> tuple[Envelope, ...]:
    """Envelopes as the holder of several seats may see them (a hot-seat player):
    `holds` pairs each seat with the last version it is theirs (`held_through`;
    None: all). Unredacted up to `revealed_through`, redacted after for the seats
    still theirs at each event: a seat that resigned is its bot's past it."""
    # Past a seat's `held_through` it is no longer the viewer's: its cards are hidden.
    # Lists made into tuples, not generators: every command's answer comes here, and a
    # generator costs a call per item.
    if all([through is None for _, through in holds]):
        seats = tuple([seat for seat, _ in holds])
        return tuple(
            [
                envelope if envelope.version <= revealed_through else _redacted(envelope, seats)
                for envelope in envelopes
            ]
        )
    return tuple(
        [
            envelope
            if envelope.version <= revealed_through
            else _redacted(envelope, _held_at(holds, envelope.version))
            for envelope in envelopes
        ]
    )


def _held_at(holds: Sequence[tuple[int, int | None]], version: int) -> tuple[int, ...]:
    return tuple(seat for seat, through in holds if through is None or version <= through)


def _redacted(envelope: Envelope, seats: tuple[int, ...]) -> Envelope:
    event = redact_for_seats(envelope.event, seats)
    # Most events hide nothing: the envelope itself, not a copy of it.
    return envelope if event is envelope.event else msgspec.structs.replace(envelope, event=event)
