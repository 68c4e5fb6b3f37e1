"""A served view's bytes are ServedView's encoding: `encode_view` joins the view's
object and the record's facts instead of building a ServedView (half the time)."""

from __future__ import annotations

import msgspec
import pytest

from domain.rules import build_ruleset
from domain.views import SeatView, view_for
from service.app.game_record import Controller, GameRecord, advance
from service.app.wire_form import ServedView, encode_view, wire_command
from service.tools.simulated_logs import simulated_log

DEADLINE = "2026-12-02T03:00:00+00:00"
CONTROLLERS = (Controller(kind="human"), Controller(kind="autopilot", level=2))


def _served(view: SeatView, **facts: object) -> bytes:
    """The reference form: a ServedView built from the view's fields."""
    fields = {name: getattr(view, name) for name in view.__struct_fields__}
    fields["legal_commands"] = tuple(map(wire_command, view.legal_commands))
    return msgspec.json.encode(ServedView(**(fields | facts)))


def _records(preset: str) -> list[GameRecord]:
    seats = 4 if preset == "palace" else 2
    _, envelopes = simulated_log(build_ruleset(preset), seats, seed=3, max_hands=2)
    records, record = [], None
    for envelope in envelopes:
        record = advance(record, envelope)
        records.append(record)
    return records[::9]


@pytest.mark.parametrize("preset", ["basic", "palace", "duel", "classic"])
def test_a_served_view_is_servedviews_encoding(preset: str) -> None:
    for plain in _records(preset):
        timed = msgspec.structs.replace(
            plain, turn_deadline=DEADLINE, controllers=CONTROLLERS[: plain.state.seats]
        )
        for record in (plain, timed):
            for seat in (None, *range(record.state.seats)):
                view = view_for(record.state, seat)
                controllers = record.controllers or None
                facts = dict(version=record.version, turn_deadline=record.turn_deadline)
                assert encode_view(view, record) == _served(view, **facts, controllers=controllers)
                assert encode_view(view) == _served(view)
                assert encode_view(view, version=7) == _served(view, version=7)


def test_a_served_view_served_again_keeps_or_takes_the_facts() -> None:
    record = msgspec.structs.replace(
        _records("basic")[3], turn_deadline=DEADLINE, controllers=CONTROLLERS
    )
    served = msgspec.json.decode(encode_view(view_for(record.state, 0), record), type=ServedView)
    assert encode_view(served) == msgspec.json.encode(served)
    assert encode_view(served, version=99) == msgspec.json.encode(served)  # it has its version
    newer = msgspec.structs.replace(record, version=record.version + 1, turn_deadline=None)
    again = msgspec.json.decode(encode_view(served, newer), type=ServedView)
    assert (again.version, again.turn_deadline) == (newer.version, None)
