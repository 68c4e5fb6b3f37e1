"""A worker's seeding process: its end is told once, as what it was (ended by itself,
or stopped), whichever thread sees it first."""

from __future__ import annotations

import sys
import time

import pytest

from service.tools.serve_process import alive
from workers.seeding_process import SeedingProcess


def test_a_process_that_ended_by_itself_is_told_so_when_stopped_before_its_watcher_woke(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The watcher late (a loaded machine): the worker stops with its seeding process
    # already ended but not yet reaped, as `test_league_seeding` saw once.
    watch = SeedingProcess._watch

    def late(self: SeedingProcess) -> None:
        time.sleep(0.5)
        watch(self)

    monkeypatch.setattr(SeedingProcess, "_watch", late)
    seeding = SeedingProcess([sys.executable, "-c", "pass"])
    deadline = time.monotonic() + 30
    while alive(seeding.pid):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    seeding.stop()
    told = capsys.readouterr().err.splitlines()
    assert told == [f"league seeding: its process {seeding.pid} ended (exit 0)"]


def test_a_process_stopped_while_it_runs_is_told_stopped_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seeding = SeedingProcess([sys.executable, "-c", "import time; time.sleep(60)"])
    seeding.stop()
    told = capsys.readouterr().err.splitlines()
    assert told == [f"league seeding: process {seeding.pid} stopped (killed by SIGTERM)"]
