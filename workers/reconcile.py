"""After a restart: re-create the bot and timer jobs that the event logs say are due,
re-file games the lobby lists under a status they left (a crash between an
append and its lobby filing), re-enqueue the league job of every finished
game the league has not applied, deal the next hand of a game left between hands,
and remove the waiting tables long expired."""

from __future__ import annotations

import asyncio
import functools
import time

import msgspec

from domain.events import TurnDeadlineSet
from service.app.control import seats_to_act
from service.app.errors import UNREADABLE_RECORD, ServiceError
from service.app.expired_tables import long_expired, remove_if_long_expired
from service.app.games import GameService
from service.app.league.store import LeagueStore
from service.app.records import Game, GameInfo, info_decoder, lobby_status
from service.app.step_failures import StepFailures
from service.app.worker_metrics import WorkerMetrics
from service.app.writes import Write
from service.logs.half_imports import Headline, headline_pages, remove_half_written
from service.logs.import_chunks import next_deal
from service.store import EventStore, Snapshot
from workers.schedule import TurnScheduler, knock_window_length, window_end

__all__ = ["Reconciled", "reconcile", "reconcile_game"]

_PAGE = 100
# Ids alone (the lobby's sorted sets): a bigger page costs no more round trips' worth.
_IDS_PAGE = 1000


class Reconciled(msgspec.Struct, kw_only=True):
    games: int = 0
    bot_jobs: int = 0
    timer_jobs: int = 0
    refiled: int = 0
    league_jobs: int = 0
    half_imports: int = 0
    expired_tables: int = 0
    dealt: int = 0


async def reconcile(
    games: GameService,
    store: EventStore,
    scheduler: TurnScheduler,
    league: LeagueStore | None = None,
    *,
    failures: StepFailures | None = None,
    metrics: WorkerMetrics | None = None,
    now: float | None = None,
) -> Reconciled:
    """Scan the lobby's unfinished games (and, given the league, its finished
    ones); idempotent (job ids are deterministic). Then walk every game: remove the
    imports that crashed halfway, long enough ago, and the tables expired long
    enough before `now` (the time). A game that cannot be reconciled fails alone
    (`failures` keeps its back-off across calls)."""
    failures = failures or StepFailures()
    counts = Reconciled()
    if league is not None:
        counts.league_jobs = await reconcile_league(games, scheduler, league, failures, metrics)
    misfiled: list[Game] = []
    gone: list[str] = []
    for status in ("active", "waiting"):
        offset = 0
        while page := await games.filed(status, _PAGE, offset):
            for game_id in page:

                async def one(game_id: str = game_id, status: str = status) -> None:
                    try:
                        game = await games.game(game_id)
                    except ServiceError as missing:
                        if missing.code != "game_not_found":
                            raise
                        # Gone since it was filed (the index is only a cache): out of
                        # the lobby, not failed every round and named by /health.
                        gone.append(game_id)
                        return
                    if lobby_status(game) != status:
                        misfiled.append(game)
                    await reconcile_game(games, scheduler, game, counts)

                await failures.run("reconcile", game_id, one, metrics)
            offset += len(page)
    # Filed after the scan: moving a game to another status mid-scan would shift the pages.
    for game in misfiled:
        await games.file_in_lobby(game)
    for game_id in gone:
        await store.unindex_game(game_id)
    counts.refiled = len(misfiled)
    at = time.time() if now is None else now
    await _walk_every_game(games, store, scheduler, league, counts, failures, metrics, at)
    return counts


async def _filed(games: GameService) -> dict[str, set[str]]:
    """The ids the lobby files under each status (ids only: no game is read)."""
    filed: dict[str, set[str]] = {}
    for status in ("waiting", "active", "finished"):
        offset = 0
        ids = filed[status] = set()
        while page := await games.filed(status, _IDS_PAGE, offset):
            ids.update(page)
            offset += len(page)
    return filed


async def _walk_every_game(
    games: GameService,
    store: EventStore,
    scheduler: TurnScheduler,
    league: LeagueStore | None,
    counts: Reconciled,
    failures: StepFailures,
    metrics: WorkerMetrics | None,
    now: float,
) -> None:
    """One walk of the store's meta records, a page of headlines a round trip: the
    games written halfway are removed after their grace, the tables long expired
    too (service/app/expired_tables.py), and the private tables
    (never filed in the lobby: their code finds them) get their jobs, as do the
    public games the lobby never filed (a crash between a game's first append and
    its filing: the lobby's scan never sees them)."""
    filed = await _filed(games)
    # Filed as in play or finished: past the waiting for good (a line lags, never leads).
    started = filed["active"] | filed["finished"]
    every_filed = filed["waiting"] | started
    async for page in headline_pages(store, _PAGE):
        counts.half_imports += len(await remove_half_written(store, page))
        # A game half written is `remove_half_written`'s, in time: the steps below skip it.
        page = [(game_id, headline) for game_id, headline in page if _whole(headline)]
        waiting = [(game_id, headline) for game_id, headline in page if game_id not in started]
        removed = await _remove_long_expired(games, store, waiting, failures, metrics, now)
        counts.expired_tables += len(removed)
        page = [(game_id, headline) for game_id, headline in page if game_id not in removed]
        await _reconcile_private_page(
            games, scheduler, league, page, counts, failures, metrics, every_filed
        )


def _whole(headline: Snapshot) -> bool:
    """Whether the headline's game was written whole: events, its meta, no import going.
    (Its info may be lost or unreadable: a copy of its log's opening, read there.)"""
    meta = headline.meta or {}
    return headline.version > 0 and "seed" in meta and meta.get("importing") != b"1"


async def _info(games: GameService, game_id: str, headline: Snapshot) -> GameInfo:
    """The game's info from its headline, with no read of the game; from the game (its
    log's opening) when the headline's copy is lost or unreadable."""
    try:
        return info_decoder.decode((headline.meta or {})["info"])
    except UNREADABLE_RECORD:
        return (await games.game(game_id)).info


async def _remove_long_expired(
    games: GameService,
    store: EventStore,
    page: list[Headline],
    failures: StepFailures,
    metrics: WorkerMetrics | None,
    now: float,
) -> set[str]:
    """The page's tables removed for having waited expired too long (the ids)."""
    removed: set[str] = set()
    for game_id, headline in page:

        async def one(game_id: str = game_id, headline: Snapshot = headline) -> bool:
            # The creation's info alone tells most games apart, with no read of the game.
            if not long_expired(await _info(games, game_id, headline), now):
                return False
            return await remove_if_long_expired(games, store, game_id, now=now)

        if await failures.run("reconcile", game_id, one, metrics):
            removed.add(game_id)
    return removed


async def _reconcile_private_page(
    games: GameService,
    scheduler: TurnScheduler,
    league: LeagueStore | None,
    page: list[Headline],
    counts: Reconciled,
    failures: StepFailures,
    metrics: WorkerMetrics | None,
    filed: set[str],
) -> None:
    finished: list[str] = []
    for game_id, headline in page:

        async def one(game_id: str = game_id, headline: Snapshot = headline) -> None:
            private = (await _info(games, game_id, headline)).table.private
            if not private and game_id in filed:
                return  # filed in the lobby: reconciled with it
            game = await games.game(game_id)
            if not private and lobby_status(game) == "waiting":
                return  # owed no job; and an expired table leaves the lobby for good
            # A private table is filed apart from the lobby while in play (counted,
            # never listed): a filing an older release never made, or a crash lost,
            # is made here, as a public game's lost first filing is.
            await games.file_in_lobby(game)
            if lobby_status(game) == "finished":
                finished.append(game_id)
            else:
                await reconcile_game(games, scheduler, game, counts)

        await failures.run("reconcile", game_id, one, metrics)
    if league is None or not finished:
        return
    applied = await asyncio.to_thread(league.applied, finished)
    for game_id in finished:
        if game_id in applied:
            await failures.settled("league", game_id, metrics)
        else:
            scheduled = await failures.run(
                "league",
                game_id,
                functools.partial(scheduler.schedule_league, game_id, replace_done=True),
                metrics,
            )
            counts.league_jobs += bool(scheduled)


async def reconcile_game(
    games: GameService, scheduler: TurnScheduler, game: Game, counts: Reconciled
) -> None:
    game_id = game.game_id
    state = game.record.state
    if state.phase == "deal" and lobby_status(game) == "active":
        # Resting between hands, which no write leaves a game in (the service deals
        # in the append that ends a hand): an import of an older release that died
        # before its next deal. Dealt now, and its jobs made below: the reconciler's
        # service announces its appends to no scheduler.
        deal = Write(actor="service", decide=next_deal, expected_version=game.record.version)
        try:
            await games.execute(game_id, deal)
        except ServiceError as moved:
            if moved.code != "version_conflict":
                raise
            return  # dealt meanwhile
        counts.dealt += 1
        game = await games.game(game_id)
        state = game.record.state
    if state.phase not in ("draw", "play"):
        return
    counts.games += 1
    levels = game.bot_levels
    if seats_to_act(state, levels):
        # A knock window still open stays open: its end counts from the discard's time
        # (read only then).
        not_before = None
        window_s = knock_window_length(
            state,
            levels,
            window_s=scheduler.knock_window_s,
            turn_time_limit_s=game.info.turn_time_limit_s,
        )
        if window_s is not None:
            [last] = await games.log(game_id, after=game.record.version - 1, limit=1)
            not_before = window_end(last.at, window_s)
        # A bot whose turn it is must move: a job of this version that ran and left the
        # game here failed, and runs again. Bots that could only knock chose not to.
        must_move = state.turn in levels
        if await scheduler.schedule_bot(
            game_id, game.record.version, not_before=not_before, replace_done=must_move
        ):
            counts.bot_jobs += 1
    if game.info.turn_time_limit_s is None:
        return
    # The latest deadline, if its turn is still being played, wants its timer.
    for envelope in reversed(await games.log(game_id)):
        if isinstance(envelope.event, TurnDeadlineSet):
            deadline = envelope.event
            if deadline.seat == state.turn and deadline.hand_number == state.hand_number:
                added = await scheduler.schedule_timer(
                    game_id, envelope.version, deadline.deadline, replace_done=True
                )
                counts.timer_jobs += added
            return


async def reconcile_league(
    games: GameService,
    scheduler: TurnScheduler,
    league: LeagueStore,
    failures: StepFailures | None = None,
    metrics: WorkerMetrics | None = None,
) -> int:
    """Re-enqueue the league job of finished games the league has not applied:
    one look-up of the league's markers per page of the lobby's finished games."""
    failures = failures or StepFailures()
    enqueued = 0
    offset = 0
    while page := await games.filed("finished", _PAGE, offset):
        applied = await asyncio.to_thread(league.applied, page)
        for game_id in page:
            # Over: no bot or timer is owed it; applied: nor is its league job (made
            # again, it applied the result). Set aside before, it is named no more.
            await failures.settled("reconcile", game_id, metrics)
            if game_id in applied:
                await failures.settled("league", game_id, metrics)
                continue
            scheduled = await failures.run(
                "league",
                game_id,
                functools.partial(scheduler.schedule_league, game_id, replace_done=True),
                metrics,
            )
            enqueued += bool(scheduled)
        offset += len(page)
    return enqueued
