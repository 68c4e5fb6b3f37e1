"""The worker supervisor: a worker that exits is started again, each time later; stop ends it."""

from __future__ import annotations

import os
import sys
import time

import pytest

from workers.supervisor import STOP_TIMEOUT_S, WorkerSupervisor, rummy_worker_command

EXITS_AT_ONCE = [sys.executable, "-c", "raise SystemExit(3)"]
RUNS_ON = [sys.executable, "-c", "import time; time.sleep(60)"]


def _until(predicate, timeout_s: float = 10.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def test_a_worker_that_exits_is_started_again_after_a_growing_delay() -> None:
    supervisor = WorkerSupervisor(EXITS_AT_ONCE, first_delay_s=0.05).start()
    try:
        # Delays 0.05, 0.1, 0.2 s: three restarts well within the timeout.
        assert _until(lambda: supervisor.restarts >= 3)
    finally:
        supervisor.stop()
    stopped_at = supervisor.restarts
    time.sleep(0.3)
    assert supervisor.restarts == stopped_at  # no restart after stop


def test_stop_ends_a_running_worker_and_starts_no_other() -> None:
    supervisor = WorkerSupervisor(RUNS_ON, first_delay_s=0.01).start()
    assert _until(lambda: supervisor.pid is not None)
    pid = supervisor.pid
    started = time.monotonic()
    supervisor.stop()
    # SIGTERM ends it: a kill would come only after STOP_TIMEOUT_S.
    assert time.monotonic() - started < STOP_TIMEOUT_S
    assert supervisor.pid == pid and supervisor.restarts == 0
    assert pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # ended and reaped


def test_the_worker_command_points_at_both_redis_urls() -> None:
    command = rummy_worker_command("redis://a:1/0", "redis://b:2/0")
    assert command[1:] == [
        "-m",
        "service.cli",
        "worker",
        "--redis-url",
        "redis://a:1/0",
        "--rq-redis-url",
        "redis://b:2/0",
    ]
    assert "--rq-redis-url" not in rummy_worker_command("redis://a:1/0", None)
    # The seeding games `serve` was told to want (its flag or LEAGUE_SEED_GAMES).
    assert rummy_worker_command("redis://a:1/0", None, league_seed_games=0)[-2:] == [
        "--league-seed-games",
        "0",
    ]
