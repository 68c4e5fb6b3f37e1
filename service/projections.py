"""Projections: the cached game state and per-viewer views, all rebuildable from the stream."""

from __future__ import annotations

import msgspec

from domain.events import GameStarted, HandEnded
from domain.game import evolve
from domain.state import GameState, new_game
from domain.views import SeatView, view_for
from service.envelope import Envelope, decode_envelope
from service.store import EventStore

__all__ = ["GameRecord", "Projections", "advance", "viewer_key"]

STATE_KEY = "state"


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A game folded up to `version`. `revealed_through` is the version of the
    last HandEnded: every event up to it belongs to a finished hand."""

    version: int
    state: GameState
    revealed_through: int = 0


def advance(record: GameRecord | None, envelope: Envelope) -> GameRecord:
    """The record after one more event of the log."""
    event = envelope.event
    if record is None:
        if not isinstance(event, GameStarted):
            raise ValueError("a game's log starts with game_started")
        return GameRecord(version=envelope.version, state=new_game(event.ruleset, event.seats))
    revealed = envelope.version if isinstance(event, HandEnded) else record.revealed_through
    return GameRecord(
        version=envelope.version, state=evolve(record.state, event), revealed_through=revealed
    )


def viewer_key(seat: int | None) -> str:
    return "spectator" if seat is None else f"seat:{seat}"


# The state cache holds the stock order, so it is only ever read server-side;
# msgpack because it is never served and is the faster codec.
_state_encoder = msgspec.msgpack.Encoder()
_state_decoder = msgspec.msgpack.Decoder(GameRecord)
_view_encoder = msgspec.json.Encoder()
_view_decoder = msgspec.json.Decoder(SeatView)


class Projections:
    """Reads and refreshes the cached projections of games in the store."""

    def __init__(self, store: EventStore) -> None:
        self._store = store

    async def load(self, game_id: str) -> GameRecord | None:
        """The game at its latest version: the cached state plus any newer events."""
        cached = await self._store.get_view(game_id, STATE_KEY)
        record = _state_decoder.decode(cached.data) if cached is not None else None
        newer = await self._store.read(game_id, after=record.version if record else 0)
        for stored in newer:
            record = advance(record, decode_envelope(stored.data))
        if record is not None and newer:
            await self.save_state(game_id, record)
        return record

    async def save_state(self, game_id: str, record: GameRecord) -> None:
        await self._store.put_view(
            game_id, STATE_KEY, record.version, _state_encoder.encode(record)
        )

    async def save_view(self, game_id: str, version: int, view: SeatView) -> None:
        await self._store.put_view(
            game_id, viewer_key(view.seat), version, _view_encoder.encode(view)
        )

    async def view(self, game_id: str, record: GameRecord, seat: int | None) -> SeatView:
        """The viewer's view at the record's version: cached, or built and cached."""
        cached = await self._store.get_view(game_id, viewer_key(seat))
        if cached is not None and cached.version == record.version:
            return _view_decoder.decode(cached.data)
        view = view_for(record.state, seat)
        await self.save_view(game_id, record.version, view)
        return view

    async def rebuild(self, game_id: str) -> GameRecord | None:
        """Forget every cached projection of the game and fold its whole log again."""
        await self._store.drop_views(game_id)
        return await self.load(game_id)
