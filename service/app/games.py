"""The application service: create games, claim seats, read games; commands and logs beside."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

from domain.cards import is_card
from domain.commands import Deal
from domain.events import AnyEvent, GameStarted
from domain.game import decide, evolve
from domain.rules import build_ruleset, validate_seats
from domain.state import GameState, new_game
from domain.views import SeatView, view_for
from service.app.commands import GameCommands, projections_of, turn_deadline
from service.app.envelope import Envelope, decode_envelope, encode_envelope, envelopes_from, now
from service.app.errors import ServiceError
from service.app.metrics import Metrics
from service.app.players import Player, PlayerService, is_player_token
from service.app.projections import (
    GameRecord,
    Projections,
    advance,
    revealed_through,
    served,
)
from service.app.randomness import committed_deal, deal_command
from service.app.records import (
    LOBBY_KEYS,
    Appended,
    AppendHook,
    CommandOutcome,
    CreatedGame,
    Game,
    GameInfo,
    LobbyEntry,
    LobbyStatus,
    MetaFacts,
    SeatSpec,
    TableOptions,
    check_game_id,
    facts_of,
    game_of,
    is_game_id,
    lobby_entry,
    lobby_status,
)
from service.app.seating import (
    TablePolicy,
    check_can_claim,
    check_invite,
    claim_id,
    creator_fields,
    expired,
    new_invite_code,
    seat_fields,
    table_fields,
)
from service.app.tokens import TokenIndex, new_token, token_hash
from service.app.transfers import GameTransfers, log_header_facts
from service.store import CommandIdReused, EventStore, VersionConflict, players_beside

__all__ = [
    "AppendHook",
    "Appended",
    "CommandOutcome",
    "CreatedGame",
    "GameInfo",
    "Game",
    "GameService",
    "LobbyEntry",
    "SeatSpec",
    "lobby_status",
    "log_header_facts",
    "served",
]

# Games whose meta facts one process keeps in memory.
FACTS_CAPACITY = 4096
# How many index entries a filtered lobby page reads at most, and per round trip.
LOBBY_SCAN = 2000
_LOBBY_PAGE = 100


_log = logging.getLogger(__name__)


async def _no_hook(appended: Appended) -> None:
    return None


class GameService:
    """Every use case of the API, over one EventStore: creating games, seats and
    reads here, a seat's commands in `commands` (GameCommands), log-shaped use
    cases (states at a version, export, import, fork) in `transfers`.

    Per game it remembers only what cannot go stale unnoticed: the fixed facts
    of the meta record (a token it does not know sends it back to the store)
    and, in `projections`, the latest record it saw, which every read checks
    against the store's version and every append against the expected one.
    """

    def __init__(
        self,
        store: EventStore,
        metrics: Metrics | None = None,
        *,
        on_appended: AppendHook = _no_hook,
        players: PlayerService | None = None,
        tables: TablePolicy | None = None,
    ) -> None:
        self.store = store
        self.tables = tables or TablePolicy()
        self.players = players or PlayerService(players_beside(store))
        self.on_appended = on_appended
        self.projections = Projections(store)
        self.tokens = TokenIndex(store)
        self.metrics = metrics or Metrics()
        self.system_random = secrets.SystemRandom()
        self.transfers = GameTransfers(self)
        self.commands = GameCommands(self)
        self._facts: OrderedDict[str, MetaFacts] = OrderedDict()

    @property
    def has_append_hook(self) -> bool:
        """Whether work is scheduled after appends: the hook reads the meta, so
        appends bring it along."""
        return self.on_appended is not _no_hook

    # ------------------------------------------------------------ creating

    async def create(
        self,
        *,
        seats: Sequence[SeatSpec],
        preset: str = "basic",
        rules: dict[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        turn_time_limit_s: float | None = None,
        private_log: bool = False,
        player: Player | None = None,
        table: TableOptions | None = None,
        reserved: Mapping[int, str] | None = None,
    ) -> CreatedGame:
        """Validate everything, then write the meta and the start of the log.

        A `player` creating the game sits at its first human seat that is not
        open (the other seats' tokens are theirs to hand out). A table with
        open seats waits: its first hand is dealt once every seat is taken or
        its host starts it. `reserved` keeps seats for players (a rematch)."""
        table = table or TableOptions(expires_after_s=self.tables.waiting_expires_after_s)
        stacked = seed is not None or deck is not None
        if stacked and not table.private and self.tables.refuse_stacked_public:
            raise ServiceError(
                "stacked_public_table",
                "this server deals public tables from its own shuffle: no seed or deck",
            )
        ruleset = build_ruleset(preset, rules)
        validate_seats(ruleset, len(seats))
        _check_seat_specs(seats)
        seats = tuple(
            msgspec.structs.replace(spec, level=spec.level or 1) if spec.kind == "bot" else spec
            for spec in seats
        )
        secret_seed = seed if seed is not None else secrets.randbits(63)
        state = new_game(ruleset, len(seats))
        started = GameStarted(ruleset=ruleset, seats=len(seats))
        state = evolve(state, started)
        # Decided now even when the table waits: a bad deck is refused at creation.
        dealt = self._opening_deal(
            state, seed, deck, secret_seed, table.first_dealer, turn_time_limit_s
        )
        waiting = any(spec.open for spec in seats)
        game_id = uuid.uuid4().hex
        created_at, created_ts = now()
        info = GameInfo(
            preset=preset,
            seats=seats,
            created_at=created_at,
            created_ts=created_ts,
            turn_time_limit_s=turn_time_limit_s,
            private_log=private_log,
            table=table,
            stacked=stacked,
        )
        tokens = {
            seat: new_token()
            for seat, spec in enumerate(seats)
            if spec.kind == "human" and not spec.open
        }
        invite_code = new_invite_code() if table.private else None
        extra = creator_fields(player, sorted(tokens)) | table_fields(
            waiting=waiting, invite_code=invite_code, deck=deck, reserved=reserved or {}
        )
        # Meta before events: a crash in between leaves an invisible orphan
        # record, never a game whose seats nobody can authenticate as.
        meta = await self.register(game_id, info, secret_seed, tokens, extra)
        if player is not None:
            await self.players.file_game(player.player_id, game_id, created_ts)
        opening: list[tuple[int | None, AnyEvent]] = [(None, started)]
        if not waiting:
            opening += dealt
        envelopes = envelopes_from(0, opening, None)
        record: GameRecord | None = None
        for envelope in envelopes:
            record = advance(record, envelope)
        assert record is not None
        appended = await self.store.append(
            game_id,
            [encode_envelope(envelope) for envelope in envelopes],
            expected_version=0,
            command_id=None,
            command_digest=None,
            views=projections_of(record),
        )
        self.projections.remember(game_id, record)
        game = Game(game_id=game_id, record=record, info=info, claimed=frozenset(), seed=0)
        listed = self.file_in_lobby(game)
        announced = self.announce(
            Appended(
                game_id=game_id,
                version=record.version,
                before=state,
                state=record.state,
                info=info,
                envelopes=tuple(envelopes),
                # Just written: whoever schedules work need not read it back.
                meta=meta,
            )
        )
        # Both follow the committed events and neither needs the other.
        await asyncio.gather(listed, announced)
        return CreatedGame(
            game_id=game_id,
            version=appended.version,
            tokens=tokens,
            seats=seats,
            invite_code=invite_code,
        )

    def _opening_deal(
        self,
        state: GameState,
        seed: int | None,
        deck: Sequence[str] | None,
        secret_seed: int,
        dealer: int | None,
        turn_time_limit_s: float | None,
    ) -> list[tuple[int | None, AnyEvent]]:
        """The first hand's deal on a table just started, and its first turn's deadline."""
        deal = self._first_deal(state, seed, deck)
        if dealer is not None:
            deal = msgspec.structs.replace(deal, dealer=dealer % state.seats)
        dealt = decide(state, None, committed_deal(deal, secret_seed, 1))
        after = state
        for event in dealt:
            after = evolve(after, event)
        return [(None, event) for event in dealt] + turn_deadline(state, after, turn_time_limit_s)

    def first_deal_of(
        self, game: Game, deck: Sequence[str] | None
    ) -> list[tuple[int | None, AnyEvent]]:
        """A waiting table's first deal, as its creation would have dealt it: from
        the creator's seed or deck when stacked, else from the system's shuffle."""
        seed = game.seed if game.info.stacked and deck is None else None
        return self._opening_deal(
            game.record.state,
            seed,
            deck,
            game.seed,
            game.info.table.first_dealer,
            game.info.turn_time_limit_s,
        )

    def _first_deal(self, state: GameState, seed: int | None, deck: Sequence[str] | None) -> Deal:
        rng = random.Random(seed) if seed is not None else self.system_random
        if deck is None:
            return deal_command(state, rng)
        for card in deck:
            if not is_card(card):
                raise ServiceError("invalid_card", f"{card!r} is not a card code", card=card)
        dealer = None
        if state.ruleset.first_player == "random":
            dealer = rng.randrange(state.seats)
        return Deal(deck=tuple(deck), dealer=dealer)

    # ------------------------------------------------------------ seats

    async def claim(
        self,
        game_id: str,
        seat: int,
        player: Player | None = None,
        *,
        invite_code: str | None = None,
    ) -> str:
        """A token for an open human seat; the store's command ids make the claim atomic.
        With a `player` the seat is theirs too: their player token acts for it. The
        claim that takes a waiting table's last open seat deals its first hand."""
        game = await self.game(game_id)
        facts = await self.fresh_facts(game_id)
        kept = player is not None and player.player_id in facts.reserved.values()
        if not check_invite(facts, invite_code) and not kept:
            # A private table does not exist for whoever lacks its code.
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        if not 0 <= seat < len(game.info.seats):
            raise ServiceError("seat_not_found", f"no seat {seat}", seat=seat)
        check_can_claim(game, facts, seat, player)
        token = new_token()
        digest = token_hash(token)
        if not await self.take_seat(game_id, claim_id(facts, seat), digest):
            raise ServiceError("seat_taken", f"seat {seat} is already taken", seat=seat)
        fields = {f"token:{digest}": str(seat).encode(), f"claimed:{seat}": b"1"}
        if player is not None:
            fields |= seat_fields(player, seat)
            await self.players.file_game(player.player_id, game_id, game.info.created_ts)
        await self.store.put_meta(game_id, fields)
        await self.tokens.put(digest, game_id)
        # game() reads the meta again, so the new token is known here at once.
        game = await self.game(game_id)
        if facts.waiting and not game.open_seats:
            await self.deal_first_hand(game_id)
        else:
            await self.file_in_lobby(game)
        return token

    async def take_seat(self, game_id: str, claim: str, digest: str) -> bool:
        """Whether this caller took the seat's claim mutex (a claim, or a bot at the start)."""
        try:
            # Zero events under a per-seat command id: the first claim records
            # its digest, every later one (another digest) is refused.
            claimed = await self.store.append(
                game_id, [], expected_version=None, command_id=claim, command_digest=digest
            )
        except CommandIdReused:
            return False
        return not claimed.duplicate

    async def deal_first_hand(self, game_id: str) -> bool:
        """Deal a waiting table's first hand; False when it was dealt already (a
        racing claim or start dealt it: the append's version check lets one through)."""
        game = await self.game(game_id)
        facts = await self.fresh_facts(game_id)
        if game.record.state.hand_number != 0 or game.record.state.phase != "deal":
            return False
        dealt = self.first_deal_of(game, facts.first_deck)
        if not await self.append_system(game, dealt):
            return False
        await self.store.put_meta(game_id, {"waiting": b""})
        await self.file_in_lobby(await self.game(game_id))
        return True

    async def append_system(self, game: Game, events: list[tuple[int | None, AnyEvent]]) -> bool:
        """Append the service's own events at the game's version; False if it moved."""
        record = game.record
        envelopes = envelopes_from(record.version, events, None)
        after = record
        for envelope in envelopes:
            after = advance(after, envelope)
        try:
            appended = await self.store.append(
                game.game_id,
                [encode_envelope(envelope) for envelope in envelopes],
                expected_version=record.version,
                command_id=None,
                command_digest=None,
                views=projections_of(after),
                with_meta=self.has_append_hook,
            )
        except VersionConflict:
            return False
        self.projections.remember(game.game_id, after)
        await self.announce(
            Appended(
                game_id=game.game_id,
                version=after.version,
                before=record.state,
                state=after.state,
                info=game.info,
                envelopes=tuple(envelopes),
                meta=appended.meta,
            )
        )
        return True

    async def seat_of(self, game_id: str, token: str | None) -> int:
        """The seat a token opens in this game; 401 for no or an unknown token,
        403 for another game's."""
        facts, remembered = await self.known_facts(game_id)
        if token is None:
            raise ServiceError("missing_token", "this route needs 'Authorization: Bearer <token>'")
        if is_player_token(token):
            return await self._seat_of_player(game_id, facts, remembered, token)
        digest = token_hash(token)
        seat = facts.seats_by_token.get(digest)
        if seat is None and remembered:
            # The seat may have been claimed through another process since.
            seat = (await self._read_facts(game_id)).seats_by_token.get(digest)
        if seat is not None:
            return seat
        if await self.tokens.game_of(digest) is not None:
            raise ServiceError("wrong_game", "the token belongs to another game")
        raise ServiceError("invalid_token", "unknown token")

    async def _seat_of_player(
        self, game_id: str, facts: MetaFacts, remembered: bool, token: str
    ) -> int:
        player = await self.players.authenticate(token)
        seats = facts.seats_of(player.player_id)
        if not seats and remembered:
            # The seat may have been claimed through another process since.
            seats = (await self._read_facts(game_id)).seats_of(player.player_id)
        if not seats:
            raise ServiceError("not_seated", "this player holds no seat in this game")
        if len(seats) > 1:
            # Hot-seat: the player acts for the seat whose turn it is.
            record = self.projections.remembered(game_id) or await self.projections.load(game_id)
            if record is not None and record.state.turn in seats:
                return record.state.turn
        return seats[0]

    async def viewer_of(
        self, game_id: str, token: str | None, *, invite_code: str | None = None
    ) -> int | None:
        """A seat for a token, or None (a spectator) without one. A private table
        has no spectators but those with its invite code: to others it is a 404."""
        if token is None:
            facts, _ = await self.known_facts(game_id)  # a spectator of no game is still a 404
            if not check_invite(facts, invite_code):
                raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
            return None
        return await self.seat_of(game_id, token)

    # ------------------------------------------------------------ reading

    async def game(self, game_id: str) -> Game:
        """The game at its latest version with its meta as stored now (one round trip
        when the state is cached)."""
        check_game_id(game_id)
        snapshot = await self.projections.snapshot(game_id, meta=True)
        facts = self._keep_facts(game_id, snapshot.meta or {})
        record = await self.projections.settle(game_id, snapshot)
        if record is None:
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        return game_of(game_id, facts, record)

    async def view(self, game_id: str, seat: int | None) -> tuple[Game, SeatView]:
        game = await self.game(game_id)
        return game, view_for(game.record.state, seat)

    async def encoded_view(self, game_id: str, seat: int | None) -> bytes:
        """The viewer's view at the latest version as the API serves it (a `View`)."""
        check_game_id(game_id)
        data = await self.projections.encoded_view(game_id, seat)
        if data is None:
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        return data

    async def events(
        self, game_id: str, viewer: int | None, *, after: int, wait_s: float, limit: int
    ) -> tuple[int, tuple[Envelope, ...]]:
        """Events after `after` as the viewer may see them, waiting up to `wait_s` for one."""
        await self._check_exists(game_id)
        stored = await self.store.wait_for(game_id, after, wait_s, limit)
        record = await self.projections.load(game_id)
        assert record is not None
        envelopes = [decode_envelope(event.data) for event in stored]
        return record.version, served(envelopes, viewer, revealed_through(record))

    async def finished(self, game_id: str) -> bool:
        record = await self.projections.load(game_id)
        return record is not None and record.state.phase == "over"

    async def lobby(
        self,
        status: LobbyStatus,
        limit: int,
        offset: int,
        keep: Callable[[LobbyEntry], bool] | None = None,
    ) -> list[LobbyEntry]:
        """A page of the lobby, newest first, from the games' versions and meta
        records (no game's state is loaded): of the entries `keep` keeps, those
        from `offset`. Filtering reads the index a page at a time, at most
        LOBBY_SCAN entries in all."""
        entries: list[LobbyEntry] = []
        skipped = 0
        for scan in range(0, LOBBY_SCAN, _LOBBY_PAGE):
            start = scan if keep is not None else offset
            size = _LOBBY_PAGE if keep is not None else limit
            game_ids = await self.store.list_games(LOBBY_KEYS[status], size, start)
            headlines = await self.store.headlines(game_ids)
            for game_id, headline in zip(game_ids, headlines, strict=True):
                if "info" not in (headline.meta or {}):
                    continue  # gone since the index listed it: the index is only a cache
                facts = self._keep_facts(game_id, headline.meta or {})
                if expired(facts):
                    await self.store.unindex_game(game_id)  # never listed again
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
            if keep is None or len(game_ids) < size:
                break
        return entries

    async def rebuild_lobby(self) -> int:
        """File every game again from its log and meta (the index is only a cache)."""
        count = 0
        async for game_id in self.store.game_ids():
            if is_game_id(game_id):
                await self.file_in_lobby(await self.game(game_id))
                count += 1
        return count

    # ------------------------------------------------------------ commands

    async def notify(self, game_id: str) -> None:
        """Tell the hook about the game as it stands (after a change of who plays a seat)."""
        game = await self.game(game_id)
        state = game.record.state
        await self.announce(
            Appended(
                game_id=game_id,
                version=game.record.version,
                before=state,
                state=state,
                info=game.info,
            )
        )

    async def announce(self, appended: Appended) -> None:
        # The events are committed: a failing scheduler must not fail the
        # command. The worker's reconciler re-creates whatever it missed.
        try:
            await self.on_appended(appended)
        except Exception:
            _log.exception("on_appended failed for game %s", appended.game_id)

    # ------------------------------------------------------------ records

    async def known_facts(self, game_id: str) -> tuple[MetaFacts, bool]:
        """The game's meta facts, and whether they come from memory (perhaps
        missing a later claim) rather than from the store just now. A waiting
        table's are always read: its seats change hands (left, removed, filled)."""
        check_game_id(game_id)
        facts = self._facts.get(game_id)
        if facts is not None and not facts.waiting:
            self._facts.move_to_end(game_id)
            return facts, True
        return await self._read_facts(game_id), False

    async def fresh_facts(self, game_id: str) -> MetaFacts:
        """The game's meta facts as stored now (who sits where, by name)."""
        check_game_id(game_id)
        return await self._read_facts(game_id)

    async def _read_facts(self, game_id: str) -> MetaFacts:
        return self._keep_facts(game_id, await self.store.get_meta(game_id))

    def _keep_facts(self, game_id: str, meta: Mapping[str, bytes]) -> MetaFacts:
        if "info" not in meta:
            self._facts.pop(game_id, None)
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        facts = facts_of(meta)
        self._facts[game_id] = facts
        self._facts.move_to_end(game_id)
        while len(self._facts) > FACTS_CAPACITY:
            self._facts.popitem(last=False)
        return facts

    async def _check_exists(self, game_id: str) -> None:
        check_game_id(game_id)
        if not await self.store.exists(game_id):
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)

    async def file_in_lobby(self, game: Game) -> None:
        if game.info.table.private:
            return  # found by its invite code only
        # Scored by the negated creation time: the index lists the newest first.
        status = LOBBY_KEYS[lobby_status(game)]
        await self.store.index_game(game.game_id, status, -game.info.created_ts)

    async def register(
        self,
        game_id: str,
        info: GameInfo,
        seed: int,
        tokens: Mapping[int, str],
        extra: Mapping[str, bytes] | None = None,
    ) -> dict[str, bytes]:
        """Write a game's meta record and index its seat tokens; the record written."""
        meta = {"info": msgspec.json.encode(info), "seed": str(seed).encode()}
        meta |= {f"token:{token_hash(token)}": str(seat).encode() for seat, token in tokens.items()}
        meta |= extra or {}
        # Independent writes: one wait instead of one per seat.
        await asyncio.gather(
            self.store.put_meta(game_id, meta),
            *(self.tokens.put(token_hash(token), game_id) for token in tokens.values()),
        )
        self._keep_facts(game_id, meta)
        return meta


def _check_seat_specs(seats: Sequence[SeatSpec]) -> None:
    for seat, spec in enumerate(seats):
        if spec.kind == "bot" and spec.open:
            raise ServiceError("invalid_seats", "a bot seat cannot be open", seat=seat)
        if spec.kind == "human" and spec.level is not None:
            raise ServiceError("invalid_seats", "only bot seats have a level", seat=seat)
