"""A seat's command, end to end: decide it on the game as this process
remembers it (or loads it), append its events with the new state and the
seat's new view in one store call, and answer as the seat sees it. A retry
with the same command id gets the original answer; the store's version check
keeps a stale decision from being written."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, NamedTuple

import msgspec

from domain.commands import AnyCommand, Deal, PlayerCommand
from domain.errors import DomainError
from domain.events import AnyEvent, DeckRevealed, HandEnded, TurnDeadlineSet
from domain.game import decide, evolve
from domain.state import GameState
from domain.views import SeatView, view_for
from service.app.envelope import encode_envelope, envelopes_from
from service.app.errors import ServiceError
from service.app.projections import (
    STATE_KEY,
    GameRecord,
    ServedView,
    advance,
    encode_outcome,
    encode_state,
    encode_view,
    revealed_through,
    served,
    viewer_key,
)
from service.app.randomness import (
    committed_deal,
    deal_command,
    hand_rng,
    hand_salt,
    reshuffle_rng,
    shuffle_size,
    with_shuffle,
)
from service.app.records import Appended, CommandOutcome, Game, check_game_id, game_of
from service.store import CommandIdReused, VersionConflict

if TYPE_CHECKING:
    from service.app.games import GameService

__all__ = ["GameCommands", "Handled", "projections_of", "turn_deadline"]


class Handled(NamedTuple):
    """A command's answer: as Python callers read it, and as the API serves it
    (the `CommandResult` bytes recorded with the command id)."""

    outcome: CommandOutcome
    body: bytes


def _digest(seat: int, command: PlayerCommand, expected_version: int | None) -> str:
    payload = msgspec.json.encode([seat, command, expected_version])
    return hashlib.sha256(payload).hexdigest()


_outcome_decoder = msgspec.json.Decoder(CommandOutcome)


def _recorded(result: bytes) -> Handled:
    """A recorded outcome and its answer; older releases recorded the view in the
    domain's form, so the answer is encoded again rather than sent as stored."""
    outcome = _outcome_decoder.decode(result)
    # The recorded view keeps what the record added to it (version, deadline, controllers).
    served = _served_decoder.decode(result)
    body = encode_outcome(
        outcome.version, encode_view(served.view, version=outcome.version), outcome.events
    )
    return Handled(outcome, body)


class _ServedOutcome(msgspec.Struct, frozen=True, kw_only=True):
    view: ServedView


_served_decoder = msgspec.json.Decoder(_ServedOutcome)


def _command_kind(command: PlayerCommand) -> str:
    tag = command.__struct_config__.tag
    return "unknown" if tag is None else str(tag)


def turn_deadline(
    before: GameState, after: GameState, limit_s: float | None
) -> list[tuple[int | None, AnyEvent]]:
    """A TurnDeadlineSet when these events start a turn of a game with a time limit."""
    if limit_s is None or after.phase != "draw":
        return []
    started = (
        before.phase not in ("draw", "play")
        or before.turn != after.turn
        or before.hand_number != after.hand_number
    )
    if not started:
        return []
    deadline = datetime.now(UTC) + timedelta(seconds=limit_s)
    at = deadline.isoformat(timespec="milliseconds")
    return [(None, TurnDeadlineSet(seat=after.turn, hand_number=after.hand_number, deadline=at))]


def projections_of(record: GameRecord, acted: SeatView | None = None) -> dict[str, bytes]:
    """What an append caches with its events: the state at the record's version
    and the view of the seat that acted, already built for its answer. Other
    views are built when read (`Projections.encoded_view`): most are never
    read at that version, as clients follow the events."""
    views = {STATE_KEY: encode_state(record)}
    if acted is not None:
        views[viewer_key(acted.seat)] = encode_view(acted, record)
    return views


def _code(error: Exception) -> str | None:
    return error.code if isinstance(error, ServiceError) else None


def _reused(command_id: str | None) -> ServiceError:
    return ServiceError(
        "command_id_reused",
        "this command_id was already used for a different command",
        command_id=command_id,
    )


def _salt_of(game: Game, hand: int) -> str | None:
    if hand in game.salts:
        return game.salts[hand]
    return hand_salt(game.seed, hand) if hand >= game.own_hands_from else None


# A version no game reaches: an append expecting it only probes the command id.
_NEVER = 2**53


class GameCommands:
    """The command use case of a GameService (`games.commands`)."""

    def __init__(self, games: GameService) -> None:
        self.games = games

    async def handle(
        self,
        game_id: str,
        seat: int,
        command: PlayerCommand,
        *,
        expected_version: int | None = None,
        command_id: str | None = None,
    ) -> Handled:
        """Decide, append at the version decided on, and answer as the seat sees it."""
        # Client ids live in their own namespace, apart from the seat claims'.
        key = f"c:{command_id}" if command_id is not None else None
        digest = _digest(seat, command, expected_version) if key is not None else None
        try:
            return await self._apply(game_id, seat, command, expected_version, key, digest)
        except (DomainError, ServiceError) as refused:
            # A retry of a command that went through is answered, not refused,
            # whatever the game looks like now. The append checks the command id
            # itself, so only a refusal needs to ask.
            if key is None or digest is None or _code(refused) == "command_id_reused":
                raise
            earlier = await self._recall(game_id, key, digest)
            if earlier is None:
                raise
            return earlier

    async def _apply(
        self,
        game_id: str,
        seat: int,
        command: PlayerCommand,
        expected_version: int | None,
        key: str | None,
        digest: str | None,
    ) -> Handled:
        """Decide on the record this process remembers, unchecked: the append's
        version check keeps a stale one from writing, and a refusal is only
        believed once the record proves current. Else decide on the loaded game."""
        facts, _ = await self.games.known_facts(game_id)
        command_id = key.removeprefix("c:") if key is not None else None
        try:
            remembered = self.games.projections.remembered(game_id)
            if remembered is not None:
                game = game_of(game_id, facts, remembered)
                try:
                    return await self._attempt(game, seat, command, expected_version, key, digest)
                except VersionConflict:
                    pass  # behind the store (or raced): decide again on the latest
                except (DomainError, ServiceError):
                    if await self.games.store.version(game_id) == remembered.version:
                        raise
            record = await self.games.projections.load(game_id)
            if record is None:
                raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
            game = game_of(game_id, facts, record)
            return await self._attempt(game, seat, command, expected_version, key, digest)
        except VersionConflict as conflict:
            raise self._conflict(conflict.expected, conflict.current) from conflict
        except CommandIdReused as reused:
            raise _reused(command_id) from reused

    async def _attempt(
        self,
        game: Game,
        seat: int,
        command: PlayerCommand,
        expected_version: int | None,
        key: str | None,
        digest: str | None,
    ) -> Handled:
        """One decide and append on `game.record`; VersionConflict when the store
        (or the client's expected version) is elsewhere."""
        record, game_id = game.record, game.game_id
        command_id = key.removeprefix("c:") if key is not None else None
        if expected_version is not None and expected_version != record.version:
            raise VersionConflict(expected=expected_version, current=record.version)
        events = self._decide(game, seat, command)
        envelopes = envelopes_from(record.version, events, command_id)
        after = record
        for envelope in envelopes:
            after = advance(after, envelope)
        view = view_for(after.state, seat)
        shown = served(envelopes, seat, revealed_through(after))
        views = projections_of(after, view)
        body = encode_outcome(after.version, views[viewer_key(seat)], shown)
        appended = await self.games.store.append(
            game_id,
            [encode_envelope(envelope) for envelope in envelopes],
            expected_version=record.version,
            command_id=key,
            command_digest=digest,
            result=body,
            views=views,
            # Whoever schedules work after a command needs the meta; read it in the same call.
            with_meta=self.games.has_append_hook,
        )
        if appended.duplicate:
            if appended.result is None:
                raise _reused(command_id)
            return _recorded(appended.result)
        self.games.metrics.command_accepted(_command_kind(command))
        self.games.projections.remember(game_id, after)
        if after.state.phase == "over":
            await self.games.file_in_lobby(msgspec.structs.replace(game, record=after))
        await self.games.announce(
            Appended(
                game_id=game_id,
                version=after.version,
                before=record.state,
                state=after.state,
                info=game.info,
                envelopes=tuple(envelopes),
                seat=seat,
                command_id=command_id,
                meta=appended.meta,
            )
        )
        return Handled(CommandOutcome(version=after.version, view=view, events=shown), body)

    def _decide(
        self, game: Game, seat: int, command: PlayerCommand
    ) -> list[tuple[int | None, AnyEvent]]:
        """The command's events, then the next hand's deal when this one ended."""
        state = game.record.state
        # Seeding the reshuffle's generator costs more than most commands: only when used.
        shuffled: AnyCommand = command
        if shuffle_size(state, command):
            shuffled = with_shuffle(state, command, reshuffle_rng(game.seed, state))
        events: list[tuple[int | None, AnyEvent]] = []
        for event in decide(state, seat, shuffled):
            state = evolve(state, event)
            events.append((seat, event))
        for _, event in list(events):
            salt = _salt_of(game, event.hand_number) if isinstance(event, HandEnded) else None
            if isinstance(event, HandEnded) and salt is not None:
                # The hand is over: its deck may be checked against the commitment.
                reveal = DeckRevealed(event.hand_number, salt)
                state = evolve(state, reveal)
                events.append((None, reveal))
        if state.phase == "deal":
            # Players never deal: the service deals the next hand in the same append.
            hand = state.hand_number + 1
            stacked = game.info.decks
            deal = committed_deal(
                Deal(deck=stacked[hand - 1])
                if hand <= len(stacked)
                else deal_command(state, hand_rng(game.seed, hand)),
                game.seed,
                hand,
            )
            for event in decide(state, None, deal):
                state = evolve(state, event)
                events.append((None, event))
        events += turn_deadline(game.record.state, state, game.info.turn_time_limit_s)
        return events

    async def _recall(self, game_id: str, key: str, digest: str) -> Handled | None:
        """The recorded outcome of a command id seen before, or None for a new one."""
        check_game_id(game_id)
        try:
            # Expecting a version no game has writes nothing; the store checks
            # the command id first, so a known id still answers.
            earlier = await self.games.store.append(
                game_id, [], expected_version=_NEVER, command_id=key, command_digest=digest
            )
        except VersionConflict:
            return None
        except CommandIdReused as reused:
            raise _reused(key.removeprefix("c:")) from reused
        if earlier.result is None:
            return None
        return _recorded(earlier.result)

    def _conflict(self, expected: int, current: int) -> ServiceError:
        self.games.metrics.conflict("version_conflict")
        return ServiceError(
            "version_conflict",
            f"the game is at version {current}, not {expected}",
            expected_version=expected,
            current_version=current,
        )
