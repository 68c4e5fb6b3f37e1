"""Seeding the bots' ratings on a running service: a worker queues the seeding games its
ladders lack, and a process of its own at niceness 19 plays each once; the worker plays
none (a game's job never waits behind one), and stops that process when it stops."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from redis import Redis
from rq.job import Job
from rq.serializers import JSONSerializer
from worker_process import kill_group, start_worker, wait_for

from domain.rules import PRESETS
from service.app.league.records_store import open_league_store
from service.app.league.seeding import SEED, play_seeding_game, seeding_game_id
from service.runtime.settings import Settings
from service.store.embedded_redis import EmbeddedRedis
from service.tools.serve_process import alive, children_of
from workers.jobs import configure
from workers.queue import SEEDING_QUEUE_NAME, open_queue, seeding_job_id
from workers.rq_worker import PromptWorker
from workers.seeding import queue_missing_seeding_games
from workers.seeding_process import SEEDING_NICENESS

# Seeding games take about half a second each, at the lowest priority on 2 busy cores.
SEEDED_WITHIN_S = 120.0
# Workers started and stopped, games at nice 19: handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow


def test_a_worker_queues_each_missing_seeding_game_once_and_it_is_played_once(
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
        worker = PromptWorker([seeding], connection=seeding.connection, serializer=JSONSerializer)
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


Worker = Callable[..., subprocess.Popen[bytes]]


@pytest.fixture
def worker(embedded_redis: EmbeddedRedis, tmp_path: Path) -> Iterator[Worker]:
    """Starts a real `rummy worker --redis-url <the test Redis> *flags` in a session of
    its own, its output in tmp_path/worker.log; ends what is left of its group after."""
    started: list[subprocess.Popen[bytes]] = []

    def start(*flags: str) -> subprocess.Popen[bytes]:
        started.append(start_worker(embedded_redis.url, tmp_path / "worker.log", *flags))
        return started[-1]

    try:
        yield start
    finally:
        for process in started:
            kill_group(process)


def _seeding_process(worker_pid: int) -> int | None:
    found = [pid for pid, command in children_of(worker_pid).items() if "--seeding" in command]
    return found[0] if found else None


def _stat(pid: int) -> list[str]:
    """/proc/<pid>/stat's fields after the command name: state, ppid, pgrp, ... nice (16)."""
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()


def _seeding_ids(games: int) -> list[str]:
    return [seeding_game_id(p, SEED, n) for p in PRESETS for n in range(1, games + 1)]


def test_the_worker_plays_no_seeding_game_and_its_process_at_nice_19_plays_them(
    embedded_redis: EmbeddedRedis, worker: Worker, tmp_path: Path
) -> None:
    url = embedded_redis.url
    Redis.from_url(url).flushall()
    # One game a preset: four games, each played by the seeding process, none by the worker.
    process = worker("--league-seed-games", "1", "--name", "game-worker")
    wait_for(lambda: _seeding_process(process.pid), 120, "the seeding process")
    seeder = _seeding_process(process.pid)
    assert seeder is not None
    with contextlib.suppress(FileNotFoundError):  # it may be done already
        stat = _stat(seeder)
        # The lowest priority, in its worker's process group (`serve` ends the group).
        assert (int(stat[16]), int(stat[2])) == (SEEDING_NICENESS, process.pid)
    league = open_league_store(url)
    seeding = open_queue(url, SEEDING_QUEUE_NAME)
    try:
        ids = _seeding_ids(1)
        wait_for(lambda: league.applied(ids) == set(ids), SEEDED_WITHIN_S, "the seeding games")
        wait_for(lambda: not alive(seeder), 120, "the seeding process to end with its queue")
        played_by = {
            Job.fetch(job_id, connection=seeding.connection, serializer=JSONSerializer).worker_name
            for job_id in seeding.finished_job_registry.get_job_ids()
        }
        assert len(played_by) == 1 and "game-worker" not in played_by
    finally:
        league.close()
        seeding.connection.close()
    process.terminate()
    assert process.wait(120) == 0
    log = (tmp_path / "worker.log").read_text()
    assert f"league seeding: {len(ids)} games queued, {len(ids)} waiting" in log
    assert f"league seeding: process {seeder} plays the {len(ids)} queued seeding games" in log
    assert f"league seeding: {len(ids)} seeding games done" in log
    assert f"league seeding: its process {seeder} ended (exit 0)" in log


def _killed_mid_game(seeder: int, started: Any) -> str:
    """Kills the seeding process in the middle of a game (the OOM killer, say): the
    game it was playing. Stopped first, so that the game read is the one it plays when
    killed; stopped between two games (a loaded machine), it goes on and is caught in
    its next one."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        wait_for(lambda: started.get_job_ids(), 120, "a seeding game to start")
        os.kill(seeder, signal.SIGSTOP)
        playing = started.get_job_ids()
        if len(playing) == 1:
            os.kill(seeder, signal.SIGKILL)
            return str(playing[0])
        os.kill(seeder, signal.SIGCONT)
        time.sleep(0.05)
    raise AssertionError("the seeding process was never caught in a game")


def test_a_seeding_process_stops_with_its_worker_and_a_game_it_lost_is_played_later(
    embedded_redis: EmbeddedRedis, worker: Worker, tmp_path: Path
) -> None:
    url = embedded_redis.url
    Redis.from_url(url).flushall()
    seeding = open_queue(url, SEEDING_QUEUE_NAME)
    league = open_league_store(url)
    try:
        first = worker("--league-seed-games", "2")
        wait_for(lambda: _seeding_process(first.pid), 120, "the seeding process")
        seeder = _seeding_process(first.pid)
        assert seeder is not None
        lost = _killed_mid_game(seeder, seeding.started_job_registry)
        # The worker's sweep puts the game back on the seeding queue.
        log = tmp_path / "worker.log"
        wait_for(lambda: lost in seeding.get_job_ids(), 120, f"{lost} to be queued again", log)
        first.terminate()
        assert first.wait(120) == 0
        # The next start plays it; a worker asked to stop stops its seeding process.
        second = worker("--league-seed-games", "2")
        wait_for(lambda: _seeding_process(second.pid), 120, "the next seeding process")
        seeder = _seeding_process(second.pid)
        assert seeder is not None
        playing = f"league seeding: process {seeder} plays"
        wait_for(lambda: playing in log.read_text(), 120, "the seeding process to play")
        second.terminate()
        assert second.wait(120) == 0
        assert not alive(seeder)
        third = worker("--league-seed-games", "2")
        ids = _seeding_ids(2)
        wait_for(lambda: league.applied(ids) == set(ids), SEEDED_WITHIN_S, "the seeding games")
        third.terminate()
        assert third.wait(120) == 0
    finally:
        league.close()
        seeding.connection.close()
    log = (tmp_path / "worker.log").read_text()
    assert "ended (killed by SIGKILL)" in log
    assert f"league seeding: process {seeder} stopped" in log
