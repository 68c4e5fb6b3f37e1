"""Reading games: the meta facts a process remembers, a game at its latest version,
views, the events a viewer may see, and the lobby."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping, Sequence

from domain.views import SeatView, holder_view
from service.app.envelope import Envelope
from service.app.errors import UNREADABLE_RECORD, GameUnreadable, ServiceError
from service.app.game_record import GameRecord, Seating
from service.app.infos import logged_info, write_info
from service.app.projections import Projections, held_through, served_to_holder, unredacted_through
from service.app.records import (
    LOBBY_KEYS,
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
    renamed_field,
    seating_copy,
)
from service.app.seating import expired
from service.app.shared_reads import SharedReads
from service.app.stored_log import envelopes_of
from service.app.watchers import Watcher
from service.store import EventStore

__all__ = ["FACTS_CAPACITY", "PRIVATE_ACTIVE", "GameReader"]

_log = logging.getLogger(__name__)

# Games whose meta facts one process keeps in memory. Once a table is dealt they
# change no more but for the names its players give themselves (`renamed_field`),
# which every read that shows them reads again (`named_view`, `game`).
FACTS_CAPACITY = 4096
# Why a game's facts could not be read: no info (game_not_found) or an unreadable one
# (game_unreadable).
_UNREAD_FACTS: tuple[type[Exception], ...] = (ServiceError, *UNREADABLE_RECORD)
# How many index entries a filtered lobby page reads at most, and per round trip.
LOBBY_SCAN = 2000
# The index of private tables in play: never listed, counted (DEFAULT_LOBBY_STATUSES).
PRIVATE_ACTIVE = "private_active"
_LOBBY_PAGE = 100


def _no_game(game_id: str) -> ServiceError:
    return ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)


class GameReader:
    """Reads over one store. Per game it remembers the facts of the meta record
    once the table is dealt (a token it does not know sends it back to the store)
    and, in `projections`, the latest record it saw, which every read checks
    against the store's version."""

    def __init__(self, store: EventStore, projections: Projections) -> None:
        self._store = store
        self.projections = projections
        self._facts: OrderedDict[str, MetaFacts] = OrderedDict()
        self._existing: SharedReads[bool] = SharedReads()
        self._existing_games: OrderedDict[str, None] = OrderedDict()

    # ------------------------------------------------------------ facts

    async def known_facts(self, game_id: str) -> tuple[MetaFacts, bool]:
        """The game's meta facts, and whether they come from memory (perhaps
        missing a later claim) rather than from the store just now. A waiting
        table's are always read: its seats change hands (left, removed, filled).
        A dealt table's are remembered: nothing in them changes but its players'
        names, which the reads that show them read again."""
        check_game_id(game_id)
        kept = self._facts.get(game_id)
        if kept is not None and not kept.waiting:
            self._facts.move_to_end(game_id)
            return kept, True
        return await self.read_facts(game_id), False

    async def facts(self, game_id: str) -> MetaFacts:
        return (await self.known_facts(game_id))[0]

    async def read_facts(self, game_id: str) -> MetaFacts:
        return await self._facts_from(game_id, await self._store.get_meta(game_id))

    async def _facts_from(self, game_id: str, meta: Mapping[str, bytes]) -> MetaFacts:
        """The facts of the game's meta as just read, seated by its log where the meta
        keeps no copy of the seating, and with its log's info where the meta's fails."""
        try:
            return self.keep_facts(game_id, meta, await self._seating_without_copy(game_id, meta))
        except _UNREAD_FACTS as error:
            meta = await self._info_from_log(game_id, meta, error)
            return self.keep_facts(game_id, meta, await self._seating_without_copy(game_id, meta))

    async def _info_from_log(
        self, game_id: str, meta: Mapping[str, bytes], error: Exception
    ) -> Mapping[str, bytes]:
        """The meta with the info its log's opening gives, its own copy lost or
        unreadable (a projection: `rummy games rebuild` writes it again); `error`
        again when that is not why the facts could not be read, or the log records
        no opening (an earlier release's game, whose copy is all there is)."""
        if isinstance(error, ServiceError) and error.code not in (
            "game_not_found",
            "game_unreadable",
        ):
            raise error
        info = await logged_info(self._store, game_id, meta)
        if info is None or info == meta.get("info"):
            raise error
        # A projection: written back, so the next read (in any process) needs no repair.
        _log.warning("game %s: its info was lost or unreadable: made again from its log", game_id)
        if not await write_info(self._store, game_id, info):
            raise _no_game(game_id)
        return {**meta, "info": info}

    async def _seating_without_copy(
        self, game_id: str, meta: Mapping[str, bytes]
    ) -> Seating | None:
        """The log's seating of a game whose meta keeps no copy of it (the copy
        deleted: it is a projection; `rummy upgrade` writes one for older games); None
        when the meta has one."""
        if "info" not in meta or seating_copy(meta) is not None:
            return None
        record = await self.projections.load(game_id)
        return record.seating if record is not None else None

    def keep_facts(
        self, game_id: str, meta: Mapping[str, bytes], seating: Seating | None = None
    ) -> MetaFacts:
        if "info" not in meta:
            self.forget(game_id)
            raise _no_game(game_id)
        try:
            facts = facts_of(meta, seating)
        except UNREADABLE_RECORD as unreadable:
            # A seed or info written by hand: this game's every request is refused
            # with a problem its client can show, and a walk over many games skips it.
            self.forget(game_id)
            raise GameUnreadable(game_id) from unreadable
        if facts.importing:
            # Not kept: the import's last chunk clears the flag for every process.
            self.forget(game_id)
            return facts
        self._facts[game_id] = facts
        self._facts.move_to_end(game_id)
        while len(self._facts) > FACTS_CAPACITY:
            self._facts.popitem(last=False)
        return facts

    def forget(self, game_id: str) -> None:
        """Forget the game's facts: the next read of them is the store's."""
        self._facts.pop(game_id, None)

    # ------------------------------------------------------------ games

    async def game(self, game_id: str) -> Game:
        """The game at its latest version with its meta as stored now (one round trip
        when the state is cached)."""
        check_game_id(game_id)
        snapshot = await self.projections.snapshot(game_id, meta=True)
        meta: Mapping[str, bytes] = snapshot.meta or {}
        try:
            facts = self.keep_facts(game_id, meta)
        except _UNREAD_FACTS as error:
            facts = self.keep_facts(game_id, await self._info_from_log(game_id, meta, error))
        if facts.importing:
            raise _no_game(game_id)  # half imported: nobody sees it until it is whole
        record = await self.projections.settle(game_id, snapshot)
        if record is None:
            raise _no_game(game_id)
        game = game_of(game_id, facts, record)
        if facts.seating is None and record.seating is not None:
            # The meta keeps no copy of the seating: the facts kept are the record's.
            self.keep_facts(game_id, facts.meta, record.seating)
        return game

    async def view(self, game_id: str, seat: int | None) -> tuple[Game, SeatView]:
        game = await self.game(game_id)
        return game, holder_view(game.record.state, seat)

    async def encoded_view(self, game_id: str, seat: int | None) -> bytes:
        """The viewer's view at the latest version as the API serves it (a `View`)."""
        return (await self._view(game_id, seat, ()))[0]

    async def named_view(
        self, game_id: str, seat: int | None, facts: MetaFacts
    ) -> tuple[bytes, MetaFacts]:
        """`encoded_view`, and the game's `facts` with its players' names as the store
        holds them now: read in the view's own round trip, so a rename made through
        another process shows at once (the facts are read again when one did)."""
        if not facts.players:  # seats held by bare tokens: nobody's name to read
            return (await self._view(game_id, seat, ()))[0], facts
        fields = sorted({renamed_field(player) for player in facts.players.values()})
        data, names = await self._view(game_id, seat, fields)
        if any(names.get(field) != facts.meta.get(field) for field in fields):
            facts = await self.read_facts(game_id)
        return data, facts

    async def _view(
        self, game_id: str, seat: int | None, fields: Sequence[str]
    ) -> tuple[bytes, Mapping[str, bytes]]:
        check_game_id(game_id)
        data, read = await self.projections.encoded_view(game_id, seat, fields)
        if data is None:
            self.forget(game_id)  # remembered, but gone from the store (lost with it)
            raise _no_game(game_id)
        return data, read

    async def events(
        self, game_id: str, watcher: Watcher | None, *, after: int, wait_s: float, limit: int
    ) -> tuple[int, tuple[Envelope, ...]]:
        """Events after `after` as the watcher (None: a spectator) may see them, waiting
        up to `wait_s` for one.

        They are redacted for the seats the watcher holds in a seating read after
        them (a hot-seat player's several, each while they still play it), so for
        the seats it held at each of them: seats change hands only
        while a table waits (claims, leaves, the start's fill or renumbering), and
        nothing is dealt, so nothing is private, until its first deal, which comes
        in the start's own step; from then on the seating is the deal's. So a
        table that still waited when its facts were read has them read again once
        events came; a table in play costs no read more."""
        check_game_id(game_id)
        if not await self._exists(game_id):
            raise _no_game(game_id)
        facts = await self.facts(game_id)
        if facts.importing:
            raise _no_game(game_id)
        private = facts.info.private_log
        if wait_s > 0 and await self._nothing_will_come(game_id, after):
            wait_s = 0  # a long poll at a finished game's end, or past its log, answers now
        stored = await self._store.wait_for(game_id, after, wait_s, limit)
        if watcher is not None and facts.waiting and stored:
            facts = await self.read_facts(game_id)
        if watcher is not None and watcher.outsider_in(facts, game_id):
            # Its seat given back (left, removed): a private table it has no code of.
            raise _no_game(game_id)
        viewer = watcher.seat_in(facts) if watcher is not None else None
        held = watcher.seats_in(facts) if watcher is not None else ()
        envelopes = envelopes_of(game_id, stored)
        # The state at least as new as the events read: the remembered one moved on
        # through them, else a load shared with the game's other watchers.
        newest = stored[-1].version if stored else after
        record = self.projections.caught_up(game_id, envelopes)
        if record is None or record.version < newest:
            record = await self.projections.load(game_id, at_least=newest)
        assert record is not None
        shown = unredacted_through(record, viewer, private_log=private)
        holds = tuple((seat, held_through(record, seat)) for seat in held)
        return record.version, served_to_holder(envelopes, holds, shown)

    async def _exists(self, game_id: str) -> bool:
        # A game once there stays (archived or not): known once, asked no more. Till
        # then, asked once for all the game's watchers asking at that moment.
        if game_id in self._existing_games:
            self._existing_games.move_to_end(game_id)
            return True
        if not await self._existing.read(game_id, lambda: self._store.exists(game_id), bool):
            return False
        self._existing_games[game_id] = None
        while len(self._existing_games) > FACTS_CAPACITY:
            self._existing_games.popitem(last=False)
        return True

    async def _nothing_will_come(self, game_id: str, after: int) -> bool:
        """Whether no event can come after `after`: the game is over and read to its
        end, or `after` is past the log (a version it never had; `live.page` refuses it)."""
        record = await self.projections.load(game_id, at_least=after)
        return record is None or record.version < after or _over_through(record, after)

    async def finished(self, game_id: str, through: int | None = None) -> bool:
        """Whether the game is over (and, with `through`, has no event after that version)."""
        # A record at `through` or newer answers; a load under way may be shared.
        # Without `through`, whether it is over now: the store's word, not memory's.
        record = await self.projections.load(game_id, at_least=through)
        return record is not None and _over_through(record, through)

    # ------------------------------------------------------------ lobby

    async def lobby(
        self,
        status: LobbyStatus,
        limit: int,
        offset: int,
        keep: Callable[[LobbyEntry], bool] | None = None,
    ) -> list[LobbyEntry]:
        """A page of the lobby, newest first, from the games' versions and meta
        records (two round trips; no game's state is loaded): of the entries
        `keep` keeps, those from `offset`. Filtering reads the index a page at a
        time, at most LOBBY_SCAN entries in all. An expired table leaves the index."""
        entries: list[LobbyEntry] = []
        skipped = 0
        start = 0 if keep is not None else offset
        size = _LOBBY_PAGE if keep is not None else limit
        for _ in range(0, LOBBY_SCAN, _LOBBY_PAGE):
            game_ids = await self._store.list_games(LOBBY_KEYS[status], size, start)
            dropped = 0
            headlines = await self._store.headlines(game_ids)
            for game_id, headline in zip(game_ids, headlines, strict=True):
                meta = headline.meta or {}
                if "seed" not in meta:
                    continue  # gone since the index listed it: the index is only a cache
                try:
                    facts = await self._facts_from(game_id, meta)
                except _UNREAD_FACTS:
                    # One game's bad record costs that game its line, not everyone the lobby.
                    _log.warning("game %s: its meta record is unreadable", game_id, exc_info=True)
                    continue
                if expired(facts):
                    await self._store.unindex_game(game_id)  # never listed again
                    dropped += 1
                    continue
                if facts.importing or _held_for_friends(facts):
                    # An import still being appended is nobody's yet; a waiting hot-seat
                    # table's seats are its host's (filed by an older release).
                    continue
                entry = lobby_entry(game_id, status, facts, headline.version)
                if keep is not None and not keep(entry):
                    continue
                if keep is not None and skipped < offset:
                    skipped += 1
                    continue
                entries.append(entry)
                if len(entries) == limit:
                    return entries
            if len(game_ids) < size or (keep is None and not dropped):
                break
            # The tables behind those dropped moved up: read on from where they are now
            # (a page without a filter, at the places the dropped ones left).
            start += len(game_ids) - dropped
            size = _LOBBY_PAGE if keep is not None else dropped
        return entries

    async def file_in_lobby(self, game: Game) -> None:
        if game.info.table.private:
            # Never listed (found by its invite code only); filed apart while in play,
            # so that the games in play (/metrics) count it.
            if lobby_status(game) == "active":
                await self._store.index_game(game.game_id, PRIVATE_ACTIVE, -game.info.created_ts)
            else:
                await self._store.unindex_game(game.game_id)
            return
        if game.info.table.hot_seat and lobby_status(game) == "waiting":
            # Its open seats are its host's friends', on the host's screen: nobody's to
            # take from the lobby. Listed once dealt, to watch.
            await self._store.unindex_game(game.game_id)
            return
        # Scored by the negated creation time: the index lists the newest first.
        status = LOBBY_KEYS[lobby_status(game)]
        await self._store.index_game(game.game_id, status, -game.info.created_ts)

    async def rebuild_lobby(self) -> int:
        """File every game again from its log and meta (the index is only a cache);
        the number filed."""
        count = 0
        async for game in self.every_game():
            await self.file_in_lobby(game)
            count += 1
        return count

    async def every_game(self) -> AsyncIterator[Game]:
        """Every game stored, for rebuilding an index of them. A game nobody may see
        yet (an import being appended) or whose record is unreadable is skipped: it
        costs the index only its line."""
        async for game_id in self._store.game_ids():
            if not is_game_id(game_id):
                continue
            try:
                game = await self.game(game_id)
            except UNREADABLE_RECORD:
                _log.warning("game %s: its record is unreadable", game_id, exc_info=True)
                continue
            except ServiceError as missing:
                if missing.code != "game_not_found":
                    raise
                continue
            yield game


def _held_for_friends(facts: MetaFacts) -> bool:
    """A hot-seat table still waiting: no seat of it is the lobby's."""
    return facts.info.table.hot_seat and facts.waiting


def _over_through(record: GameRecord, through: int | None) -> bool:
    """Whether the game is over with no event after `through` (None: over at all)."""
    return record.state.phase == "over" and (through is None or record.version <= through)
