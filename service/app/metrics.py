"""Prometheus metrics in the text exposition format: a few counters and one histogram."""

from __future__ import annotations

import re
import time
from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["LATENCY_BUCKETS", "Metrics", "format_labels", "histogram_series", "metrics_middleware"]

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


def format_labels(**labels: str) -> str:
    """Prometheus labels, `{name="value",...}`, their values escaped."""
    escaped = (
        f'{name}="{value.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"'
        for name, value in labels.items()
    )
    return "{" + ",".join(escaped) + "}"


def histogram_series(
    name: str,
    labels: dict[str, str],
    in_bucket: Sequence[float],
    count: float,
    total: float,
    number: Callable[[float], str] = str,
) -> list[str]:
    """One label set's samples of a LATENCY_BUCKETS histogram: the cumulative buckets
    (from each bucket's own count, `in_bucket`), +Inf, the sum and the count."""
    lines = []
    cumulative: float = 0
    for bound, own in zip(LATENCY_BUCKETS, in_bucket, strict=True):
        cumulative += own
        lines.append(f"{name}_bucket{format_labels(**labels, le=repr(bound))} {number(cumulative)}")
    lines.append(f"{name}_bucket{format_labels(**labels, le='+Inf')} {number(count)}")
    lines.append(f"{name}_sum{format_labels(**labels)} {total}")
    lines.append(f"{name}_count{format_labels(**labels)} {number(count)}")
    return lines


class Metrics:
    """The service's counters; one instance per app, rendered by GET /metrics."""

    def __init__(self) -> None:
        self.requests: Counter[tuple[str, str, int]] = Counter()
        self.commands: Counter[str] = Counter()
        self.conflicts: Counter[str] = Counter()
        self._latency_buckets: Counter[tuple[str, int]] = Counter()  # (route, bucket index)
        self._latency_sum: defaultdict[str, float] = defaultdict(float)
        self._latency_count: Counter[str] = Counter()
        # Gauges read when rendered (active games, queue depth), set by whoever knows them.
        self.gauges: dict[str, tuple[str, float]] = {}
        # Live channels open now, by kind: long_poll, sse, websocket.
        self.watchers: Counter[str] = Counter({"long_poll": 0, "sse": 0, "websocket": 0})

    @contextmanager
    def watching(self, kind: str) -> Iterator[None]:
        """Count one live watcher of `kind` while the block runs."""
        self.watchers[kind] += 1
        try:
            yield
        finally:
            self.watchers[kind] -= 1

    def observe_request(
        self, method: str, route: str, status: int, seconds: float, *, live: bool = False
    ) -> None:
        self.requests[(method, route, status)] += 1
        if live:
            return
        # Counted in the first bucket that holds it (one past the last: +Inf
        # only); render() adds them up into Prometheus's cumulative buckets.
        self._latency_buckets[(route, bisect_left(LATENCY_BUCKETS, seconds))] += 1
        self._latency_sum[route] += seconds
        self._latency_count[route] += 1

    def command_accepted(self, kind: str) -> None:
        self.commands[kind] += 1

    def conflict(self, code: str) -> None:
        self.conflicts[code] += 1

    def render(self) -> str:
        lines = [
            "# HELP rummy_http_requests_total HTTP requests by method, route and status.",
            "# TYPE rummy_http_requests_total counter",
        ]
        for (method, route, status), count in sorted(self.requests.items()):
            labels = format_labels(method=method, route=route, status=str(status))
            lines.append(f"rummy_http_requests_total{labels} {count}")
        lines += [
            "# HELP rummy_commands_total Commands accepted, by type.",
            "# TYPE rummy_commands_total counter",
        ]
        for kind, count in sorted(self.commands.items()):
            lines.append(f"rummy_commands_total{format_labels(type=kind)} {count}")
        lines += [
            "# HELP rummy_conflicts_total Commands refused by a conflict, by code.",
            "# TYPE rummy_conflicts_total counter",
        ]
        for code, count in sorted(self.conflicts.items()):
            lines.append(f"rummy_conflicts_total{format_labels(code=code)} {count}")
        lines += [
            "# HELP rummy_live_watchers Live channels open now, by kind.",
            "# TYPE rummy_live_watchers gauge",
        ]
        for kind, count in sorted(self.watchers.items()):
            lines.append(f"rummy_live_watchers{format_labels(kind=kind)} {count}")
        for name, (text, value) in sorted(self.gauges.items()):
            lines += [f"# HELP {name} {text}", f"# TYPE {name} gauge", f"{name} {value:g}"]
        lines += self._render_latency()
        return "\n".join(lines) + "\n"

    def set_gauge(self, name: str, text: str, value: float) -> None:
        self.gauges[name] = (text, value)

    def _render_latency(self) -> list[str]:
        name = "rummy_http_request_duration_seconds"
        lines = [
            f"# HELP {name} HTTP request latency by route.",
            f"# TYPE {name} histogram",
        ]
        for route in sorted(self._latency_count):
            lines += histogram_series(
                name,
                {"route": route},
                [self._latency_buckets[(route, index)] for index in range(len(LATENCY_BUCKETS))],
                self._latency_count[route],
                self._latency_sum[route],
            )
        return lines


def _route_of(scope: Scope, known: dict[object, str]) -> str:
    # The route template, not the raw path: game ids would explode the label set.
    # The router's full template (a mounted router's handlers, like /schema's, know
    # only their own tail), worked out once per template (`known`).
    template = scope.get("path_template")
    handler = scope.get("route_handler")
    key = template if template is not None else handler
    route = known.get(key)
    if route is None:
        paths = [template] if template is not None else getattr(handler, "paths", None)
        route = re.sub(r":\w+}", "}", sorted(paths)[0]) if paths else "unmatched"
        known[key] = route
    return route


# Live channels wait for news by design: their durations would drown the histogram.
_LIVE_ROUTES = frozenset({"/games/{game_id}/events/stream", "/games/{game_id}/live"})
_LONG_POLL_ROUTE = "/games/{game_id}/events"
_WAITING = re.compile(rb"(?:^|&)wait=(?!0*(?:\.0*)?(?:&|$))")


def is_live(route: str, query_string: bytes) -> bool:
    """Whether a request is a live channel: a stream, a socket, or a long poll that waits."""
    if route in _LIVE_ROUTES:
        return True
    return route == _LONG_POLL_ROUTE and _WAITING.search(query_string) is not None


def metrics_middleware(metrics: Metrics) -> Callable[[ASGIApp], ASGIApp]:
    """An ASGI middleware factory that counts every HTTP response by route and status."""

    def wrap(app: ASGIApp) -> ASGIApp:
        routes: dict[object, str] = {}

        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != ScopeType.HTTP:
                await app(scope, receive, send)
                return
            method = scope["method"]
            started = time.perf_counter()
            status = 500

            async def send_recording(message: Message) -> None:
                nonlocal status
                if message["type"] == "http.response.start":
                    status = int(message["status"])
                await send(message)

            try:
                await app(scope, receive, send_recording)
            finally:
                elapsed = time.perf_counter() - started
                route = _route_of(scope, routes)
                live = is_live(route, scope.get("query_string", b""))
                metrics.observe_request(method, route, status, elapsed, live=live)

        return middleware

    return wrap
