"""An import that dies after its log is written, before the game is whole (its next
deal, its lobby filing), is finished or removed by the reconciler: never left
visible and stuck in phase `deal`, where no seat can act. A game resting between
hands from an older release's crash is dealt its next hand by the reconciler too."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from no_jobs import NoJobs

from domain.events import DeckRevealed, HandEnded
from domain.rules import build_ruleset
from service.app.control import seats_to_act
from service.app.errors import ServiceError
from service.app.games import GameService, SeatSpec
from service.app.writes import Executed
from service.logs import transfers
from service.logs.logfile import write_log
from service.logs.transfers import GameTransfers
from service.store import EventStore, InMemoryEventStore
from service.tools.simulated_logs import simulated_log
from workers.reconcile import reconcile

GAME_ID = "ef" * 16


class Crash(Exception):
    """The process died here."""


def _crash(*args: object, **options: object) -> None:
    raise Crash


def _log_at_a_hands_end() -> bytes:
    header, envelopes = simulated_log(build_ruleset("basic", {"game_end": "hands:20"}), 2, 4, 3)
    assert isinstance(envelopes[-1].event, HandEnded | DeckRevealed)
    return write_log(header, envelopes)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _dies_at_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transfers, "next_deal", _crash)


def _dies_at_the_lobby_filing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameService, "file_in_lobby", _crash)


@pytest.mark.anyio
@pytest.mark.parametrize("dies", [_dies_at_the_deal, _dies_at_the_lobby_filing])
async def test_an_import_that_died_after_its_writes_is_finished_or_removed(
    monkeypatch: pytest.MonkeyPatch, dies: Callable[[pytest.MonkeyPatch], None]
) -> None:
    store = InMemoryEventStore()
    data = _log_at_a_hands_end()
    with monkeypatch.context() as crashing:
        dies(crashing)
        with pytest.raises(Crash):
            await GameTransfers(GameService(store), store).import_game(data, game_id=GAME_ID)
    if (await store.get_meta(GAME_ID)).get("importing") == b"1":
        await store.put_meta(GAME_ID, {"importing_since": b"0"})  # long ago
    await reconcile(GameService(store), store, NoJobs())  # type: ignore[arg-type]
    fresh = GameService(store)  # after a restart
    try:
        game = await fresh.game(GAME_ID)
    except ServiceError as gone:
        # Removed whole: the id is free again, and the log imports under it.
        assert gone.code == "game_not_found"
        assert await store.version(GAME_ID) == 0 and await store.get_meta(GAME_ID) == {}
        created = await GameTransfers(GameService(store), store).import_game(data, game_id=GAME_ID)
        game = await GameService(store).game(created.game_id)
    # Whole: dealt its next hand, a seat to act, listed in the lobby.
    assert game.record.state.phase == "draw", game.record.state.phase
    assert game.record.state.hand_number == 4
    lobby = await GameService(store).lobby("active", 10, 0)
    assert [entry.game_id for entry in lobby] == [GAME_ID]


async def _left_between_hands(monkeypatch: pytest.MonkeyPatch) -> InMemoryEventStore:
    """A store holding the import of a log ended at a hand's end as an older release
    left it: its mark cleared before it dealt, a game in sight between hands."""
    store = InMemoryEventStore()
    with monkeypatch.context() as crashing:
        _dies_at_the_deal(crashing)
        with pytest.raises(Crash):
            await GameTransfers(GameService(store), store).import_game(
                _log_at_a_hands_end(), game_id=GAME_ID
            )
    await store.put_meta(GAME_ID, {"importing": b"0"})
    return store


@pytest.mark.anyio
async def test_a_game_an_older_release_left_between_hands_is_dealt_by_the_reconciler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = await _left_between_hands(monkeypatch)
    assert (await GameService(store).game(GAME_ID)).record.state.phase == "deal"
    counts = await reconcile(GameService(store), store, NoJobs())  # type: ignore[arg-type]
    assert counts.dealt == 1
    game = await GameService(store).game(GAME_ID)
    assert (game.record.state.phase, game.record.state.hand_number) == ("draw", 4)
    # Dealt once: the next round finds nothing to deal.
    again = await reconcile(GameService(store), store, NoJobs())  # type: ignore[arg-type]
    assert again.dealt == 0


@pytest.mark.anyio
async def test_an_imported_game_dealt_at_a_bots_turn_tells_the_scheduler_the_bot_acts() -> None:
    # The import's last step is a nudge: it names who plays each seat, so the bot
    # whose turn it is gets its job at once rather than at the reconciler's next round.
    announced: list[Executed] = []

    async def hook(appended: Executed) -> None:
        announced.append(appended)

    store = InMemoryEventStore()
    games = GameService(store, on_appended=hook)
    await GameTransfers(games, store).import_game(_log_at_a_hands_end(), game_id=GAME_ID)
    [nudge] = announced
    assert nudge.state.phase == "draw" and nudge.state.hand_number == 4
    assert seats_to_act(nudge.state, nudge.bot_levels) == [nudge.state.turn]


class RecordedJobs(NoJobs):
    def __init__(self) -> None:
        self.bots: list[tuple[str, int]] = []

    async def schedule_bot(self, game_id: str, version: int, **options: object) -> bool:
        self.bots.append((game_id, version))
        return True


@pytest.mark.anyio
async def test_the_reconcilers_deal_gives_the_bot_to_act_its_job_in_the_same_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The reconciler's service announces its appends to no scheduler: the round that
    # deals schedules the dealt hand's jobs itself. Before, it returned after the
    # deal, and the bot to act waited for the next round (minutes) to get its job.
    store = await _left_between_hands(monkeypatch)
    jobs = RecordedJobs()
    counts = await reconcile(GameService(store), store, jobs)  # type: ignore[arg-type]
    game = await GameService(store).game(GAME_ID)
    assert counts.dealt == 1 and game.record.state.phase == "draw"
    assert seats_to_act(game.record.state, game.bot_levels) == [game.record.state.turn]
    assert jobs.bots == [(GAME_ID, game.record.version)]
    assert counts.bot_jobs == 1


@pytest.mark.anyio
async def test_the_reconciler_reads_no_game_in_play_to_find_the_tables_long_expired(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every game is made with the tables' expiry in its info: two days on, the info
    # alone no longer tells a table still waiting from a game in play. One the lobby
    # files as in play or finished has left the waiting for good (a lobby line may
    # lag, never lead): the reconciler does not read it again each round to see.
    from service.app import expired_tables
    from workers import reconcile as reconcile_module

    store = InMemoryEventStore()
    games = GameService(store)
    seats = [SeatSpec(kind="human"), SeatSpec(kind="bot", level=1)]
    game_id = (await games.create(seats=seats)).game_id
    assert [entry.game_id for entry in await games.lobby("active", 10, 0)] == [game_id]
    looked_at: list[str] = []

    async def looking(
        games: GameService, store: EventStore, game_id: str, **options: float
    ) -> bool:
        looked_at.append(game_id)
        return await expired_tables.remove_if_long_expired(games, store, game_id, **options)

    monkeypatch.setattr(reconcile_module, "remove_if_long_expired", looking)
    info = (await games.game(game_id)).info
    assert info.table.expires_after_s is not None
    later = info.created_ts + 30 * 24 * 3600.0
    counts = await reconcile(GameService(store), store, NoJobs(), now=later)  # type: ignore[arg-type]
    assert counts.expired_tables == 0
    assert looked_at == []
