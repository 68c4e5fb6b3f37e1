"""An import appended in bounded chunks, invisible until its last chunk is in: a
crash midway leaves no playable half game; a big log is checked off the event loop."""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool

import msgspec
import pytest
from no_jobs import NoJobs

from domain.commands import Draw
from domain.rules import build_ruleset
from service.app.errors import ServiceError
from service.app.games import GameService
from service.app.snapshots import STRIDE
from service.logs.import_chunks import SECTION_BYTES, decoded_chunks
from service.logs.logfile import LogError, read_log, write_log
from service.logs.offloop import VERIFY_IN_PLACE_BYTES, checked_log
from service.logs.transfers import GameTransfers
from service.store import AppendResult, InMemoryEventStore
from service.tools.simulated_logs import simulated_log

GAME_ID = "ab" * 16


class CrashingStore(InMemoryEventStore):
    """Records each append's size; the append numbered `crash_at` fails (a crash)."""

    def __init__(self, crash_at: int | None = None) -> None:
        super().__init__()
        self.appends: list[int] = []
        self.crash_at = crash_at

    async def append(
        self, game_id: str, events: Sequence[bytes], **options: object
    ) -> AppendResult:
        if self.crash_at is not None and len(self.appends) + 1 == self.crash_at:
            raise ConnectionError("the server went away")
        self.appends.append(len(events))
        return await super().append(game_id, events, **options)  # type: ignore[arg-type]


def _log(hands: int = 8) -> bytes:
    header, envelopes = simulated_log(build_ruleset("basic", {"game_end": "hands:20"}), 2, 4, hands)
    assert len(envelopes) > 2 * STRIDE
    return write_log(header, envelopes)


@pytest.mark.anyio
async def test_an_import_is_appended_a_stride_at_a_time() -> None:
    store = CrashingStore()
    data = _log()
    created = await GameTransfers(GameService(store), store).import_game(data, game_id=GAME_ID)
    events = data.count(b"\n") - 1
    assert created.version >= events
    assert max(store.appends) <= STRIDE
    assert sum(store.appends[: -(-events // STRIDE)]) == events
    game = await GameService(store).game(GAME_ID)
    assert game.record.version == created.version


@pytest.mark.anyio
async def test_a_half_import_is_invisible_unwritable_and_its_id_stays_taken() -> None:
    store = CrashingStore(crash_at=2)
    service = GameService(store)
    with pytest.raises(ConnectionError):
        await GameTransfers(service, store).import_game(_log(), game_id=GAME_ID)
    assert await store.version(GAME_ID) == STRIDE  # the first chunk is in
    fresh = GameService(store)  # another process, or this one after a restart
    for reader in (service, fresh):
        with pytest.raises(ServiceError) as missing:
            await reader.game(GAME_ID)
        assert missing.value.code == "game_not_found"
        with pytest.raises(ServiceError) as hidden:
            await reader.events(GAME_ID, None, after=0, wait_s=0, limit=10)
        assert hidden.value.code == "game_not_found"
        assert GAME_ID not in {entry.game_id for entry in await reader.lobby("active", 100, 0)}
        with pytest.raises(ServiceError) as refused:
            await reader.commands.handle(GAME_ID, 0, Draw())
        assert refused.value.code == "game_not_found"
    assert await store.version(GAME_ID) == STRIDE  # nothing else was written
    store.crash_at = None
    with pytest.raises(ServiceError) as taken:
        await GameTransfers(fresh, store).import_game(_log(), game_id=GAME_ID)
    assert taken.value.code == "game_exists"


@pytest.mark.anyio
async def test_a_big_log_is_checked_in_a_worker_process_and_refused_there() -> None:
    data = _log(hands=12)
    assert len(data) > VERIFY_IN_PLACE_BYTES
    header, final, count = await checked_log(data)
    assert count == data.count(b"\n") - 1 and final.hand_number >= 12
    lines = data.splitlines()
    tampered = msgspec.json.decode(lines[40])
    tampered["version"] = 999
    lines[40] = msgspec.json.encode(tampered)
    with pytest.raises(LogError) as refused:
        await checked_log(b"\n".join(lines) + b"\n")
    assert refused.value.code == "version_gap"
    assert header.seats == 2


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_a_crashed_half_import_is_removed_after_its_grace_and_its_id_freed() -> None:
    from service.logs.half_imports import IMPORT_GRACE_S, remove_half_imports

    store = CrashingStore(crash_at=2)
    with pytest.raises(ConnectionError):
        await GameTransfers(GameService(store), store).import_game(_log(), game_id=GAME_ID)
    store.crash_at = None
    started = float((await store.get_meta(GAME_ID))["importing_since"])
    # Within the grace an import may still be under way: it stays.
    assert await remove_half_imports(store, now=started + IMPORT_GRACE_S / 2) == []
    assert await store.version(GAME_ID) == STRIDE
    assert await remove_half_imports(store, now=started + IMPORT_GRACE_S) == [GAME_ID]
    assert await store.version(GAME_ID) == 0 and await store.get_meta(GAME_ID) == {}
    # The id is free again: the same log imports whole under it.
    created = await GameTransfers(GameService(store), store).import_game(_log(), game_id=GAME_ID)
    assert (await GameService(store).game(GAME_ID)).record.version == created.version


@pytest.mark.anyio
async def test_the_reconciler_removes_old_half_imports_and_keeps_whole_games() -> None:
    from workers.reconcile import reconcile

    store = CrashingStore(crash_at=2)
    with pytest.raises(ConnectionError):
        await GameTransfers(GameService(store), store).import_game(_log(), game_id=GAME_ID)
    store.crash_at = None
    await store.put_meta(GAME_ID, {"importing_since": b"0"})  # long ago
    whole = await GameTransfers(GameService(store), store).import_game(_log(), game_id="cd" * 16)

    counts = await reconcile(GameService(store), store, NoJobs())  # type: ignore[arg-type]
    assert counts.half_imports == 1
    assert await store.version(GAME_ID) == 0
    assert (await GameService(store).game(whole.game_id)).record.version == whole.version


@pytest.mark.parametrize(
    "line_end", [b"\n", b"\r\n", b"\r", b"\n\n  \n"], ids=["lf", "crlf", "cr", "blank-lines"]
)
def test_an_import_reads_the_same_events_as_the_log_reader(line_end: bytes) -> None:
    # The import splits its log a section at a time (never all 8 MiB at once);
    # the lines must be read_log's for any line end, across section cuts too.
    data = line_end.join(_log().splitlines()) + line_end
    assert len(data) > 2 * SECTION_BYTES
    chunks = list(decoded_chunks(data))
    assert all(len(chunk) == STRIDE for chunk in chunks[:-1])
    assert [envelope for chunk in chunks for envelope in chunk] == read_log(data)[1]


@pytest.mark.anyio
@pytest.mark.parametrize("writes", ["import", "creation"])
async def test_a_game_stopped_before_its_first_event_is_found_by_its_meta_and_removed(
    writes: str,
) -> None:
    from litestar.testing import AsyncTestClient

    from service.app.games import SeatSpec
    from service.http.app import create_app
    from service.logs.half_imports import IMPORT_GRACE_S, remove_half_imports

    store = CrashingStore(crash_at=1)  # the meta is written, the first append fails
    with pytest.raises(ConnectionError):
        if writes == "import":
            await GameTransfers(GameService(store), store).import_game(_log(), game_id=GAME_ID)
        else:
            await GameService(store).create(seats=(SeatSpec(kind="human"),) * 2)
    store.crash_at = None
    [game_id] = [game_id async for game_id in store.meta_ids() if len(game_id) == 32]
    start = time.time()  # the first sweep after the crash: a creation may be under way
    assert await remove_half_imports(store, now=start) == []
    assert await remove_half_imports(store, now=start + IMPORT_GRACE_S / 2) == []
    assert await remove_half_imports(store, now=start + IMPORT_GRACE_S + 1) == [game_id]
    assert await store.get_meta(game_id) == {}
    async with AsyncTestClient(create_app(store)) as client:
        assert (await client.get(f"/games/{game_id}")).status_code == 404
    # The id is free again: a valid log imports under it (as `rummy import --game-id`
    # may: a client's chosen id is never of the kind a creation draws).
    imported = await GameTransfers(GameService(store), store).import_game(_log(), game_id=game_id)
    assert imported.game_id == game_id


class _DyingPool:
    """A pool whose checking process has died: every log sent to it breaks it."""

    def submit(self, *args: object, **kwargs: object) -> None:
        raise BrokenProcessPool("a child process terminated abruptly")


@pytest.mark.anyio
async def test_a_big_log_whose_checker_dies_twice_is_a_503_and_writes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from litestar.testing import AsyncTestClient

    from service.http.app import create_app
    from service.logs import offloop

    pools: list[_DyingPool] = []
    monkeypatch.setattr(offloop, "_pool", lambda: pools.append(_DyingPool()) or pools[-1])
    store = InMemoryEventStore()
    async with AsyncTestClient(create_app(store)) as client:
        answer = await client.post(
            f"/games/import?game_id={GAME_ID}",
            content=_log(hands=12),
            headers={"content-type": "application/x-ndjson"},
        )
        assert answer.status_code == 503, answer.text
        assert answer.headers["content-type"].startswith("application/problem+json")
        assert answer.json()["code"] == "import_unavailable"
        assert "retry-after" in answer.headers
        # Tried once more on a new pool, then given up: no game, its id still free.
        assert len(pools) == 2
        assert await store.get_meta(GAME_ID) == {}
        assert (await client.get(f"/games/{GAME_ID}")).status_code == 404
