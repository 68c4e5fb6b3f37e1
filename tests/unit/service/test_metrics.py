"""The latency histogram renders Prometheus's cumulative buckets."""

from __future__ import annotations

import re

from service.app.metrics import LATENCY_BUCKETS, Metrics


def buckets(text: str, route: str) -> dict[str, int]:
    name = "rummy_http_request_duration_seconds_bucket"
    pattern = rf'{name}{{route="{re.escape(route)}",le="([^"]+)"}} (\d+)'
    return {le: int(count) for le, count in re.findall(pattern, text)}


def test_each_bucket_counts_every_request_at_or_under_its_bound() -> None:
    metrics = Metrics()
    for seconds in (0.003, 0.005, 0.02, 0.3, 20.0):
        metrics.observe_request("POST", "/games", 201, seconds)
    metrics.observe_request("GET", "/health", 200, 0.001)

    text = metrics.render()

    games = buckets(text, "/games")
    assert list(games) == [repr(bound) for bound in LATENCY_BUCKETS] + ["+Inf"]
    # 0.005 is "at or under" its own bound: le is inclusive.
    assert games["0.005"] == 2 and games["0.01"] == 2 and games["0.025"] == 3
    assert games["0.25"] == 3 and games["0.5"] == 4 and games["10.0"] == 4
    assert games["+Inf"] == 5
    assert 'rummy_http_request_duration_seconds_count{route="/games"} 5' in text
    assert 'rummy_http_request_duration_seconds_sum{route="/games"} 20.328' in text
    assert buckets(text, "/health")["0.005"] == 1
    assert 'rummy_http_requests_total{method="POST",route="/games",status="201"} 5' in text
