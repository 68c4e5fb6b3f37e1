"""The figures of a load run: requests of one kind tallied, and their rate and percentiles."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

__all__ = ["Figures", "Tally", "percentile"]

# Enough to show what went wrong without flooding the report.
_ERROR_SAMPLES = 5


@dataclass(frozen=True)
class Figures:
    """Rate and latency of one kind of request over a phase."""

    count: int
    per_s: float
    p50_ms: float
    p99_ms: float
    max_ms: float

    def line(self, unit: str) -> str:
        return (
            f"{self.per_s:8.1f} {unit}/s  p50 {self.p50_ms:6.1f} ms  "
            f"p99 {self.p99_ms:6.1f} ms  max {self.max_ms:6.1f} ms  (n={self.count})"
        )


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending list (0.0 for an empty one)."""
    if not sorted_values:
        return 0.0
    rank = max(1, min(len(sorted_values), int(-(-fraction * len(sorted_values) // 1))))
    return sorted_values[rank - 1]


@dataclass
class Tally:
    """Requests of one kind: the latencies of those answered, and what went wrong."""

    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    transport_errors: int = 0
    error_samples: list[str] = field(default_factory=list)

    @property
    def server_errors(self) -> int:
        return sum(count for status, count in self.statuses.items() if status >= 500)

    @property
    def client_errors(self) -> int:
        return sum(count for status, count in self.statuses.items() if 400 <= status < 500)

    def note_error(self, text: str) -> None:
        if len(self.error_samples) < _ERROR_SAMPLES:
            self.error_samples.append(text)

    def rate(self, elapsed_s: float) -> float:
        """Answered requests per second over `elapsed_s`."""
        return len(self.latencies) / elapsed_s if elapsed_s > 0 else 0.0

    def figures(self, elapsed_s: float) -> Figures:
        ordered = sorted(self.latencies)
        return Figures(
            count=len(ordered),
            per_s=self.rate(elapsed_s),
            p50_ms=percentile(ordered, 0.50) * 1000,
            p99_ms=percentile(ordered, 0.99) * 1000,
            max_ms=(ordered[-1] if ordered else 0.0) * 1000,
        )
