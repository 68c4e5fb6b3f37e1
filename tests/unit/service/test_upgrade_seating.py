"""`rummy upgrade` on tables the previous release seated in its meta record: a waiting
table's claims and reservations become the log's events, a dealt table's holders keep
their tokens by seat, the old fields go, a run that stopped midway is finished by the
next one (no event twice), and a game of today is left alone."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any

import anyio
import pytest

from domain.opening import SeatSpec
from service.app.envelope import decode_envelope
from service.app.games import GameService
from service.app.players import Player
from service.app.tokens import new_token, token_hash
from service.app.upgrade import legacy_fields, upgrade
from service.app.writes import Write
from service.logs.claims import check_claims
from service.logs.logfile import SeatKind, export_log, read_log
from service.logs.transfers import log_header_facts
from service.logs.verify import verify_log
from service.store import InMemoryEventStore
from service.store.archive_files import InMemoryGameArchive
from service.store.base import ArchivedGame

HOST = "a" * 32
BOB = "b" * 32
CY = "c" * 32
OPEN = SeatSpec(kind="human", open=True)
SEATS = (SeatSpec(kind="human"), OPEN, OPEN)


def _player(player_id: str, name: str) -> Player:
    return Player(player_id=player_id, name=name, guest=True, created_at="2026-12-06T00:00:00Z")


def _run(scenario: Callable[[], Awaitable[Any]]) -> Any:
    return anyio.run(scenario)


async def _event_types(store: InMemoryEventStore, game_id: str) -> list[str]:
    return [type(decode_envelope(e.data).event).__name__ for e in await store.read(game_id)]


async def _previous_release_table(store: InMemoryEventStore) -> tuple[str, str]:
    """A waiting table as the previous release kept it: seat 1 claimed by Bob (the
    claim's token hash as `claimed:1`, his name under `holder:<hash>`), seat 2 kept for
    Cy, its host in `host`; its log is the table's opening alone. Bob's token."""
    games = GameService(store)
    created = await games.create(seats=SEATS)
    game_id = created.game_id
    token = new_token()
    digest = token_hash(token)
    await store.put_meta(
        game_id,
        {
            "claimed:1": digest.encode(),
            f"holder:{digest}": f"{BOB}\nBob".encode(),
            f"seated:{BOB}@0": b"1",
            "reserved:2": CY.encode(),
            "host": HOST.encode(),
            "waiting": b"1",
        },
    )
    await store.remove_meta_fields(game_id, ["seating"])  # that release kept no copy
    return game_id, token


def test_a_waiting_tables_claim_and_reservation_become_events() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        game_id, token = await _previous_release_table(store)
        done = await upgrade(store)
        assert (done.games, done.events) == (1, 2)
        meta = await store.get_meta(game_id)
        assert legacy_fields(meta) == []
        types = await _event_types(store, game_id)
        assert types[-2:] == ["SeatClaimed", "SeatReserved"]
        games = GameService(store)
        assert await games.seat_of(game_id, token) == 1
        facts = await games.fresh_facts(game_id)
        assert (facts.players, facts.names, facts.reserved) == ({1: BOB}, {1: "Bob"}, {2: CY})
        assert facts.waiting and facts.host == HOST
        assert (await games.game(game_id)).open_seats == (2,)
        # Cy claims the seat kept for her: the last one, the table is dealt.
        await games.claim(game_id, 2, _player(CY, "Cy"))
        assert (await games.game(game_id)).record.state.hand_number == 1

    _run(scenario)


def test_a_run_stopped_before_its_last_step_is_finished_by_the_next_without_a_second_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        game_id, token = await _previous_release_table(store)
        remove = store.remove_meta_fields

        async def crash(game: str, fields: Collection[str]) -> None:
            raise ConnectionError("the store went away")

        monkeypatch.setattr(store, "remove_meta_fields", crash)
        stopped = await upgrade(store)
        assert stopped.failed == [game_id]
        monkeypatch.setattr(store, "remove_meta_fields", remove)
        version = await store.version(game_id)
        done = await upgrade(store)
        assert (done.games, done.events) == (1, 0)
        assert await store.version(game_id) == version
        assert legacy_fields(await store.get_meta(game_id)) == []
        assert await GameService(store).seat_of(game_id, token) == 1
        again = await upgrade(store)
        assert (again.games, again.events, again.failed) == (0, 0, [])

    _run(scenario)


def test_a_dealt_tables_holders_keep_their_tokens_and_names_by_seat() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        games = GameService(store)
        created = await games.create(seats=(SeatSpec(kind="human"), OPEN))
        game_id = created.game_id
        token = new_token()
        digest = token_hash(token)
        fields = {"claimed:1": digest.encode(), f"holder:{digest}": f"{BOB}\nBob".encode()}
        await store.put_meta(game_id, fields)
        # Its deal, as this release deals a table whose every seat is taken.
        await games.execute(
            game_id, Write(actor="service", decide=lambda game: games.first_deal(game, None))
        )
        version = await store.version(game_id)
        await upgrade(store)
        assert await store.version(game_id) == version  # a dealt log takes no claim
        meta = await store.get_meta(game_id)
        assert legacy_fields(meta) == []
        assert meta[f"token:{digest}"] == b"1"
        fresh = GameService(store)
        assert await fresh.seat_of(game_id, token) == 1
        game = await fresh.game(game_id)
        assert (game.players, game.names, game.open_seats) == ({1: BOB}, {1: "Bob"}, ())
        assert 1 in game.claimed

    _run(scenario)


def test_a_game_of_today_is_left_alone() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        games = GameService(store)
        waiting = (await games.create(seats=SEATS)).game_id
        await games.claim(waiting, 1, _player(BOB, "Bob"))
        dealt = (await games.create(seats=(SeatSpec(kind="human"),) * 2)).game_id
        before = {game_id: await store.get_meta(game_id) for game_id in (waiting, dealt)}
        versions = {game_id: await store.version(game_id) for game_id in (waiting, dealt)}
        done = await upgrade(store)
        assert (done.games, done.archived, done.events, done.tokens) == (0, 0, 0, 0)
        for game_id in (waiting, dealt):
            assert await store.get_meta(game_id) == before[game_id]
            assert await store.version(game_id) == versions[game_id]

    _run(scenario)


def test_an_archived_games_meta_is_upgraded_in_its_file_and_its_token_key_moved() -> None:
    """A finished game archived by the previous release: its file's meta in today's
    form (the claim's token by seat), its token's game under today's key."""

    async def scenario() -> None:
        store = InMemoryEventStore()
        games = GameService(store)
        game_id = (await games.create(seats=(SeatSpec(kind="human"), OPEN))).game_id
        token = new_token()
        digest = token_hash(token)
        await games.execute(
            game_id, Write(actor="service", decide=lambda game: games.first_deal(game, None))
        )
        events = tuple(stored.data for stored in await store.read(game_id))
        meta = await store.get_meta(game_id) | {
            "claimed:1": digest.encode(),
            f"holder:{digest}": f"{BOB}\nBob".encode(),
        }
        await store.remove_game(game_id)
        archive = InMemoryGameArchive()
        archive.put(ArchivedGame(game_id=game_id, events=events, meta=meta))
        # The previous release's token key: the meta of a pseudo game id.
        await store.put_meta("t_" + digest[:62], {"game": game_id.encode()})

        done = await upgrade(store, archive)
        assert (done.archived, done.tokens) == (1, 1)
        upgraded = archive.get(game_id)
        assert upgraded is not None and upgraded.events == events
        assert legacy_fields(upgraded.meta) == []
        assert upgraded.meta[f"token:{digest}"] == b"1"
        assert (upgraded.meta["player:1"], upgraded.meta["name:1"]) == (BOB.encode(), b"Bob")
        assert await store.token_owner(digest) == game_id
        assert [meta_id async for meta_id in store.meta_ids()] == []
        again = await upgrade(store, archive)
        assert (again.archived, again.tokens) == (0, 0) and archive.puts == 2

    _run(scenario)


def test_a_fill_an_older_release_kept_in_its_meta_is_exported_as_the_log_says() -> None:
    """A dealt table whose start's fill an older release kept in its meta (`filled:2`):
    upgraded, its log says it (after the deal), and its export names that seat's bot in
    the header, so an import's checks take the log back."""

    async def scenario() -> None:
        store = InMemoryEventStore()
        games = GameService(store)
        game_id = (await games.create(seats=(SeatSpec(kind="human"), OPEN, OPEN))).game_id
        await games.claim(game_id, 1, _player(BOB, "Bob"))
        await store.put_meta(game_id, {"claimed:2": b"bot", "filled:2": b"3"})
        await games.execute(
            game_id, Write(actor="service", decide=lambda game: games.first_deal(game, None))
        )
        assert (await upgrade(store)).events == 1
        assert (await GameService(store).game(game_id)).bot_levels == {2: 3}
        header, envelopes = read_log(await export_log(store, game_id, log_header_facts))
        assert header.seat_kinds[2] == SeatKind("bot", 3)
        verify_log(header, envelopes)
        check_claims(header, envelopes, time.time())

    _run(scenario)


@pytest.mark.parametrize(
    "fields",
    [
        {"claimed:2": b"bot", "filled:2": b"0"},  # no bot level
        {"claimed:2": b"bot", "filled:2": b"-3"},
        {"claimed:2": b"bot", "filled:2": b"99"},
        {"filled:-1": b"2"},  # no seat: -1 is the last seat to Python
        {"claimed:-1": ("d" * 64).encode()},
        {"claimed:\u0661": ("d" * 64).encode()},  # int() reads other scripts' digits
        {"host": b"\xff\xfe"},  # copied as it was, it failed every read of the game
        {"host": b"not a player"},
    ],
)
def test_a_value_no_release_wrote_fails_its_games_upgrade_and_writes_nothing(
    fields: dict[str, bytes],
) -> None:
    """A legacy field whose seat, bot level or player is out of its range is refused:
    the game is left as it was (named in `failed`, the run goes on), rather than a
    `seat_filled` at seat -1 or of level 0 in its log for good, a token opening seat
    -1 (another seat's hand), or a host field no read of the game gets past."""

    async def scenario() -> None:
        store = InMemoryEventStore()
        games = GameService(store)
        game_id = (await games.create(seats=(SeatSpec(kind="human"), OPEN, OPEN))).game_id
        await games.claim(game_id, 1, _player(BOB, "Bob"))
        await games.execute(
            game_id, Write(actor="service", decide=lambda game: games.first_deal(game, None))
        )
        other = (await games.create(seats=SEATS)).game_id
        await store.put_meta(other, {"waiting": b"1"})
        await store.put_meta(game_id, fields)
        before = await store.get_meta(game_id)
        version = await store.version(game_id)
        done = await upgrade(store)
        assert done.failed == [game_id]
        assert done.games == 1  # the other game
        assert await store.version(game_id) == version
        assert await store.get_meta(game_id) == before
        fresh = GameService(store)
        game = await fresh.game(game_id)
        assert all(0 < (c.level or 1) < 5 for c in game.record.controllers)
        await fresh.fresh_facts(game_id)

    _run(scenario)
