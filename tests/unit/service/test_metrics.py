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


def test_live_channels_stay_out_of_the_latency_histogram_and_routes_are_whole() -> None:
    from litestar.testing import TestClient

    from service.http.app import create_app
    from service.store import InMemoryEventStore

    app = create_app(InMemoryEventStore())
    with TestClient(app) as client:
        game = client.post("/games", json={"seats": [{"kind": "human"}] * 2, "seed": 1}).json()
        events = f"/games/{game['game_id']}/events"
        client.get(events, params={"after": game["version"], "wait": 0.05})
        client.get(events, params={"after": 0, "wait": 0})
        client.get("/schema")
        text = client.get("/metrics").text
    route = 'route="/games/{game_id}/events"'
    # Both polls are counted, but only the one that did not wait is timed.
    assert f'rummy_http_requests_total{{method="GET",{route},status="200"}} 2' in text
    assert f"rummy_http_request_duration_seconds_count{{{route}}} 1" in text
    assert (
        'rummy_http_request_duration_seconds_count{route="/games/{game_id}/events/stream"}'
        not in text
    )
    assert 'rummy_http_requests_total{method="GET",route="/schema",status="200"} 1' in text
    assert 'route="/"' not in text
    assert "rummy_active_games 1" in text
    assert 'rummy_live_watchers{kind="sse"} 0' in text


def test_streams_sockets_and_waiting_polls_are_live() -> None:
    from service.app.metrics import is_live

    assert is_live("/games/{game_id}/events/stream", b"")
    assert is_live("/games/{game_id}/live", b"after=3")
    assert is_live("/games/{game_id}/events", b"after=3&wait=10")
    assert not is_live("/games/{game_id}/events", b"after=3&wait=0")
    assert not is_live("/games/{game_id}/events", b"wait=0.0&after=3")
    assert not is_live("/games/{game_id}/events", b"after=3")
    assert not is_live("/games/{game_id}/view", b"wait=5")


def test_private_tables_in_play_count_as_active_games() -> None:
    # A private table is never filed in the lobby, and the gauge read the lobby alone:
    # a server whose games were all private showed none in play.
    from litestar.testing import TestClient

    from service.http.app import create_app
    from service.store import InMemoryEventStore

    two = [{"kind": "human"}] * 2
    with TestClient(create_app(InMemoryEventStore())) as client:
        for body in (
            {"seats": two},
            {"seats": two, "private": True},
            {"seats": two, "private": True},
            # A private table still waiting for a player is not in play.
            {"seats": [{"kind": "human"}, {"kind": "human", "open": True}], "private": True},
        ):
            assert client.post("/games", json=body).status_code == 201
        text = client.get("/metrics").text
        assert "rummy_active_games 3" in text
        # Nor does a private table show in the lobby for being counted.
        assert len(client.get("/games", params={"status": "active"}).json()["games"]) == 1
