"""Games in and out as logs: the state at any version, export, import and fork;
imports and forks are written through the app's one write path."""

from __future__ import annotations

import secrets
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from typing import Literal

import msgspec

from domain.events import GameStarted, SeatsRemoved
from domain.opening import Opening, SeatSpec, TableOptions
from domain.state import GameState
from domain.views import SeatView, holder_view
from service.app.commands import decided_envelopes
from service.app.envelope import Envelope, now, opened_now
from service.app.errors import ServiceError
from service.app.execute import Write
from service.app.game_record import FILLED, UNCLAIMED
from service.app.games import GameService
from service.app.projections import GameRecord, unredacted_through
from service.app.randomness import committed_deal, deal_command, hand_rng
from service.app.records import (
    CreatedGame,
    Game,
    bots_as_created,
    check_game_id,
    game_of,
    info_decoder,
    info_of,
)
from service.app.seating import new_invite_code, table_fields
from service.app.snapshots import StateSnapshots
from service.app.tokens import new_token
from service.logs.claims import rematch_links
from service.logs.fork_prefix import fork_prefix, unrevealed_salts
from service.logs.import_chunks import chunk_views, decoded_chunks, given, in_chunks, next_deal
from service.logs.logfile import (
    HeaderFacts,
    LogError,
    LogHeader,
    SeatKind,
    export_log,
    kinds_at_start,
    seats_removed,
)
from service.logs.offloop import checked_log
from service.logs.verify import verify_log
from service.store import EventStore

__all__ = ["GameTransfers", "log_header_facts", "log_refusal"]


class GameTransfers:
    """The log-shaped use cases over a GameService and its store: reads of any
    version, the whole log, and games made from logs (imports, forks)."""

    def __init__(self, games: GameService, store: EventStore) -> None:
        self._games = games
        self._events = store
        self._snapshots = StateSnapshots(store)
        self._system_random = secrets.SystemRandom()

    async def log_file(
        self, game_id: str, token: str | None, *, invite_code: str | None = None
    ) -> bytes:
        """A finished game's whole log (rummy-log/1): no tokens, no seed."""
        await self._finished_source(game_id, token, invite_code)
        return await export_log(self._events, game_id, log_header_facts)

    async def state_at(
        self, game_id: str, version: int, token: str | None, *, invite_code: str | None = None
    ) -> tuple[SeatView, GameState | None, Game, dict[int, tuple[str, ...]] | None]:
        """The caller's view at `version`, the full state there when the caller may see
        it, the game at that version (who played each seat then, seated as its log
        was then, by the names its players have now), and the hands of a caller who
        holds several seats (a hot-seat player), by seat, else None.

        Such a caller is shown what their live channels show: every seat they hold
        and still played at `version` (`holder_view`: a seat resigned then is its
        bot's), from the seat whose turn it was then (not the seat to play now)."""
        viewer = await self._games.viewer_of(game_id, token, invite_code=invite_code)
        game = await self._games.game(game_id)
        _check_version(version, game.record.version)
        record = await self._snapshots.record_at(game_id, version)
        held: tuple[int, ...] = ()
        if viewer is not None and token is not None:
            held = (viewer, *await self._games.other_seats(game_id, token, viewer))
        hands: dict[int, tuple[str, ...]] | None = None
        if len(held) > 1:
            viewer = _seat_to_play(record.state, held)
            shown = {seat: holder_view(record.state, seat).hand for seat in sorted(held)}
            hands = {seat: hand for seat, hand in shown.items() if hand is not None}
        full = _sees_everything(game, viewer, version)
        # The game's facts as just read (a Game's first fields are its facts').
        then = _named_as_held_now(game_of(game_id, game, record), game)
        return holder_view(record.state, viewer), record.state if full else None, then, hands

    async def import_game(
        self, data: bytes, *, game_id: str | None = None, private_log: bool = False
    ) -> CreatedGame:
        """A verified log file as a new game with fresh seat tokens; a game imported
        between hands is dealt its next hand from a new secret seed."""
        new_id = game_id or uuid.uuid4().hex
        check_game_id(new_id)
        try:
            header, final, _ = await checked_log(data)
        except LogError as exc:
            raise log_refusal(exc) from exc
        # A table started without its open seats: the header names them, the game has not.
        removed = seats_removed(e for chunk in decoded_chunks(data) for e in chunk)
        # The log's rematch link is the game's own from its replay: checked, not copied.
        await self._check_rematch(header, data, new_id)
        return await self._store(
            new_id,
            header,
            decoded_chunks(data),
            final,
            private_log=private_log,
            removed=removed,
        )

    async def _check_rematch(self, header: LogHeader, data: bytes, new_id: str) -> None:
        """invalid_log_field when the log names the new game (an id the caller chose)
        as its own rematch: a client following it would go round.

        Any other link is kept as history, whatever game here has its id: a table is
        followed as a game's rematch only when it was made from that game
        (`tables.own_rematch`), so a link leads nowhere else. Refusing a link to a
        table here that is no rematch of the log's game, and taking one to no game,
        told anyone holding a private table's id that it exists."""
        links = rematch_links(e for chunk in decoded_chunks(data) for e in chunk)
        for version, game_id in links:
            if game_id != new_id:
                continue
            raise log_refusal(
                LogError(
                    "invalid_log_field",
                    f"event.game_id: game {game_id} is the new game itself, not "
                    f"game {header.game_id}'s rematch",
                    version,
                    field="event.game_id",
                )
            )

    async def fork(
        self,
        game_id: str,
        *,
        version: int,
        deck: Literal["keep", "reshuffle"],
        seed: int | None = None,
        token: str | None = None,
        invite_code: str | None = None,
    ) -> CreatedGame:
        """A new game whose log is the finished source's up to `version`: `keep` plays on
        with the same stock; `reshuffle` (at a hand boundary) deals the next hand afresh.
        A private table's fork is a private table too, with a code of its own."""
        game = await self._finished_source(game_id, token, invite_code, use="forked")
        _check_version(version, game.record.version)
        source = await self._games.log(game_id)
        envelopes, state = fork_prefix(source, version, deck)
        # The source's salts of the hands kept: a hand the fork deals itself (below) is
        # revealed with its own salt, not the source's of the hand it replaces.
        salts = unrevealed_salts(source, envelopes)
        secret_seed = seed if seed is not None else secrets.randbits(63)
        new_id = uuid.uuid4().hex
        hand = state.hand_number + 1
        if state.phase == "deal":
            rng = hand_rng(secret_seed, hand) if seed is not None else self._system_random
            deal = committed_deal(deal_command(state, rng), secret_seed, hand)
            # Forks have no time limit: the deal comes without a deadline.
            untimed = msgspec.structs.replace(game.info, turn_time_limit_s=None)
            record = GameRecord(version=len(envelopes), state=state)
            dealt = Game(
                game_id=new_id, record=record, info=untimed, claimed=frozenset(), seed=secret_seed
            )
            envelopes += decided_envelopes(dealt, None, deal, command_id=None, actor="service")
        started = envelopes[0].event
        assert isinstance(started, GameStarted)
        # The header describes the log's start: seats removed before the deal included.
        # As the export's: from the meta, whose seats are as created (the game's are
        # closed up after a start that removed some, which a fork before it has not).
        kinds = log_header_facts(await self._events.get_meta(game_id)).seat_kinds
        # An import's meta keeps only the seats its log's start left (as an older
        # release's did): the source's removal puts the others back, as its log starts.
        removal = [envelope for envelope in source if isinstance(envelope.event, SeatsRemoved)]
        kinds = kinds_at_start(kinds, started.seats, removal)
        header = LogHeader(
            game_id=new_id,
            ruleset=state.ruleset,
            seats=started.seats,
            seat_kinds=kinds_at_start(kinds, started.seats, envelopes),
            created_at=opened_now(),
        )
        try:
            # The fork must itself be a log the rules produce: no command cut in two.
            final = verify_log(header, envelopes)
        except LogError as exc:
            raise ServiceError(
                "invalid_fork_version",
                f"cannot fork at version {version}: {exc.message}",
                version=version,
                reason=exc.message,
            ) from exc
        return await self._store(
            new_id,
            header,
            in_chunks(envelopes),
            final,
            private_log=game.info.private_log,
            preset=game.info.preset,
            seed=secret_seed,
            own_hands_from=hand,
            salts=salts,
            removed=seats_removed(envelopes),
            private_table=game.info.table.private,
        )

    async def _store(
        self,
        game_id: str,
        header: LogHeader,
        chunks: Iterator[list[Envelope]],
        final: GameState,
        *,
        private_log: bool,
        preset: str = "imported",
        seed: int | None = None,
        own_hands_from: int | None = None,
        salts: Mapping[int, str] | None = None,
        removed: Sequence[int] = (),
        private_table: bool = False,
    ) -> CreatedGame:
        """A checked log as game `game_id`: its meta (refused if the id is taken: the
        id is reserved), fresh tokens for every human seat (shown once), the log in
        chunks of STRIDE events, and the next hand's deal when the log rests between
        hands. Until the last chunk and that deal are in, the meta says `importing`:
        nobody else sees or writes the game, and a crash midway leaves it invisible,
        never half playable (nor resting between hands with nobody to act).
        The `removed` seats (gone before the first deal) get no seat in the new game.
        The game is `stacked`: whoever holds a log saw every hand dealt in it."""
        seats = tuple(
            SeatSpec(kind=kind.kind, level=(kind.level or 1) if kind.kind == "bot" else None)
            for seat, kind in enumerate(header.seat_kinds)
            if seat not in removed
        )
        # No time limit: the log's last deadline has long passed.
        opening = Opening(
            preset=preset,
            seats=seats,
            created_at=_parsed_time(header.created_at),
            private_log=private_log,
            # The lobby reads whether it is rated here (it reads no state).
            table=TableOptions(private=private_table, rated=final.ruleset.rated),
            stacked=True,
        )
        info = info_of(opening)
        # The copy's first event says how this table was opened: as a copy, here.
        chunks = _opened_as(chunks, opening)
        tokens = {seat: new_token() for seat, spec in enumerate(seats) if spec.kind == "human"}
        first_own = final.hand_number + 1 if own_hands_from is None else own_hands_from
        # When the import began: a mark older than the grace is a crashed import's.
        since = str(time.time()).encode()
        extra = {"own_hands_from": str(first_own).encode(), "importing": b"1"}
        extra["importing_since"] = since
        extra |= {f"salt:{hand}": salt.encode() for hand, salt in (salts or {}).items()}
        invite_code = new_invite_code() if private_table else None
        extra |= table_fields(waiting=False, invite_code=invite_code, deck=None, reserved={})
        secret_seed = seed if seed is not None else secrets.randbits(63)
        await self._games.seats.register(game_id, info, secret_seed, tokens, extra, exclusive=True)
        version = 0
        for chunk in chunks:
            # Each chunk is one append of at most STRIDE events (~40 KB): no Redis
            # call holds the server long, and the loop runs between chunks.
            write = Write(
                actor="service",
                decide=given(chunk),
                answer=chunk_views,
                expected_version=version if version else None,
                creates=info if not version else None,
                imports=True,
            )
            executed = await self._games.execute(game_id, write)
            assert executed.after is not None
            version = executed.after.version
        if final.phase == "deal":
            # Dealt while the game is still being imported: a crash before the mark is
            # cleared leaves a half import (removed after its grace), never a game
            # in sight that rests between hands with nobody to act.
            deal = Write(actor="service", decide=next_deal, expected_version=version, imports=True)
            await self._games.execute(game_id, deal)
        await self._events.put_meta(game_id, {"importing": b"0"})
        await self._games.reader.read_facts(game_id)
        game = await self._games.game(game_id)
        await self._games.file_in_lobby(game)
        await self._games.notify(game_id)
        return CreatedGame(
            game_id=game_id,
            version=game.record.version,
            tokens=tokens,
            seats=game.info.seats,
            invite_code=invite_code,
            finished=game.record.state.phase == "over",
        )

    async def _finished_source(
        self, game_id: str, token: str | None, invite_code: str | None, *, use: str = "served"
    ) -> Game:
        """A finished game whose log the caller may read (a private table: with its
        code or a seat's token; private logs: its seats only); `use` says what a game
        in progress would be refused (its log served, or forked)."""
        viewer = await self._games.viewer_of(game_id, token, invite_code=invite_code)
        game = await self._games.game(game_id)
        if game.info.private_log and viewer is None:
            if token is not None:
                # A player watching as a spectator: their token is good, it opens no seat.
                raise ServiceError("not_seated", "this game's log is private to its seats")
            raise ServiceError(
                "missing_token", "this game's log is private to its seats: send a seat token"
            )
        if game.record.state.phase != "over":
            raise ServiceError(
                "game_in_progress",
                "the whole log of a game in progress would show hidden cards: "
                f"it is {use} once the game is over",
                current_version=game.record.version,
            )
        return game


def log_header_facts(meta: Mapping[str, bytes]) -> HeaderFacts:
    """A log header's seat kinds and creation time from a game's meta (export's MetaReader)."""
    if "info" not in meta:
        return HeaderFacts()
    info = info_decoder.decode(meta["info"])
    # A seat a bot filled at the start (`seat_filled`) is the log's to say:
    # `kinds_at_start` reads it there. Numbered as `info` is, as created (the facts'
    # are closed up after a removal).
    bots = bots_as_created(info)
    kinds = tuple(
        SeatKind("bot", bots[seat]) if seat in bots else SeatKind(spec.kind, spec.level)
        for seat, spec in enumerate(info.seats)
    )
    return HeaderFacts(seat_kinds=kinds, created_at=info.created_at, stacked=info.stacked)


def log_refusal(error: LogError) -> ServiceError:
    """A log the service will not take, as a problem naming the first bad event."""
    code = "game_not_found" if error.code == "unknown_game" else error.code
    facts = {"field": error.field} if error.field is not None else {}
    return ServiceError(code, error.message, version=error.version, reason=error.message, **facts)


def _parsed_time(text: str) -> str:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return now()[0]
    return text


def _opened_as(chunks: Iterator[list[Envelope]], opening: Opening) -> Iterator[list[Envelope]]:
    """The chunks with the opening of the table they are copied into in their first
    event (a copy's log keeps the rest as it was)."""
    first = next(chunks, None)
    if first is None:
        return
    started = first[0]
    assert isinstance(started.event, GameStarted)  # verified: a log starts so
    event = msgspec.structs.replace(started.event, opening=opening)
    yield [msgspec.structs.replace(started, event=event), *first[1:]]
    yield from chunks


def _named_as_held_now(then: Game, now: Game) -> Game:
    """The game at a past version, naming only the players whose claim then still holds
    its seat now: one who left a waiting table (a claim given back) is no one the
    summary, the lobby or the log names any more, nor is its history to."""
    seating, current = then.record.seating, now.record.seating
    if seating is None or current is None:
        return then
    held = {*current.claims, UNCLAIMED, FILLED}
    names = {seat: name for seat, name in then.names.items() if seating.claim_of(seat) in held}
    return msgspec.structs.replace(then, names=names)


def _check_version(version: int, current: int) -> None:
    if not 1 <= version <= current:
        raise ServiceError(
            "version_not_found",
            f"no version {version}: the log has versions 1-{current}",
            version=version,
            current_version=current,
        )


def _seat_to_play(state: GameState, held: Sequence[int]) -> int:
    """Of a hot-seat player's seats, the one their token acted for in `state`, as
    `Seats.seat_of` picks it now: the seat whose turn it is, else the first they
    still play (a resigned seat is its bot's)."""
    playing = sorted(seat for seat in held if seat not in state.resigned)
    if state.turn in playing:
        return state.turn
    return playing[0] if playing else min(held)


def _sees_everything(game: Game, viewer: int | None, version: int) -> bool:
    """Whether `viewer` may see every hand and the stock at `version` (`unredacted_through`)."""
    return version <= unredacted_through(game.record, viewer, private_log=game.info.private_log)
