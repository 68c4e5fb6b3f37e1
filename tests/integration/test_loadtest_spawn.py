"""`rummy loadtest --spawn` starts its own API processes and plays whole games on them."""

from __future__ import annotations

import pytest
from cluster_fixture import RedisClusterProcesses
from tool_run import run_tool

# Long (the load test's processes): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow


def test_loadtest_spawns_two_api_processes_and_plays_every_game() -> None:
    arguments = ["loadtest", "--spawn", "--api-processes", "2", "--games", "4"]
    arguments += ["--concurrency", "2", "--rounds", "1", "--no-ceiling", "--warmup-games", "0"]
    ran = run_tool("service.cli", *arguments)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "games: 4/4 finished" in ran.stdout
    assert ran.stderr.count("spawned an API process") == 2


def test_loadtest_spawns_the_api_on_a_cluster_with_its_queues_beside(
    redis_cluster: RedisClusterProcesses,
) -> None:
    arguments = ["loadtest", "--spawn", "--redis-url", redis_cluster.url, "--games", "4"]
    arguments += ["--concurrency", "2", "--rounds", "1", "--warmup-games", "0"]
    ran = run_tool("service.cli", *arguments)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "games: 4/4 finished" in ran.stdout
    assert "no ceiling on a cluster" in ran.stderr
