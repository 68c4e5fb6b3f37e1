"""The served view and a command's answer: who sits where, the view, its legal commands."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Literal

import msgspec

from domain.views import SeatView, TableView
from service.app.envelope import Envelope
from service.app.game_record import Controller, GameRecord, controllers_with_bots
from service.app.records import GameInfo, MetaFacts
from service.app.wire_form import encode_view
from service.http.schemas_commands import CommandBody

__all__ = [
    "CommandResult",
    "SeatLabel",
    "View",
    "seat_labels",
    "labels_of_view",
    "view_out",
    "with_labels",
]


class SeatLabel(msgspec.Struct, frozen=True, kw_only=True):
    """Who sits at a seat: a player's name (null for an open seat or one taken
    with a bare seat token), or a bot and its level."""

    seat: int
    kind: Literal["human", "bot"]
    name: str | None
    level: int | None
    resigned: bool = False


def seat_labels(
    info: GameInfo,
    names: Mapping[int, str],
    controllers: Sequence[Controller],
    resigned: Collection[int] = (),
) -> tuple[SeatLabel, ...]:
    """Who sits where: a bot seat, or a seat a bot took at the start, is a bot of
    its level; a resigned seat keeps its player's name, marked resigned (a bot
    plays it); a seat a bot stands in for is still its owner's."""
    labels = []
    for seat, spec in enumerate(info.seats):
        controller = controllers[seat] if seat < len(controllers) else None
        bot = spec.kind == "bot" or (
            controller is not None and controller.kind == "bot" and seat not in resigned
        )
        level = (controller.level if controller is not None else None) or spec.level
        labels.append(
            SeatLabel(
                seat=seat,
                kind="bot" if bot else "human",
                name=names.get(seat),
                level=level if bot else None,
                resigned=seat in resigned,
            )
        )
    return tuple(labels)


_controllers_decoder = msgspec.json.Decoder(tuple[Controller, ...] | None)
_seats_decoder = msgspec.json.Decoder(tuple[int, ...])


def _value_after(view: bytes, key: bytes) -> bytes | None:
    """The array (or null) following `key` in a served view's bytes: read in place,
    because decoding the whole view to find two short fields cost more than the
    rest of the read. Neither array holds another, so its first `]` ends it."""
    start = view.find(key)
    if start < 0:
        return None
    start += len(key)
    if view.startswith(b"null", start):
        return b"null"
    return view[start : view.index(b"]", start) + 1]


def labels_of_view(view: bytes, facts: MetaFacts) -> tuple[SeatLabel, ...]:
    """`seat_labels` for a view served as its cached bytes (before `with_labels`): who
    plays each seat as the view's own version says (the table's bots as opened, for a log too old
    to say it of every seat)."""
    controllers_json = _value_after(view, b'"controllers":')
    resigned_json = _value_after(view, b'"resigned":')
    controllers = _controllers_decoder.decode(controllers_json) if controllers_json else None
    resigned = _seats_decoder.decode(resigned_json) if resigned_json else ()
    played_by = controllers_with_bots(controllers or (), facts.meta_bots)
    return seat_labels(facts.info, facts.names, played_by, resigned)


class View(TableView, frozen=True, kw_only=True):
    """The table as one seat (or a spectator, `seat: null`) sees it. `hand` is the
    viewer's own hand only (null once the seat resigned: its bot's cards then);
    `legal_commands` can be posted as they are.
    `seat_labels` (who sits where) is filled in the served view, the summary and a
    state at a version (`/states/{version}`, with `controllers` then), empty in a
    command's answer."""

    legal_commands: tuple[CommandBody, ...]
    # The game's version this view was built at: send it as `expected_version`.
    version: int
    # The current turn's deadline (ISO 8601 UTC) in a game with a turn time limit.
    turn_deadline: str | None = None
    # Who plays each seat now, by seat: its owner, its bot, or a bot standing in.
    controllers: tuple[Controller, ...] | None = None
    # Last, as with_labels splices it in at the end of a served view's bytes.
    seat_labels: tuple[SeatLabel, ...] = ()


_labels_encoder = msgspec.json.Encoder()


def with_labels(view: bytes, labels: tuple[SeatLabel, ...]) -> bytes:
    """A View's bytes with its seat labels: spliced in, as the cached view has none."""
    assert view.endswith(b"}")
    return view[:-1] + b',"seat_labels":' + _labels_encoder.encode(labels) + b"}"


_view_decoder = msgspec.json.Decoder(View)


def view_out(
    view: SeatView, record: GameRecord | None = None, *, version: int | None = None
) -> View:
    """The view at the record's version, or at `version` (a past state's) without one."""
    # Through the wire form the hot routes send as bytes: one conversion to keep right.
    return _view_decoder.decode(encode_view(view, record, version=version))


class CommandResult(msgspec.Struct, frozen=True, kw_only=True):
    """The game's new version, the caller's view, and the new events as the caller may see them."""

    version: int
    view: View
    events: tuple[Envelope, ...]


class CommandCheck(msgspec.Struct, frozen=True, kw_only=True):
    """A command the caller's seat may send now: the version it was checked at."""

    accepted: bool
    version: int
