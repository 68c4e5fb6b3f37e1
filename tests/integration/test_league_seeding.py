"""Seeding the bots' ratings on a running service: a worker queues the seeding games its
ladders lack on a low-priority queue, plays each once, and takes a game's job first."""

from __future__ import annotations

from redis import Redis
from rq import SimpleWorker
from rq.job import Job
from rq.serializers import JSONSerializer

from service.app.league.records_store import open_league_store
from service.app.league.seeding import play_seeding_game, seeding_game_id
from service.runtime.settings import Settings
from service.store.embedded_redis import EmbeddedRedis
from workers.jobs import configure
from workers.queue import SEEDING_QUEUE_NAME, open_queue, seeding_job_id
from workers.seeding import queue_missing_seeding_games


def test_a_worker_queues_each_missing_seeding_game_once_and_plays_it_once(
    embedded_redis: EmbeddedRedis,
) -> None:
    url = embedded_redis.url
    Redis.from_url(url).flushall()
    configure(Settings(redis_url=url))
    seeding = open_queue(url, SEEDING_QUEUE_NAME)
    league = open_league_store(url)
    try:
        play_seeding_game(league, "duel", 0, 1)  # seeded earlier (`rummy league seed`)
        assert queue_missing_seeding_games(seeding, league, 3, presets=["duel"]) == 2
        # A second worker starting meanwhile queues nothing more.
        assert queue_missing_seeding_games(seeding, league, 3, presets=["duel"]) == 0
        assert sorted(seeding.get_job_ids()) == [
            seeding_job_id(seeding_game_id("duel", 0, number)) for number in (2, 3)
        ]
        worker = SimpleWorker([seeding], connection=seeding.connection, serializer=JSONSerializer)
        worker.work(burst=True, logging_level="WARNING")
        ids = [seeding_game_id("duel", 0, number) for number in (1, 2, 3)]
        assert league.applied(ids) == set(ids)
        figures = league.figures()
        # A restart: every game is in the league, nothing is queued or played again.
        assert queue_missing_seeding_games(seeding, league, 3, presets=["duel"]) == 0
        assert league.figures() == figures
    finally:
        seeding.connection.close()
        league.close()


def test_a_worker_takes_a_games_job_before_any_seeding_game(embedded_redis: EmbeddedRedis) -> None:
    url = embedded_redis.url
    Redis.from_url(url).flushall()
    configure(Settings(redis_url=url))
    games, seeding = open_queue(url), open_queue(url, SEEDING_QUEUE_NAME)
    league = open_league_store(url)
    try:
        assert queue_missing_seeding_games(seeding, league, 2, presets=["duel"]) == 2
        # Queued after the seeding games, a game's job (here a stand-in) still runs first.
        games.enqueue("os.getpid", job_id="a-games-job")
        worker = SimpleWorker(
            [games, seeding], connection=games.connection, serializer=JSONSerializer
        )
        worker.work(burst=True, logging_level="WARNING")
        started = {
            job_id: Job.fetch(job_id, connection=games.connection, serializer=JSONSerializer)
            for job_id in ["a-games-job", *seeding.finished_job_registry.get_job_ids()]
        }
        times = {job_id: job.started_at for job_id, job in started.items()}
        assert len(times) == 3 and None not in times.values()
        assert min(times, key=lambda job_id: str(times[job_id])) == "a-games-job"
    finally:
        games.connection.close()
        seeding.connection.close()
        league.close()
