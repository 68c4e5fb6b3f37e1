"""A seat's command, whoever issues it (its owner, a bot, the timer): decided with
the service's follow-ups, written through the one write path, answered as the seat
sees it. A retry with the same command id gets the original answer."""

from __future__ import annotations

import hashlib
import logging

import msgspec

from domain.commands import AnyCommand, SeatCommand
from domain.game import decide, evolve
from domain.views import holder_view
from service.app.consequences import Clock, Decided, follow_ups, system_clock
from service.app.envelope import ActorKind, Envelope, envelopes_from
from service.app.errors import ServiceError
from service.app.execute import Writer
from service.app.game_record import GameRecord
from service.app.metrics import Metrics
from service.app.projections import (
    held_through,
    served,
    unredacted_through,
    viewer_key,
)
from service.app.randomness import reshuffle_rng, shuffle_size, with_shuffle
from service.app.records import Game, MetaFacts
from service.app.wire_form import ServedView, encode_outcome, encode_view
from service.app.writes import Executed, Write

__all__ = ["SeatCommands", "command_key", "decided_envelopes"]

_log = logging.getLogger(__name__)


def command_key(actor: ActorKind, command_id: str, seat: int | None = None) -> str:
    """Where the store files a command id: clients' ids and the system's (bots',
    timers') live apart, so a client cannot take the id of a move a bot will make;
    a client's are its seat's own (`c:<seat>:<id>`), so two seats numbering their
    commands alike never refuse each other's. Without a seat: the key releases
    before the seat's own filed a client's id under (`c:<id>`)."""
    if actor != "player":
        return f"s:{command_id}"
    return f"c:{command_id}" if seat is None else f"c:{seat}:{command_id}"


def _digest(seat: int, command: SeatCommand, expected_version: int | None) -> str:
    payload = msgspec.json.encode([seat, command, expected_version])
    return hashlib.sha256(payload).hexdigest()


def _recorded(game_id: str, version: int, result: bytes, command_id: str | None) -> Executed:
    """A retry answered from the record (`result`, recorded under its command id);
    older releases recorded the view in the domain's form, so the answer is encoded
    again rather than sent as stored."""
    # The recorded view keeps what the record added to it (version, deadline, controllers).
    try:
        recorded = _recorded_decoder.decode(result)
    except msgspec.DecodeError:
        # A record no release writes (edited by hand, torn) leaves the id unusable, as
        # one whose versions cannot be read: a refusal, never a 500.
        _log.error("game %s: the answer recorded for command %r is unreadable", game_id, command_id)
        raise _reused(command_id) from None
    view = encode_view(recorded.view, version=recorded.version)
    body = encode_outcome(recorded.version, view, recorded.events)
    return Executed(game_id=game_id, version=version, duplicate=True, body=body)


def _reused(command_id: str | None) -> ServiceError:
    return ServiceError(
        "command_id_reused",
        "this command_id was already used for a different command",
        command_id=command_id,
    )


class _RecordedResult(msgspec.Struct, frozen=True, kw_only=True):
    """A command's answer as recorded under its id (`CommandResult`)."""

    version: int
    view: ServedView
    events: tuple[Envelope, ...]


_recorded_decoder = msgspec.json.Decoder(_RecordedResult)


def _command_kind(command: SeatCommand) -> str:
    tag = command.__struct_config__.tag
    return "unknown" if tag is None else str(tag)


def decided_envelopes(
    game: Game,
    seat: int | None,
    command: AnyCommand,
    *,
    command_id: str | None,
    actor: ActorKind,
    clock: Clock = system_clock,
) -> list[Envelope]:
    """The envelopes of `command` on `game`, the service's follow-ups after them."""
    before = state = game.record.state
    # Seeding the reshuffle's generator costs more than most commands: only when used.
    if shuffle_size(state, command):
        command = with_shuffle(state, command, reshuffle_rng(game.seed, state))
    decided: Decided = []
    for event in decide(state, seat, command):
        state = evolve(state, event)
        decided.append((seat, event))
    _, decided = follow_ups(game, before, state, decided, clock)
    return envelopes_from(game.record.version, decided, command_id, actor)


class SeatCommands:
    """Seats' commands over the writer."""

    def __init__(self, writer: Writer, metrics: Metrics) -> None:
        self._writer = writer
        self._metrics = metrics

    async def handle(
        self,
        game_id: str,
        seat: int,
        command: SeatCommand,
        *,
        expected_version: int | None = None,
        command_id: str | None = None,
        actor: ActorKind = "player",
        system_id: bool = False,
        other_seats: tuple[int, ...] = (),
        facts: MetaFacts | None = None,
    ) -> Executed:
        """Decide, append at the version decided on, and answer as the seat sees it
        (`body`, the `CommandResult` the API serves).
        `system_id`: the service chose `command_id` (a rematch's), so it is filed
        with the system's ids, where no client's id can ever take it, whoever acts.
        `other_seats`: the caller's other seats (a hot-seat player, whose token acts
        for the seat to play): a retry of a command one of them made, the turn
        having passed on since, gets that command's answer.
        `facts`: the game's, as the caller found the seat in them (else looked up)."""

        private: list[bool] = []

        def decide_on(game: Game | None) -> list[Envelope]:
            assert game is not None
            private[:] = [game.info.private_log]
            return _decided(game, seat, command, command_id=command_id, actor=actor)

        def answer(after: GameRecord, envelopes: list[Envelope], views: dict[str, bytes]) -> bytes:
            view = holder_view(after.state, seat)
            revealed = unredacted_through(after, seat, private_log=private[0])
            shown = served(envelopes, seat, revealed, held_through(after, seat))
            # The acting seat's view is cached with the events, built for the answer
            # anyway; others are built when read (`Projections.encoded_view`): most
            # are never read at that version, as clients follow the events.
            encoded = views[viewer_key(seat)] = encode_view(view, after)
            return encode_outcome(after.version, encoded, shown)

        key_space: ActorKind = "service" if system_id else actor
        key = command_key(key_space, command_id, seat) if command_id is not None else None
        for other in other_seats:
            if command_id is None:
                break
            earlier = await self._writer.recorded(
                game_id,
                command_key(key_space, command_id, other),
                _digest(other, command, expected_version),
            )
            if earlier is not None and earlier.result is not None:
                return _recorded(game_id, earlier.last_version, earlier.result, command_id)
        executed = await self._writer.execute(
            game_id,
            Write(
                actor=actor,
                decide=decide_on,
                answer=answer,
                expected_version=expected_version,
                key=key,
                # A retry of a command filed by the previous release finds it there.
                former_key=command_key(key_space, command_id)
                if command_id is not None and key_space == "player"
                else None,
                digest=_digest(seat, command, expected_version) if key is not None else None,
                seat=seat,
                command_id=command_id,
                facts=facts,
            ),
        )
        if executed.duplicate:
            if executed.body is None:
                raise _reused(command_id)
            return _recorded(game_id, executed.version, executed.body, command_id)
        assert executed.body is not None
        self._metrics.command_accepted(_command_kind(command))
        return executed

    async def check(
        self,
        game_id: str,
        seat: int,
        command: SeatCommand,
        *,
        expected_version: int | None = None,
        facts: MetaFacts | None = None,
    ) -> int:
        """Whether `handle` would take the seat's command now, with nothing written:
        the game's version when it would, else the refusal it would get. Only that:
        what the command would reveal (the card a draw takes) stays hidden."""

        def decide_on(game: Game | None) -> list[Envelope]:
            assert game is not None
            return _decided(game, seat, command, command_id=None, actor="player")

        write = Write(
            actor="player", decide=decide_on, expected_version=expected_version, facts=facts
        )
        return await self._writer.check(game_id, write)


def _decided(
    game: Game, seat: int, command: SeatCommand, *, command_id: str | None, actor: ActorKind
) -> list[Envelope]:
    if actor == "player" and seat in game.record.state.resigned:
        # A bot plays a resigned seat to the end; its owner no longer does.
        raise ServiceError("seat_resigned", f"seat {seat} resigned: a bot plays it", seat=seat)
    return decided_envelopes(game, seat, command, command_id=command_id, actor=actor)
