"""The log file format: round trips, clear refusals, export from and import into a store."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import msgspec
import pytest

from domain.events import GameStarted
from domain.opening import Opening
from service.app.envelope import Envelope, encode_envelope
from service.app.errors import ServiceError
from service.app.games import GameService
from service.logs.logfile import (
    FORMAT,
    HeaderFacts,
    LogError,
    LogHeader,
    SeatKind,
    export_log,
    read_log,
    write_log,
)
from service.logs.transfers import GameTransfers
from service.store import EventStore, InMemoryEventStore

Log = tuple[LogHeader, list[Envelope]]


def test_write_then_read_gives_the_same_header_and_envelopes(basic_log: Log) -> None:
    header, envelopes = basic_log
    data = write_log(header, envelopes)
    assert read_log(data) == (header, envelopes)
    assert data.count(b"\n") == len(envelopes) + 1


def test_the_header_line_has_exactly_the_documented_fields(basic_log: Log) -> None:
    header, envelopes = basic_log
    first_line = write_log(header, envelopes).splitlines()[0]
    fields = msgspec.json.decode(first_line)
    assert set(fields) == {
        "type",
        "format",
        "game_id",
        "ruleset",
        "seats",
        "seat_kinds",
        "created_at",
        "stacked",
    }
    assert fields["type"] == "header" and fields["format"] == FORMAT
    assert b"token" not in first_line and b"seed" not in first_line


def _header_line(**changes: object) -> bytes:
    header = {"type": "header", "format": FORMAT, "game_id": "g1", "ruleset": {}, "seats": 2}
    header |= {"seat_kinds": [{"kind": "human"}] * 2, "created_at": "2026-01-01T00:00:00Z"}
    return msgspec.json.encode(header | changes)


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "malformed_log"),
        (b"\n\n", "malformed_log"),
        (b"not json\n", "malformed_log"),
        (b'{"version": 1}\n', "malformed_log"),
        (_header_line(format="rummy-log/2"), "unsupported_format"),
        (_header_line(seats="two"), "malformed_log"),
        (_header_line() + b'\n{"version": 1, "at": "x"}\n', "malformed_log"),
        (_header_line() + b"\n[1, 2]\n", "malformed_log"),
    ],
)
def test_unreadable_logs_are_refused_with_a_stable_code(data: bytes, code: str) -> None:
    with pytest.raises(LogError) as caught:
        read_log(data)
    assert caught.value.code == code


def test_a_bad_envelope_line_is_named_by_its_line_number() -> None:
    with pytest.raises(LogError, match="line 3"):
        read_log(_header_line() + b"\n\n{}\n")


def test_a_header_alone_reads_as_a_log_without_events() -> None:
    header, envelopes = read_log(_header_line())
    assert header.game_id == "g1" and envelopes == []


async def _stored(store: EventStore, game_id: str, envelopes: list[Envelope]) -> None:
    await store.append(
        game_id,
        [encode_envelope(e) for e in envelopes],
        expected_version=0,
        command_id=None,
        command_digest=None,
    )


def test_export_reads_the_store_and_takes_header_facts_from_the_meta_hook(
    basic_log: Log,
) -> None:
    header, envelopes = basic_log
    store = InMemoryEventStore()
    kinds = (SeatKind("human"), SeatKind("bot", 2), SeatKind("bot", 1))

    def read_meta(meta: Mapping[str, bytes]) -> HeaderFacts:
        return HeaderFacts(seat_kinds=kinds, created_at=meta["created"].decode())

    async def scenario() -> bytes:
        await _stored(store, "g7", envelopes)
        await store.put_meta("g7", {"created": b"2026-02-03T04:05:06Z"})
        return await export_log(store, "g7", read_meta)

    exported_header, exported = read_log(asyncio.run(scenario()))
    assert exported == envelopes
    assert exported_header.game_id == "g7"
    assert exported_header.ruleset == header.ruleset and exported_header.seats == 3
    assert exported_header.seat_kinds == kinds
    assert exported_header.created_at == "2026-02-03T04:05:06Z"


def test_export_without_a_meta_hook_defaults_to_human_seats_and_the_first_event_time(
    basic_log: Log,
) -> None:
    _, envelopes = basic_log
    store = InMemoryEventStore()

    async def scenario() -> bytes:
        await _stored(store, "g7", envelopes)
        return await export_log(store, "g7")

    header, _ = read_log(asyncio.run(scenario()))
    assert header.seat_kinds == (SeatKind("human"),) * 3
    assert header.created_at == envelopes[0].at


def test_export_of_an_unknown_game_is_refused() -> None:
    with pytest.raises(LogError) as caught:
        asyncio.run(export_log(InMemoryEventStore(), "nope"))
    assert caught.value.code == "unknown_game"


COPY = "c0" * 16
OTHER = "0f" * 16


def test_import_appends_the_verified_log_as_a_new_game(basic_log: Log) -> None:
    header, envelopes = basic_log
    store = InMemoryEventStore()

    async def scenario() -> tuple[bytes, dict[int, str]]:
        created = await GameTransfers(GameService(store), store).import_game(
            write_log(header, envelopes), game_id=COPY
        )
        assert created.game_id == COPY
        return await export_log(store, COPY), created.tokens

    exported, tokens = asyncio.run(scenario())
    copied = read_log(exported)[1]
    assert copied[1:] == envelopes[1:]
    # Its first event also says how the copy was opened here.
    opening = _opening(copied[0])
    assert (opening.preset, opening.stacked) == ("imported", True)
    started = msgspec.structs.replace(copied[0].event, opening=None)
    assert msgspec.structs.replace(copied[0], event=started) == envelopes[0]
    humans = [seat for seat, kind in enumerate(header.seat_kinds) if kind.kind == "human"]
    assert sorted(tokens) == humans


def test_import_refuses_an_existing_game_and_an_invalid_log(basic_log: Log) -> None:
    header, envelopes = basic_log
    store = InMemoryEventStore()
    transfers = GameTransfers(GameService(store), store)
    data = write_log(header, envelopes)
    asyncio.run(transfers.import_game(data, game_id=COPY))
    with pytest.raises(ServiceError) as caught:
        asyncio.run(transfers.import_game(data, game_id=COPY))
    assert caught.value.code == "game_exists"
    with pytest.raises(ServiceError) as caught:
        asyncio.run(
            transfers.import_game(write_log(header, envelopes[:1] + envelopes[2:]), game_id=OTHER)
        )
    assert caught.value.code == "version_gap"
    assert asyncio.run(store.version(OTHER)) == 0
    assert asyncio.run(store.get_meta(OTHER)) == {}


def _opening(envelope: Envelope) -> Opening:
    assert isinstance(envelope.event, GameStarted) and envelope.event.opening is not None
    return envelope.event.opening
