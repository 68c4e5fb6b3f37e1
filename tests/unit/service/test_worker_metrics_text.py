"""What the workers count renders as Prometheus text: bot turns by level, their
latency histogram, turn timeouts; the series exist before the first observation."""

from __future__ import annotations

import anyio
from prometheus_text import parse, value

from service.app.worker_metrics import WorkerMetrics
from service.store.shared_counters import InMemorySharedCounters


def _rendered(observe: list[tuple[int, float]], timeouts: int) -> str:
    metrics = WorkerMetrics(InMemorySharedCounters())

    async def scenario() -> str:
        for level, seconds in observe:
            await metrics.bot_turn(level, seconds)
        for _ in range(timeouts):
            await metrics.turn_timed_out()
        return await metrics.render()

    return anyio.run(scenario)


def test_bot_turns_count_by_level_into_cumulative_buckets() -> None:
    samples = parse(_rendered([(1, 0.004), (1, 0.03), (4, 0.2), (4, 30.0)], timeouts=2))
    assert value(samples, "rummy_bot_turns_total", level="1") == 2
    assert value(samples, "rummy_bot_turns_total", level="4") == 2
    bucket = "rummy_bot_turn_seconds_bucket"
    assert value(samples, bucket, level="1", le="0.005") == 1
    assert value(samples, bucket, level="1", le="0.05") == 2
    assert value(samples, bucket, level="4", le="0.25") == 1
    assert value(samples, bucket, level="4", le="10.0") == 1
    assert value(samples, bucket, level="4", le="+Inf") == 2
    assert value(samples, "rummy_bot_turn_seconds_count", level="4") == 2
    assert value(samples, "rummy_bot_turn_seconds_sum", level="4") == 30.2
    assert value(samples, "rummy_turn_timeouts_total") == 2


def test_nothing_played_yet_still_declares_every_family() -> None:
    text = _rendered([], timeouts=0)
    samples = parse(text)
    assert "# TYPE rummy_bot_turns_total counter" in text
    assert "# TYPE rummy_bot_turn_seconds histogram" in text
    assert "# TYPE rummy_game_step_failures_total counter" in text
    assert samples == {
        ("rummy_turn_timeouts_total", frozenset()): 0,
        ("rummy_games_set_aside", frozenset()): 0,
    }
