"""Reading games: the meta facts a process remembers, a game at its latest version,
views, the events a viewer may see, and the lobby."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping

from domain.views import SeatView, view_for
from service.app.envelope import Envelope, decode_envelope
from service.app.errors import ServiceError
from service.app.projections import Projections, revealed_through, served
from service.app.records import (
    Game,
    LobbyEntry,
    LobbyStatus,
    MetaFacts,
    check_game_id,
    facts_of,
    game_of,
    is_game_id,
    lobby_entry,
    lobby_status,
)
from service.store import EventStore

__all__ = ["FACTS_CAPACITY", "GameReader"]

# Games whose meta facts one process keeps in memory.
FACTS_CAPACITY = 4096


def _no_game(game_id: str) -> ServiceError:
    return ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)


class GameReader:
    """Reads over one store. Per game it remembers only what cannot go stale
    unnoticed: the fixed facts of the meta record (a token it does not know sends
    it back to the store) and, in `projections`, the latest record it saw, which
    every read checks against the store's version."""

    def __init__(self, store: EventStore, projections: Projections) -> None:
        self._store = store
        self.projections = projections
        self._facts: OrderedDict[str, MetaFacts] = OrderedDict()

    # ------------------------------------------------------------ facts

    async def known_facts(self, game_id: str) -> tuple[MetaFacts, bool]:
        """The game's meta facts, and whether they come from memory (perhaps
        missing a later claim) rather than from the store just now."""
        check_game_id(game_id)
        facts = self._facts.get(game_id)
        if facts is not None:
            self._facts.move_to_end(game_id)
            return facts, True
        return await self.read_facts(game_id), False

    async def facts(self, game_id: str) -> MetaFacts:
        return (await self.known_facts(game_id))[0]

    async def read_facts(self, game_id: str) -> MetaFacts:
        return self.keep_facts(game_id, await self._store.get_meta(game_id))

    def keep_facts(self, game_id: str, meta: Mapping[str, bytes]) -> MetaFacts:
        if "info" not in meta:
            self._facts.pop(game_id, None)
            raise _no_game(game_id)
        facts = facts_of(meta)
        self._facts[game_id] = facts
        self._facts.move_to_end(game_id)
        while len(self._facts) > FACTS_CAPACITY:
            self._facts.popitem(last=False)
        return facts

    # ------------------------------------------------------------ games

    async def game(self, game_id: str) -> Game:
        """The game at its latest version with its meta as stored now (one round trip
        when the state is cached)."""
        check_game_id(game_id)
        snapshot = await self.projections.snapshot(game_id, meta=True)
        facts = self.keep_facts(game_id, snapshot.meta or {})
        record = await self.projections.settle(game_id, snapshot)
        if record is None:
            raise _no_game(game_id)
        return game_of(game_id, facts, record)

    async def view(self, game_id: str, seat: int | None) -> tuple[Game, SeatView]:
        game = await self.game(game_id)
        return game, view_for(game.record.state, seat)

    async def encoded_view(self, game_id: str, seat: int | None) -> bytes:
        """The viewer's view at the latest version as the API serves it (a `View`)."""
        check_game_id(game_id)
        data = await self.projections.encoded_view(game_id, seat)
        if data is None:
            raise _no_game(game_id)
        return data

    async def events(
        self, game_id: str, viewer: int | None, *, after: int, wait_s: float, limit: int
    ) -> tuple[int, tuple[Envelope, ...]]:
        """Events after `after` as the viewer may see them, waiting up to `wait_s` for one."""
        check_game_id(game_id)
        if not await self._store.exists(game_id):
            raise _no_game(game_id)
        stored = await self._store.wait_for(game_id, after, wait_s, limit)
        record = await self.projections.load(game_id)
        assert record is not None
        envelopes = [decode_envelope(event.data) for event in stored]
        return record.version, served(envelopes, viewer, revealed_through(record))

    async def finished(self, game_id: str, through: int | None = None) -> bool:
        """Whether the game is over (and, with `through`, has no event after that version)."""
        record = await self.projections.load(game_id)
        if record is None or record.state.phase != "over":
            return False
        return through is None or record.version <= through

    # ------------------------------------------------------------ lobby

    async def lobby(self, status: LobbyStatus, limit: int, offset: int) -> list[LobbyEntry]:
        """A page of the lobby in two round trips, from the games' versions and
        meta records: no game's state is loaded."""
        game_ids = await self._store.list_games(status, limit, offset)
        entries = []
        for game_id, headline in zip(game_ids, await self._store.headlines(game_ids), strict=True):
            if "info" not in (headline.meta or {}):
                continue  # gone since the index listed it: the index is only a cache
            facts = self.keep_facts(game_id, headline.meta or {})
            entries.append(lobby_entry(game_id, status, facts, headline.version))
        return entries

    async def file_in_lobby(self, game: Game) -> None:
        await self._store.index_game(game.game_id, lobby_status(game), game.info.created_ts)

    async def rebuild_lobby(self) -> int:
        """File every game again from its log and meta (the index is only a cache)."""
        count = 0
        async for game_id in self._store.game_ids():
            if is_game_id(game_id):
                await self.file_in_lobby(await self.game(game_id))
                count += 1
        return count
