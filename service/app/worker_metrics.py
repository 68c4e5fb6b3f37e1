"""What the workers play, counted where every API node reads it: bot turns, their
latency, turn timeouts (Prometheus text, rendered from the SharedCounters)."""

from __future__ import annotations

from bisect import bisect_left

from service.app.metrics import LATENCY_BUCKETS, format_labels, histogram_series
from service.store.ports import SharedCounters

__all__ = ["WorkerMetrics"]

_TURNS = "bot_turns"
_SECONDS = "bot_turn_seconds"
_TIMEOUTS = "turn_timeouts"
_STEP_FAILURES = "game_step_failures"
# "<step>:<game id>" -> 1 while set aside (0 once a try succeeded again).
_SET_ASIDE = "games_set_aside"
_NAMES = (_TURNS, _SECONDS, _TIMEOUTS, _STEP_FAILURES, _SET_ASIDE)


class WorkerMetrics:
    """Counts a worker adds to and /metrics renders; the totals are the SharedCounters'."""

    def __init__(self, counters: SharedCounters) -> None:
        self._counters = counters

    async def bot_turn(self, level: int, seconds: float) -> None:
        """One bot seat's turn (or knock) played by a job in `seconds`."""
        # Each observation lands in the first bucket that holds it (one past the
        # last: +Inf only); render() adds them up into cumulative buckets.
        bucket = bisect_left(LATENCY_BUCKETS, seconds)
        await self._counters.add(
            {
                _TURNS: {str(level): 1},
                _SECONDS: {f"{level}:{bucket}": 1, f"{level}:count": 1, f"{level}:sum": seconds},
            }
        )

    async def turn_timed_out(self) -> None:
        await self._counters.add({_TIMEOUTS: {"all": 1}})

    async def step_failed(self, step: str) -> None:
        """A worker's step failed on one game (reconcile, archive, league, ...)."""
        await self._counters.add({_STEP_FAILURES: {step: 1}})

    async def set_aside(self, step: str, game_id: str, *, back: bool = False) -> None:
        """A game's step failing again and again is set aside, or `back` in play."""
        await self._counters.add({_SET_ASIDE: {f"{step}:{game_id}": -1 if back else 1}})

    async def set_aside_games(self) -> list[str]:
        """The steps set aside now, as "<step>:<game id>"."""
        totals = await self._counters.totals((_SET_ASIDE,))
        return sorted(key for key, count in totals.get(_SET_ASIDE, {}).items() if count > 0)

    async def render(self) -> str:
        totals = await self._counters.totals(_NAMES)
        turns = totals.get(_TURNS, {})
        lines = [
            "# HELP rummy_bot_turns_total Bot turns (or knocks) the workers played, by level.",
            "# TYPE rummy_bot_turns_total counter",
        ]
        for level in sorted(turns, key=int):
            lines.append(
                f"rummy_bot_turns_total{format_labels(level=level)} {_number(turns[level])}"
            )
        lines += _histogram(totals.get(_SECONDS, {}))
        lines += [
            "# HELP rummy_turn_timeouts_total Turns the workers' timers timed out.",
            "# TYPE rummy_turn_timeouts_total counter",
            f"rummy_turn_timeouts_total {_number(totals.get(_TIMEOUTS, {}).get('all', 0))}",
            "# HELP rummy_game_step_failures_total A worker's steps that failed on one game.",
            "# TYPE rummy_game_step_failures_total counter",
        ]
        for step, count in sorted(totals.get(_STEP_FAILURES, {}).items()):
            lines.append(
                f"rummy_game_step_failures_total{format_labels(step=step)} {_number(count)}"
            )
        aside = sum(1 for count in totals.get(_SET_ASIDE, {}).values() if count > 0)
        lines += [
            "# HELP rummy_games_set_aside Games whose step failed again and again, set aside.",
            "# TYPE rummy_games_set_aside gauge",
            f"rummy_games_set_aside {aside}",
        ]
        return "\n".join(lines) + "\n"


def _histogram(fields: dict[str, float]) -> list[str]:
    name = "rummy_bot_turn_seconds"
    lines = [
        f"# HELP {name} How long a worker took to play a bot's turn, by level.",
        f"# TYPE {name} histogram",
    ]
    levels = sorted({field.split(":", 1)[0] for field in fields}, key=int)
    for level in levels:
        lines += histogram_series(
            name,
            {"level": level},
            [fields.get(f"{level}:{index}", 0) for index in range(len(LATENCY_BUCKETS))],
            fields.get(f"{level}:count", 0),
            fields.get(f"{level}:sum", 0.0),
            _number,
        )
    return lines


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))
