"""The application service: create games, claim seats, decide and append commands, read logs."""

from __future__ import annotations

import hashlib
import random
import re
import secrets
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

import msgspec

from domain.cards import is_card
from domain.commands import Deal, PlayerCommand
from domain.events import AnyEvent, DeckRevealed, GameStarted, HandEnded
from domain.fairness import deck_commitment
from domain.game import decide, evolve
from domain.rules import RuleSet, build_ruleset, validate_seats
from domain.state import GameState, new_game
from domain.views import SeatView, redact, view_for
from service.auth import TokenIndex, new_token, token_hash
from service.envelope import Envelope, decode_envelope, encode_envelope
from service.errors import ServiceError
from service.metrics import Metrics
from service.projections import GameRecord, Projections, advance
from service.simulation import deal_command, with_shuffle
from service.store import CommandIdReused, EventStore, VersionConflict

__all__ = [
    "CommandOutcome",
    "CreatedGame",
    "GameInfo",
    "Game",
    "GameService",
    "LobbyEntry",
    "SeatSpec",
    "lobby_status",
    "served",
]

LobbyStatus = Literal["open", "active", "finished"]
_GAME_ID = re.compile(r"[0-9a-f]{32}")
# A version no game reaches: an append expecting it only probes the command id.
_NEVER = 2**53


class SeatSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat at creation: a human (optionally left `open` for anyone to claim) or a bot."""

    kind: Literal["human", "bot"]
    level: Annotated[int, msgspec.Meta(ge=1, le=4)] | None = None
    open: bool = False


class GameInfo(msgspec.Struct, frozen=True, kw_only=True):
    """What the service keeps beside a game's log (the `info` field of its meta)."""

    preset: str
    seats: tuple[SeatSpec, ...]
    created_at: str
    created_ts: float
    turn_time_limit_s: float | None = None


class CreatedGame(msgspec.Struct, frozen=True, kw_only=True):
    """The answer to a creation: the only time the human seats' tokens are shown."""

    game_id: str
    version: int
    tokens: dict[int, str]
    seats: tuple[SeatSpec, ...]


class CommandOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """A command's result as its seat sees it; recorded so a retry gets it again."""

    version: int
    view: SeatView
    events: tuple[Envelope, ...]


class LobbyEntry(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    status: LobbyStatus
    preset: str
    seats: tuple[SeatSpec, ...]
    open_seats: tuple[int, ...]
    version: int
    created_at: str


class Game(msgspec.Struct, frozen=True, kw_only=True):
    """A loaded game: its folded record, its info, and which seats are claimed."""

    game_id: str
    record: GameRecord
    info: GameInfo
    claimed: frozenset[int]
    seed: int

    @property
    def open_seats(self) -> tuple[int, ...]:
        return tuple(
            seat
            for seat, spec in enumerate(self.info.seats)
            if spec.kind == "human" and spec.open and seat not in self.claimed
        )


def lobby_status(game: Game) -> LobbyStatus:
    if game.record.state.phase == "over":
        return "finished"
    return "open" if game.open_seats else "active"


def _now() -> tuple[str, float]:
    moment = datetime.now(UTC)
    return moment.isoformat(timespec="milliseconds"), moment.timestamp()


def _hand_rng(seed: int, hand_number: int) -> random.Random:
    # Each hand's shuffle depends only on the game's seed and the hand, so a
    # known seed reproduces every hand; hand 1 uses the seed itself.
    return random.Random(seed if hand_number == 1 else f"{seed}:hand:{hand_number}")


def _reshuffle_rng(seed: int, state: GameState) -> random.Random:
    return random.Random(f"{seed}:hand:{state.hand_number}:reuse:{state.reuses}")


def _salt(seed: int, hand_number: int) -> str:
    # Secret while the seed is: revealed (DeckRevealed) only once the hand is over.
    return hashlib.sha256(f"rummy-salt:{seed}:{hand_number}".encode()).hexdigest()[:32]


def _committed(deal: Deal, seed: int, hand_number: int) -> Deal:
    """The deal with its published commitment to the deck order."""
    commitment = deck_commitment(deal.deck, _salt(seed, hand_number))
    return msgspec.structs.replace(deal, commitment=commitment)


def _digest(seat: int, command: PlayerCommand, expected_version: int | None) -> str:
    payload = msgspec.json.encode([seat, command, expected_version])
    return hashlib.sha256(payload).hexdigest()


def served(
    envelopes: Sequence[Envelope], viewer: int | None, revealed_through: int
) -> tuple[Envelope, ...]:
    """Envelopes as `viewer` may see them; events of finished hands pass unredacted
    up to `revealed_through` (0 when the ruleset keeps them hidden)."""
    return tuple(
        envelope
        if envelope.version <= revealed_through
        else msgspec.structs.replace(envelope, event=redact(envelope.event, viewer))
        for envelope in envelopes
    )


def _revealed(record: GameRecord) -> int:
    return record.revealed_through if record.state.ruleset.reveal_after_hand else 0


_outcome_decoder = msgspec.json.Decoder(CommandOutcome)
_info_decoder = msgspec.json.Decoder(GameInfo)


class GameService:
    """Every use case of the API, over one EventStore; holds no per-game state."""

    def __init__(self, store: EventStore, metrics: Metrics | None = None) -> None:
        self.store = store
        self.projections = Projections(store)
        self.tokens = TokenIndex(store)
        self.metrics = metrics or Metrics()
        self._system_random = secrets.SystemRandom()

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
    ) -> CreatedGame:
        """Validate everything, then write the meta and the start of the log."""
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
        deal = _committed(self._first_deal(state, seed, deck), secret_seed, 1)
        dealt = decide(state, None, deal)
        game_id = uuid.uuid4().hex
        created_at, created_ts = _now()
        info = GameInfo(
            preset=preset,
            seats=seats,
            created_at=created_at,
            created_ts=created_ts,
            turn_time_limit_s=turn_time_limit_s,
        )
        tokens = {
            seat: new_token()
            for seat, spec in enumerate(seats)
            if spec.kind == "human" and not spec.open
        }
        # Meta before events: a crash in between leaves an invisible orphan
        # record, never a game whose seats nobody can authenticate as.
        meta = {"info": msgspec.json.encode(info), "seed": str(secret_seed).encode()}
        meta |= {f"token:{token_hash(token)}": str(seat).encode() for seat, token in tokens.items()}
        await self.store.put_meta(game_id, meta)
        for token in tokens.values():
            await self.tokens.put(token_hash(token), game_id)
        envelopes = _envelopes(0, [(None, started)] + [(None, event) for event in dealt], None)
        appended = await self.store.append(
            game_id,
            [encode_envelope(envelope) for envelope in envelopes],
            expected_version=0,
            command_id=None,
            command_digest=None,
        )
        record: GameRecord | None = None
        for envelope in envelopes:
            record = advance(record, envelope)
        assert record is not None
        await self.projections.save_state(game_id, record)
        game = Game(game_id=game_id, record=record, info=info, claimed=frozenset(), seed=0)
        await self._file(game)
        return CreatedGame(game_id=game_id, version=appended.version, tokens=tokens, seats=seats)

    def _first_deal(self, state: GameState, seed: int | None, deck: Sequence[str] | None) -> Deal:
        rng = random.Random(seed) if seed is not None else self._system_random
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
        await self._file(await self.game(game_id))
        return token

    async def seat_of(self, game_id: str, token: str | None) -> int:
        """The seat a token opens in this game; 401 for no or an unknown token, 403 for another game's."""
        meta = await self._meta(game_id)
        if token is None:
            raise ServiceError("missing_token", "this route needs 'Authorization: Bearer <token>'")
        digest = token_hash(token)
        seat = meta.get(f"token:{digest}")
        if seat is not None:
            return int(seat)
        if await self.tokens.game_of(digest) is not None:
            raise ServiceError("wrong_game", "the token belongs to another game")
        raise ServiceError("invalid_token", "unknown token")

    async def viewer_of(self, game_id: str, token: str | None) -> int | None:
        """A seat for a token, or None (a spectator) without one."""
        if token is None:
            await self._meta(game_id)  # a spectator of no game is still a 404
            return None
        return await self.seat_of(game_id, token)

    # ------------------------------------------------------------ reading

    async def game(self, game_id: str) -> Game:
        meta = await self._meta(game_id)
        record = await self.projections.load(game_id)
        if record is None or "info" not in meta:
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        claimed = frozenset(
            int(field.removeprefix("claimed:")) for field in meta if field.startswith("claimed:")
        )
        return Game(
            game_id=game_id,
            record=record,
            info=_info_decoder.decode(meta["info"]),
            claimed=claimed,
            seed=int(meta.get("seed", b"0")),
        )

    async def view(self, game_id: str, seat: int | None) -> tuple[Game, SeatView]:
        game = await self.game(game_id)
        return game, await self.projections.view(game_id, game.record, seat)

    async def events(
        self, game_id: str, viewer: int | None, *, after: int, wait_s: float, limit: int
    ) -> tuple[int, tuple[Envelope, ...]]:
        """Events after `after` as the viewer may see them, waiting up to `wait_s` for one."""
        await self._check_exists(game_id)
        stored = await self.store.wait_for(game_id, after, wait_s, limit)
        record = await self.projections.load(game_id)
        assert record is not None
        envelopes = [decode_envelope(event.data) for event in stored]
        return record.version, served(envelopes, viewer, _revealed(record))

    async def finished(self, game_id: str) -> bool:
        record = await self.projections.load(game_id)
        return record is not None and record.state.phase == "over"

    async def lobby(self, status: LobbyStatus, limit: int, offset: int) -> list[LobbyEntry]:
        entries = []
        for game_id in await self.store.list_games(status, limit, offset):
            game = await self.game(game_id)
            entries.append(
                LobbyEntry(
                    game_id=game_id,
                    status=lobby_status(game),
                    preset=game.info.preset,
                    seats=game.info.seats,
                    open_seats=game.open_seats,
                    version=game.record.version,
                    created_at=game.info.created_at,
                )
            )
        return entries

    async def rebuild_lobby(self) -> int:
        """File every game again from its log and meta (the index is only a cache)."""
        count = 0
        async for game_id in self.store.game_ids():
            if _GAME_ID.fullmatch(game_id):
                await self._file(await self.game(game_id))
                count += 1
        return count

    # ------------------------------------------------------------ commands

    async def handle(
        self,
        game_id: str,
        seat: int,
        command: PlayerCommand,
        *,
        expected_version: int | None = None,
        command_id: str | None = None,
    ) -> CommandOutcome:
        """Decide, append at the version decided on, and answer as the seat sees it."""
        # Client ids live in their own namespace, apart from the seat claims'.
        key = f"c:{command_id}" if command_id is not None else None
        digest = _digest(seat, command, expected_version) if key is not None else None
        if key is not None and digest is not None:
            earlier = await self._recall(game_id, key, digest)
            if earlier is not None:
                return earlier
        game = await self.game(game_id)
        record = game.record
        if expected_version is not None and expected_version != record.version:
            raise self._conflict(expected_version, record.version)
        events = self._decide(game, seat, command)
        envelopes = _envelopes(record.version, events, command_id)
        after = record
        for envelope in envelopes:
            after = advance(after, envelope)
        outcome = CommandOutcome(
            version=after.version,
            view=view_for(after.state, seat),
            events=served(envelopes, seat, _revealed(after)),
        )
        try:
            appended = await self.store.append(
                game_id,
                [encode_envelope(envelope) for envelope in envelopes],
                expected_version=record.version,
                command_id=key,
                command_digest=digest,
                result=msgspec.json.encode(outcome),
            )
        except VersionConflict as conflict:
            raise self._conflict(conflict.expected, conflict.current) from conflict
        except CommandIdReused as reused:
            raise _reused(command_id) from reused
        if appended.duplicate and appended.result is not None:
            return _outcome_decoder.decode(appended.result)
        self.metrics.command_accepted(command.__struct_config__.tag or "unknown")  # type: ignore[attr-defined]
        await self.projections.save_state(game_id, after)
        await self.projections.save_view(game_id, after.version, outcome.view)
        if after.state.phase == "over":
            await self._file(msgspec.structs.replace(game, record=after))
        return outcome

    def _decide(
        self, game: Game, seat: int, command: PlayerCommand
    ) -> list[tuple[int | None, AnyEvent]]:
        """The command's events, then the next hand's deal when this one ended."""
        state = game.record.state
        shuffled = with_shuffle(state, command, _reshuffle_rng(game.seed, state))
        events: list[tuple[int | None, AnyEvent]] = []
        for event in decide(state, seat, shuffled):
            state = evolve(state, event)
            events.append((seat, event))
        for _, event in list(events):
            if isinstance(event, HandEnded):
                # The hand is over: its deck may be checked against the commitment.
                reveal = DeckRevealed(event.hand_number, _salt(game.seed, event.hand_number))
                state = evolve(state, reveal)
                events.append((None, reveal))
        if state.phase == "deal":
            # Players never deal: the service deals the next hand in the same append.
            hand = state.hand_number + 1
            deal = _committed(deal_command(state, _hand_rng(game.seed, hand)), game.seed, hand)
            for event in decide(state, None, deal):
                state = evolve(state, event)
                events.append((None, event))
        return events

    async def _recall(self, game_id: str, key: str, digest: str) -> CommandOutcome | None:
        """The recorded outcome of a command id seen before, or None for a new one."""
        _check_game_id(game_id)
        try:
            # Expecting a version no game has writes nothing; the store checks
            # the command id first, so a known id still answers.
            earlier = await self.store.append(
                game_id, [], expected_version=_NEVER, command_id=key, command_digest=digest
            )
        except VersionConflict:
            return None
        except CommandIdReused as reused:
            raise _reused(key.removeprefix("c:")) from reused
        if earlier.result is None:
            return None
        return _outcome_decoder.decode(earlier.result)

    def _conflict(self, expected: int, current: int) -> ServiceError:
        self.metrics.conflict("version_conflict")
        return ServiceError(
            "version_conflict",
            f"the game is at version {current}, not {expected}",
            expected_version=expected,
            current_version=current,
        )

    # ------------------------------------------------------------ records

    async def _meta(self, game_id: str) -> dict[str, bytes]:
        _check_game_id(game_id)
        meta = await self.store.get_meta(game_id)
        if "info" not in meta:
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        return meta

    async def _check_exists(self, game_id: str) -> None:
        _check_game_id(game_id)
        if not await self.store.exists(game_id):
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)

    async def _file(self, game: Game) -> None:
        await self.store.index_game(game.game_id, lobby_status(game), game.info.created_ts)


def _check_game_id(game_id: str) -> None:
    # Only ids this service made exist; anything else cannot name a game.
    if not _GAME_ID.fullmatch(game_id):
        raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)


def _check_seat_specs(seats: Sequence[SeatSpec]) -> None:
    for seat, spec in enumerate(seats):
        if spec.kind == "bot" and spec.open:
            raise ServiceError("invalid_seats", "a bot seat cannot be open", seat=seat)
        if spec.kind == "human" and spec.level is not None:
            raise ServiceError("invalid_seats", "only bot seats have a level", seat=seat)


def _reused(command_id: str | None) -> ServiceError:
    return ServiceError(
        "command_id_reused",
        "this command_id was already used for a different command",
        command_id=command_id,
    )


def _envelopes(
    version: int, events: Sequence[tuple[int | None, AnyEvent]], command_id: str | None
) -> list[Envelope]:
    at = _now()[0]
    return [
        Envelope(
            version=version + index,
            at=at,
            seat=seat,
            # The service's own events (deals) are not the client's command.
            command_id=command_id if seat is not None else None,
            event=event,
        )
        for index, (seat, event) in enumerate(events, start=1)
    ]


