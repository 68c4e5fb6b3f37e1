"""The one write path. Every writer (a seat's command, a bot's or the timer's, a
creation, the next hand's deal, an import, a fork) hands `Writer.execute` a
`Write`: the game is loaded, the write decides its events on it, they are
appended only if the game is still at the version decided on, and a write
that lost that race decides again on the latest version."""

from __future__ import annotations

import logging
import os
from collections.abc import Awaitable, Callable

import msgspec

from domain.errors import DomainError
from domain.state import GameState
from service.app.envelope import decode_envelope, encode_envelope
from service.app.errors import ServiceError
from service.app.game_record import GameRecord, advance, encode_state, seating_fields, untimed
from service.app.metrics import Metrics
from service.app.projections import STATE_KEY, Projections
from service.app.records import Game, MetaFacts, game_of, lobby_status
from service.app.writes import AppendHook, Executed, Write
from service.store import AppendResult, CommandIdReused, EventStore, VersionConflict

# Write is also read from here by the transfers.
__all__ = ["MAX_ATTEMPTS", "Executed", "Write", "Writer", "conflict_error"]

# A write without an expected version decides again after losing a race; past
# this many losses in a row the game is too contended to promise an answer.
MAX_ATTEMPTS = 8

_log = logging.getLogger(__name__)

FactsReader = Callable[[str], Awaitable[MetaFacts]]
FileInLobby = Callable[[Game], Awaitable[None]]


def conflict_error(expected: int, current: int) -> ServiceError:
    return ServiceError(
        "version_conflict",
        f"the game is at version {current}, not {expected}",
        expected_version=expected,
        current_version=current,
    )


def _code(error: Exception) -> str | None:
    return getattr(error, "code", None)


class Writer:
    """Runs writes over one event store: the store's only appender."""

    def __init__(
        self,
        store: EventStore,
        projections: Projections,
        facts: FactsReader,
        metrics: Metrics,
        *,
        announce: AppendHook | None,
        file_in_lobby: FileInLobby,
    ) -> None:
        self._store = store
        self._projections = projections
        self._facts = facts
        self._metrics = metrics
        self._announce = announce
        self._file_in_lobby = file_in_lobby

    async def execute(self, game_id: str, write: Write) -> Executed:
        """Decide and append `write`; a retry of a write already made gets its
        original outcome back, whatever the game looks like now."""
        try:
            return await self._execute(game_id, write)
        except (DomainError, ServiceError) as refused:
            if write.key is None or write.digest is None or _code(refused) == "command_id_reused":
                raise
            earlier = await self._recall(game_id, write)
            if earlier is None and write.former_key is not None:
                # Another seat's id there is no refusal of this one: theirs, not ours.
                earlier = await self.recorded(game_id, write.former_key, write.digest)
            if earlier is None:
                raise
            await self._announce_again(game_id, write, earlier)
            return _nothing_new(game_id, earlier)

    async def _execute(self, game_id: str, write: Write) -> Executed:
        if write.creates is not None:
            try:
                return await self._attempt(game_id, write, None)
            except VersionConflict as conflict:
                # The id's meta was free (the caller claimed it) but its log was not.
                raise ServiceError(
                    "game_exists", f"game {game_id} already has {conflict.current} events"
                ) from conflict
        facts = await self._facts_for(game_id, write)
        if facts.importing and not write.imports:
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        remembered = self._projections.remembered(game_id)
        if remembered is not None:
            # Decided on the record this process holds, unchecked: the append's
            # version check keeps a stale decision from writing, and a refusal
            # is believed only once that record proves current.
            try:
                return await self._attempt(game_id, write, game_of(game_id, facts, remembered))
            except VersionConflict:
                pass  # behind the store (or raced): decide again on the latest
            except (DomainError, ServiceError):
                if await self._store.version(game_id) == remembered.version:
                    raise
        for _ in range(MAX_ATTEMPTS):
            record = await self._projections.load(game_id)
            if record is None:
                raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
            try:
                return await self._attempt(game_id, write, game_of(game_id, facts, record))
            except VersionConflict as conflict:
                if write.expected_version is not None:
                    raise self._conflict(conflict) from conflict
        self._metrics.conflict("contention")
        raise ServiceError(
            "contention",
            f"the game kept changing under {MAX_ATTEMPTS} attempts; retry",
            attempts=MAX_ATTEMPTS,
        )

    async def _facts_for(self, game_id: str, write: Write) -> MetaFacts:
        """The facts the write's caller found its seat in, else the game's."""
        return write.facts if write.facts is not None else await self._facts(game_id)

    async def check(self, game_id: str, write: Write) -> int:
        """Decide `write` on the game's latest version and write nothing: the
        version it was decided at, or the refusal an `execute` would raise now."""
        facts = await self._facts_for(game_id, write)
        if facts.importing:
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        record = await self._projections.load(game_id)
        if record is None:
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        if write.expected_version is not None and write.expected_version != record.version:
            raise conflict_error(write.expected_version, record.version)
        write.decide(game_of(game_id, facts, record))
        return record.version

    async def _attempt(self, game_id: str, write: Write, game: Game | None) -> Executed:
        """One decide and append; VersionConflict when the store is elsewhere."""
        record = game.record if game is not None else None
        version = record.version if record is not None else 0
        if write.expected_version is not None and write.expected_version != version:
            raise VersionConflict(expected=write.expected_version, current=version)
        envelopes = write.decide(game)
        after = record
        for envelope in envelopes:
            after = advance(after, envelope)
        # What the game written to was made with: the creation's, else the game's.
        info = write.creates if write.creates is not None else game.info if game else None
        if after is not None and info is not None and info.turn_time_limit_s is None:
            after = untimed(after)
        views: dict[str, bytes] = {}
        body = None
        if after is not None:
            views[STATE_KEY] = encode_state(after)
            if write.answer is not None:
                body = write.answer(after, envelopes, views)
        # A write without an id of its own gets one for this attempt (`w:`, a
        # namespace no client reaches), recorded without an answer: a store
        # client that sent the append again after losing its reply (redis-py's
        # cluster client retries on a dropped connection) then finds its own
        # append, not a version conflict for a command that went through.
        own = write.key is None
        key = _own_key() if own else write.key
        try:
            appended = await self._store.append(
                game_id,
                [encode_envelope(envelope) for envelope in envelopes],
                expected_version=version,
                command_id=key,
                command_digest=_OWN_DIGEST if own else write.digest,
                result=None if own else body,
                views=views,
                meta=seating_fields(record, after),
            )
        except CommandIdReused as reused:
            raise _reused(write.command_id) from reused
        if own and appended.duplicate:
            assert appended.first_version == version + 1, appended
            appended = AppendResult(
                first_version=appended.first_version, last_version=appended.last_version
            )
        if appended.duplicate:
            await self._announce_again(game_id, write, appended)
        before = game.record.state if game is not None else None
        if appended.duplicate or after is None:
            return _nothing_new(game_id, appended, before=before, after=after)
        executed = Executed(
            game_id=game_id,
            version=appended.last_version,
            before=before if before is not None else after.state,
            after=after,
            info=info,
            envelopes=tuple(envelopes),
            seat=write.seat,
            command_id=write.command_id,
            actor=write.actor,
            body=body,
        )
        self._projections.remember(game_id, after)
        if not write.imports:
            await self._settled(game, executed)
        return executed

    async def _settled(self, game: Game | None, executed: Executed) -> None:
        """What follows committed events: the lobby's filing and the work they call for."""
        after, info = executed.after, executed.info
        assert after is not None and info is not None
        base = game or Game(
            game_id=executed.game_id, record=after, info=info, claimed=frozenset(), seed=0
        )
        settled = msgspec.structs.replace(base, record=after)
        if game is None or lobby_status(settled) != lobby_status(game):
            await self._file_in_lobby(settled)
        await self.announce(executed)

    async def announce(self, executed: Executed) -> None:
        if self._announce is None:
            return  # no work is scheduled (tests, tools)
        # The events are committed: a failing scheduler must not fail the
        # write. The worker's reconciler re-creates whatever it missed.
        try:
            await self._announce(executed)
        except Exception:
            _log.exception("on_appended failed for game %s", executed.game_id)

    async def _announce_again(self, game_id: str, write: Write, earlier: AppendResult) -> None:
        """A retry answered from the record: the first attempt's follow-ups (the
        lobby's filing, the bot turn and timer it calls for) may never have run, its
        reply lost or left unacknowledged by a replica (a 503). While the game still
        stands where that write left it, they run again; jobs have deterministic
        ids, so work already scheduled is not doubled."""
        record = await self._projections.load(game_id)
        if record is None or record.version != earlier.last_version:
            return  # a later write announced the game since
        game = game_of(game_id, await self._facts(game_id), record)
        await self._file_in_lobby(game)
        stored = await self._store.read(game_id, after=earlier.first_version - 1)
        await self.announce(
            Executed(
                game_id=game_id,
                version=earlier.last_version,
                duplicate=earlier.duplicate,
                before=record.state,
                after=record,
                info=game.info,
                envelopes=tuple(decode_envelope(event.data) for event in stored),
                seat=write.seat,
                command_id=write.command_id,
                actor=write.actor,
            )
        )

    async def recorded(self, game_id: str, key: str, digest: str) -> AppendResult | None:
        """The write recorded under `key` when it was this very command (`digest`), else None."""
        try:
            return await self._store.recall(game_id, key, digest)
        except CommandIdReused:
            return None

    async def _recall(self, game_id: str, write: Write) -> AppendResult | None:
        assert write.key is not None and write.digest is not None
        try:
            return await self._store.recall(game_id, write.key, write.digest)
        except CommandIdReused as reused:
            raise _reused(write.command_id) from reused

    def _conflict(self, conflict: VersionConflict) -> ServiceError:
        self._metrics.conflict("version_conflict")
        return conflict_error(conflict.expected, conflict.current)


_OWN_DIGEST = "w"


def _own_key() -> str:
    # What secrets.token_hex(8) reads, without its three calls on the way (every command).
    return f"w:{os.urandom(8).hex()}"


def _reused(command_id: str | None) -> ServiceError:
    return ServiceError(
        "command_id_reused",
        "this command_id was already used for a different command",
        command_id=command_id,
    )


def _nothing_new(
    game_id: str,
    appended: AppendResult,
    *,
    before: GameState | None = None,
    after: GameRecord | None = None,
) -> Executed:
    """What came of a write that appended nothing new: a retry (the bytes recorded
    under its command id, if any), or a write that decided no events."""
    return Executed(
        game_id=game_id,
        version=appended.last_version,
        duplicate=appended.duplicate,
        before=before,
        after=after,
        body=appended.result,
    )
