"""Rate-limit counts on a Redis Cluster: API processes over one cluster spend one budget."""

from __future__ import annotations

from cluster_fixture import RedisClusterProcesses
from rate_limited_apps import apps_counting_in, limited


def test_two_api_processes_over_one_cluster_spend_one_budget(
    redis_cluster: RedisClusterProcesses,
) -> None:
    settings = limited(rate_limit_create="3/minute", rate_limit_renames="4/minute")
    apps = apps_counting_in(redis_cluster.url, settings)
    with apps[0] as first, apps[1] as second:
        created = [
            client.post("/players", json={"name": "Ada"}) for client in (first, second, first)
        ]
        assert [answer.status_code for answer in created] == [201, 201, 201]
        assert second.post("/players", json={"guest": True}).status_code == 429
        token = created[0].json()["token"]
        renames = [
            client.patch(
                "/players/me", json={"name": "Bea"}, headers={"Authorization": f"Bearer {token}"}
            ).status_code
            for client in (second, first, second, first, second)
        ]
    # Each app has its own store (the other answers 401), but one budget: a
    # fifth write from this address and credential is refused, whichever app.
    assert 429 not in renames[:4] and renames[4] == 429, renames
