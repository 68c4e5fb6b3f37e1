"""The application service: create games, claim seats, read games; commands and logs beside."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import uuid
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from domain.cards import is_card, not_a_card
from domain.commands import Deal
from domain.events import AnyEvent, GameStarted
from domain.game import decide, evolve
from domain.rules import RuleSet, build_ruleset, validate_seats
from domain.state import GameState, new_game
from domain.views import SeatView, view_for
from service.app.commands import GameCommands, projections_of, turn_deadline
from service.app.envelope import Envelope, decode_envelope, encode_envelope, envelopes_from, now
from service.app.errors import ServiceError
from service.app.metrics import Metrics
from service.app.projections import (
    GameRecord,
    Projections,
    advance,
    revealed_through,
    served,
)
from service.app.randomness import committed_deal, deal_command
from service.app.records import (
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
    check_game_id,
    facts_of,
    game_of,
    is_game_id,
    lobby_entry,
    lobby_status,
)
from service.app.tokens import TokenIndex, new_token, token_hash
from service.app.transfers import GameTransfers, log_header_facts
from service.store import CommandIdReused, EventStore

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
    ) -> None:
        self.store = store
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
        decks: Sequence[Sequence[str]] | None = None,
    ) -> CreatedGame:
        """Validate everything, then write the meta and the start of the log."""
        ruleset = build_ruleset(preset, rules)
        stacked = _stacked_decks(ruleset, deck, decks)
        deck = stacked[0] if stacked else None
        validate_seats(ruleset, len(seats))
        _check_seat_specs(seats)
        seats = tuple(
            msgspec.structs.replace(spec, level=spec.level or 1) if spec.kind == "bot" else spec
            for spec in seats
        )
        secret_seed = seed if seed is not None else secrets.randbits(63)
        state = new_game(ruleset, len(seats))
        started = GameStarted(
            ruleset=ruleset,
            seats=len(seats),
            bots=tuple(spec.level or 0 if spec.kind == "bot" else 0 for spec in seats),
        )
        state = evolve(state, started)
        deal = committed_deal(self._first_deal(state, seed, deck), secret_seed, 1)
        dealt = decide(state, None, deal)
        game_id = uuid.uuid4().hex
        created_at, created_ts = now()
        info = GameInfo(
            preset=preset,
            seats=seats,
            created_at=created_at,
            created_ts=created_ts,
            turn_time_limit_s=turn_time_limit_s,
            private_log=private_log,
            decks=stacked,
        )
        tokens = {
            seat: new_token()
            for seat, spec in enumerate(seats)
            if spec.kind == "human" and not spec.open
        }
        # Meta before events: a crash in between leaves an invisible orphan
        # record, never a game whose seats nobody can authenticate as.
        meta = await self.register(game_id, info, secret_seed, tokens)
        opening: list[tuple[int | None, AnyEvent]] = [(None, started)]
        opening += [(None, event) for event in dealt]
        dealt_state = state
        for event in dealt:
            dealt_state = evolve(dealt_state, event)
        opening += turn_deadline(state, dealt_state, turn_time_limit_s)
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
        return CreatedGame(game_id=game_id, version=appended.version, tokens=tokens, seats=seats)

    def _first_deal(self, state: GameState, seed: int | None, deck: Sequence[str] | None) -> Deal:
        rng = random.Random(seed) if seed is not None else self.system_random
        if deck is None:
            return deal_command(state, rng)
        for card in deck:
            if not is_card(card):
                raise ServiceError("invalid_card", not_a_card(card), card=card)
        dealer = None
        if state.ruleset.first_player == "random":
            dealer = rng.randrange(state.seats)
        return Deal(deck=tuple(deck), dealer=dealer)

    # ------------------------------------------------------------ seats

    async def claim(self, game_id: str, seat: int) -> str:
        """A token for an open human seat; the store's command ids make the claim atomic."""
        game = await self.game(game_id)
        if not 0 <= seat < len(game.info.seats):
            raise ServiceError("seat_not_found", f"no seat {seat}", seat=seat)
        spec = game.info.seats[seat]
        if spec.kind != "human" or not spec.open:
            raise ServiceError("seat_not_open", f"seat {seat} cannot be claimed", seat=seat)
        token = new_token()
        digest = token_hash(token)
        try:
            # Zero events under a per-seat command id: the first claim records
            # its digest, every later one (another digest) is refused.
            claimed = await self.store.append(
                game_id, [], expected_version=None, command_id=f"seat:{seat}", command_digest=digest
            )
        except CommandIdReused:
            claimed = None
        if claimed is None or claimed.duplicate:
            raise ServiceError("seat_taken", f"seat {seat} is already taken", seat=seat)
        await self.store.put_meta(
            game_id, {f"token:{digest}": str(seat).encode(), f"claimed:{seat}": b"1"}
        )
        await self.tokens.put(digest, game_id)
        # game() reads the meta again, so the new token is known here at once.
        await self.file_in_lobby(await self.game(game_id))
        return token

    async def seat_of(self, game_id: str, token: str | None) -> int:
        """The seat a token opens in this game; 401 for no or an unknown token,
        403 for another game's."""
        facts, remembered = await self.known_facts(game_id)
        if token is None:
            raise ServiceError("missing_token", "this route needs 'Authorization: Bearer <token>'")
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

    async def viewer_of(self, game_id: str, token: str | None) -> int | None:
        """A seat for a token, or None (a spectator) without one."""
        if token is None:
            await self.known_facts(game_id)  # a spectator of no game is still a 404
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

    async def lobby(self, status: LobbyStatus, limit: int, offset: int) -> list[LobbyEntry]:
        """A page of the lobby in two round trips, from the games' versions and
        meta records: no game's state is loaded."""
        game_ids = await self.store.list_games(status, limit, offset)
        entries = []
        for game_id, headline in zip(game_ids, await self.store.headlines(game_ids), strict=True):
            if "info" not in (headline.meta or {}):
                continue  # gone since the index listed it: the index is only a cache
            facts = self._keep_facts(game_id, headline.meta or {})
            entries.append(lobby_entry(game_id, status, facts, headline.version))
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
        missing a later claim) rather than from the store just now."""
        check_game_id(game_id)
        facts = self._facts.get(game_id)
        if facts is not None:
            self._facts.move_to_end(game_id)
            return facts, True
        return await self._read_facts(game_id), False

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
        await self.store.index_game(game.game_id, lobby_status(game), game.info.created_ts)

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


def _stacked_decks(
    ruleset: RuleSet, deck: Sequence[str] | None, decks: Sequence[Sequence[str]] | None
) -> tuple[tuple[str, ...], ...]:
    """The decks given for the first hands; every one past the first is checked now,
    as its deal comes in some player's command."""
    if deck is not None and decks is not None:
        raise ServiceError("invalid_deck", "give `deck` or `decks`, not both")
    stacked = tuple(tuple(cards) for cards in (decks if decks is not None else [deck or []]))
    if deck is None and decks is None:
        return ()
    pack = sorted(ruleset.pack())
    for hand, cards in enumerate(stacked[1:], start=2):
        if sorted(cards) != pack:
            raise ServiceError(
                "invalid_deck",
                f"the deck of hand {hand} is not a permutation of this game's pack",
                hand_number=hand,
                expected_cards=len(pack),
                given_cards=len(cards),
            )
    return stacked


def _check_seat_specs(seats: Sequence[SeatSpec]) -> None:
    for seat, spec in enumerate(seats):
        if spec.kind == "bot" and spec.open:
            raise ServiceError("invalid_seats", "a bot seat cannot be open", seat=seat)
        if spec.kind == "bot" and spec.level is None:
            raise ServiceError(
                "invalid_seats",
                f"seat {seat} is a bot: give its level (1-4) in seats[{seat}].level",
                seat=seat,
                path=f"$.seats[{seat}].level",
            )
        if spec.kind == "human" and spec.level is not None:
            raise ServiceError("invalid_seats", "only bot seats have a level", seat=seat)
