"""`rummy games rebuild`: each game's info is a copy of its log's opening."""

from __future__ import annotations

import asyncio
import logging
import random

import msgspec
import pytest

from domain.cards import build_deck
from service.app.games import GameService, SeatSpec
from service.app.infos import rebuild_infos
from service.app.records import TableOptions
from service.logs.logfile import export_log
from service.logs.transfers import log_header_facts
from service.store import InMemoryEventStore
from service.tools.simulation import random_player


def test_a_lost_info_is_written_again_with_its_secret_decks() -> None:
    store = InMemoryEventStore()
    pack = build_deck(1, 0)

    async def scenario() -> None:
        created = await GameService(store).create(
            seats=(SeatSpec(kind="human"), SeatSpec(kind="bot", level=3)),
            decks=[pack, pack[::-1]],
            turn_time_limit_s=30,
            table=TableOptions(private=True, expires_after_s=60),
        )
        meta = await store.get_meta(created.game_id)
        kept = meta["info"]
        await store.put_meta(created.game_id, {"info": b'{"preset":"forged"}'})
        assert await rebuild_infos(store) == 1
        assert (await store.get_meta(created.game_id))["info"] == kept
        # The decks are a secret beside the log: the log never shows them.
        first = (await store.read(created.game_id, limit=1))[0].data
        assert msgspec.json.encode(list(pack[::-1])) not in first
        assert await rebuild_infos(store) == 0  # nothing left to write

    asyncio.run(scenario())


def test_a_game_whose_log_records_no_opening_keeps_its_info() -> None:
    store = InMemoryEventStore()

    async def scenario() -> None:
        created = await GameService(store).create(seats=(SeatSpec(kind="human"),) * 2)
        game_id = created.game_id
        # As an earlier release wrote it: game_started without the opening.
        stored = await store.read(game_id)
        first = msgspec.json.decode(stored[0].data)
        del first["event"]["opening"]
        legacy = InMemoryEventStore()
        started = msgspec.json.encode(first)
        assert b"opening" not in started
        meta = await store.get_meta(game_id)
        await legacy.put_meta(game_id, meta | {"info": b"kept"})
        await legacy.append(
            game_id, [started], expected_version=0, command_id=None, command_digest=None
        )
        assert await rebuild_infos(legacy) == 0
        assert (await legacy.get_meta(game_id))["info"] == b"kept"

    asyncio.run(scenario())


def test_a_game_whose_info_is_lost_or_unreadable_reads_and_plays_from_its_log() -> None:
    """The info is a copy of the log's opening: lost or written wrong, the game is
    read as its log says (before, every read of it was a 404 or a 500)."""
    store = InMemoryEventStore()

    async def scenario() -> None:
        created = await GameService(store).create(
            seats=(SeatSpec(kind="human"), SeatSpec(kind="human")),
            seed=4,
            turn_time_limit_s=60,
        )
        game_id = created.game_id
        before = await GameService(store).game(game_id)
        for damaged in (b"garbage", None):
            if damaged is None:
                _lose_info(store, game_id)
            else:
                await store.put_meta(game_id, {"info": damaged})
            fresh = GameService(store)
            game = await fresh.game(game_id)
            assert game.info == before.info
            assert await fresh.seat_of(game_id, created.tokens[1]) == 1
            state = game.record.state
            command = random_player(state, state.turn, random.Random(1))
            handled = await fresh.commands.handle(game_id, state.turn, command)
            assert handled.version > game.record.version

    asyncio.run(scenario())


def test_a_table_whose_info_is_lost_keeps_its_lobby_line() -> None:
    store = InMemoryEventStore()

    async def scenario() -> None:
        seats = (SeatSpec(kind="human"), SeatSpec(kind="human", open=True))
        created = await GameService(store).create(seats=seats)
        listed = await GameService(store).lobby("waiting", 10, 0)
        _lose_info(store, created.game_id)
        assert await GameService(store).lobby("waiting", 10, 0) == listed
        assert [entry.game_id for entry in listed] == [created.game_id]

    asyncio.run(scenario())


def test_a_log_exported_without_its_info_names_the_same_seats() -> None:
    store = InMemoryEventStore()

    async def scenario() -> None:
        seats = (SeatSpec(kind="human"), SeatSpec(kind="bot", level=3))
        created = await GameService(store).create(seats=seats, seed=2)
        before = await export_log(store, created.game_id, log_header_facts)
        _lose_info(store, created.game_id)
        assert await export_log(store, created.game_id, log_header_facts) == before
        assert b'"seat_kinds":[{"kind":"human","level":null},{"kind":"bot","level":3}]' in before


def test_a_game_removed_while_its_info_is_written_leaves_no_meta_behind() -> None:
    # The workers remove expired tables and crashed imports while a rebuild runs: a
    # removal between the rebuild's read and its write left a meta holding `info`
    # alone, which keeps the id taken (an import choosing it is refused) for ever.
    store = InMemoryEventStore()

    async def scenario() -> None:
        created = await GameService(store).create(seats=(SeatSpec(kind="human"),) * 2)
        game_id = created.game_id
        await store.put_meta(game_id, {"info": b'{"preset":"forged"}'})
        read_meta = store.get_meta

        async def removed_after_the_read(wanted: str) -> dict[str, bytes]:
            meta = await read_meta(wanted)
            await store.remove_game(wanted)
            return meta

        store.get_meta = removed_after_the_read  # type: ignore[method-assign]
        await rebuild_infos(store)
        store.get_meta = read_meta  # type: ignore[method-assign]
        assert await store.get_meta(game_id) == {}
        assert [found async for found in store.meta_ids()] == []

    asyncio.run(scenario())


def _lose_info(store: InMemoryEventStore, game_id: str) -> None:
    del store._meta[game_id]["info"]  # the port deletes no one field


def test_a_lost_info_is_made_again_on_the_first_read_and_kept(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # The read that repairs it writes it back: no other read (in any process) repairs
    # it again, nor warns again.
    store = InMemoryEventStore()

    async def scenario() -> None:
        created = await GameService(store).create(seats=(SeatSpec(kind="human"),) * 2)
        game_id = created.game_id
        kept = (await store.get_meta(game_id))["info"]
        await store.put_meta(game_id, {"info": b"{not json"})
        with caplog.at_level(logging.WARNING):
            first = await GameService(store).game(game_id)
            assert (await store.get_meta(game_id))["info"] == kept
            again = await GameService(store).game(game_id)
        assert first.info == again.info
        warned = [record for record in caplog.records if game_id in record.getMessage()]
        assert len(warned) == 1, warned

    asyncio.run(scenario())
