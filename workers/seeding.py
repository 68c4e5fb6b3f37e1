"""A worker's share of seeding the bots' ratings: queue the seeding games a ladder lacks.

On start, a worker counts each preset's seeding games the league holds
(`seed-<preset>-0-<n>` for n up to LEAGUE_SEED_GAMES) and queues one job per
missing game on the seeding queue, which a process of its own plays at the
lowest CPU priority (`seeding_process.py`). Job ids follow the game ids, so
workers starting together queue each game once; a job still waiting or
running on a live process is left alone, one that failed or whose process
died is queued again.
The job itself skips a game the league has (a restart, `rummy league seed`
run meanwhile), so nothing is played twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from rq import Queue

from domain.rules import PRESETS
from service.app.league.seeding import SEED, missing_seeding_games, seeding_game_id
from service.app.league.store import LeagueStore
from workers.queue import ensure_job, seeding_job_id

__all__ = ["SEEDING_JOB", "queue_missing_seeding_games"]

SEEDING_JOB = "workers.jobs.league_seeding_game"


def queue_missing_seeding_games(
    queue: Queue, league: LeagueStore, games: int, presets: Iterable[str] = tuple(PRESETS)
) -> int:
    """Queue every seeding game up to `games` a preset's ladder lacks; how many were queued
    (games queued already, by another worker or an earlier start, not counted)."""
    queued = 0
    for preset in presets:
        for number in missing_seeding_games(league, preset, SEED, games):
            job_id = seeding_job_id(seeding_game_id(preset, SEED, number))
            args = [preset, SEED, number]
            queued += ensure_job(queue, job_id, SEEDING_JOB, args, replace_done=True)
    return queued
