"""deploy/: the Kubernetes manifests pass the Kubernetes schemas (offline), and the
compose file, the Dockerfile and the health check script hold what production needs."""

from __future__ import annotations

import http.server
import importlib.util
import ipaddress
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import kubernetes_validate
import pytest
import redis
import yaml

from service.runtime.settings import Settings, settings_from_env
from service.store.embedded_redis import EmbeddedRedis

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
# The oldest Kubernetes the manifests must run on (policy/v1 PDBs: 1.21+).
KUBERNETES_VERSION = "1.29"


def manifests() -> list[dict[str, Any]]:
    documents = []
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        documents += [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    return documents


def of_kind(kind: str) -> dict[str, dict[str, Any]]:
    return {doc["metadata"]["name"]: doc for doc in manifests() if doc["kind"] == kind}


def containers(deployment: dict[str, Any]) -> list[dict[str, Any]]:
    return list(deployment["spec"]["template"]["spec"]["containers"])


# Kubernetes


@pytest.mark.parametrize(
    "document", manifests(), ids=lambda doc: f"{doc['kind']}/{doc['metadata']['name']}"
)
def test_every_manifest_passes_the_kubernetes_schema_strictly(document: dict[str, Any]) -> None:
    # Strict: an unknown field (a misspelt probe, say) fails instead of being ignored.
    kubernetes_validate.validate(document, KUBERNETES_VERSION, strict=True)


def test_a_misspelt_field_fails_the_schema_check() -> None:
    deployment = of_kind("Deployment")["rummy-api"]
    container = containers(deployment)[0]
    container["readinesProbe"] = container.pop("readinessProbe")
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSION, strict=True)


def test_the_api_and_the_worker_run_as_deployments_with_resources_and_settings() -> None:
    deployments = of_kind("Deployment")
    assert set(deployments) == {"rummy-api", "rummy-worker"}
    settings_maps = set(of_kind("ConfigMap"))
    for deployment in deployments.values():
        assert deployment["spec"]["replicas"] >= 2
        pod = deployment["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True
        for container in containers(deployment):
            assert {"cpu", "memory"} <= set(container["resources"]["requests"])
            assert container["livenessProbe"]
            if container["name"] == "proxy":
                continue
            referenced = {ref["configMapRef"]["name"] for ref in container["envFrom"]}
            assert referenced and referenced <= settings_maps


def test_the_api_is_ready_and_live_on_health_and_its_service_reaches_it() -> None:
    api = of_kind("Deployment")["rummy-api"]
    by_name = {container["name"]: container for container in containers(api)}
    # Clients, the Service and the readiness probe reach the API through the pod's proxy.
    proxy = by_name["proxy"]
    ports = {port["name"]: port["containerPort"] for port in proxy["ports"]}
    assert proxy["readinessProbe"]["httpGet"]["path"] == "/health"
    assert proxy["readinessProbe"]["httpGet"]["port"] in ports
    assert by_name["api"]["livenessProbe"]["exec"]["command"][-2:] == ["/app/healthcheck.py", "api"]
    assert "ports" not in by_name["api"]
    pod_labels = api["spec"]["template"]["metadata"]["labels"]
    service = of_kind("Service")["rummy-api"]
    assert service["spec"]["selector"].items() <= pod_labels.items()
    assert {port["targetPort"] for port in service["spec"]["ports"]} <= set(ports)


def test_each_deployment_has_a_disruption_budget_that_selects_its_pods() -> None:
    budgets = of_kind("PodDisruptionBudget").values()
    for deployment in of_kind("Deployment").values():
        labels = deployment["spec"]["template"]["metadata"]["labels"]
        matching = [
            budget
            for budget in budgets
            if budget["spec"]["selector"]["matchLabels"].items() <= labels.items()
        ]
        assert len(matching) == 1, deployment["metadata"]["name"]


def test_the_config_map_holds_only_settings_the_service_reads() -> None:
    data = of_kind("ConfigMap")["rummy-settings"]["data"]
    assert {name.lower() for name in data} <= set(Settings.__struct_fields__)
    settings = settings_from_env(data)  # every value parses
    assert settings.redis_url == data["REDIS_URL"] and settings.rq_redis_url == data["RQ_REDIS_URL"]
    # The queues are on a standalone Redis whatever the event store is.
    assert settings.rq_redis_url is not None and settings.rq_redis_url.startswith("redis://")


def test_in_kubernetes_the_api_sits_behind_its_pods_proxy_and_trusts_it_alone() -> None:
    settings = settings_from_env(of_kind("ConfigMap")["rummy-settings"]["data"])
    assert settings.host == "127.0.0.1" and settings.trusted_proxies == ("127.0.0.1",)
    nginx = of_kind("ConfigMap")["rummy-proxy"]["data"]["nginx.conf"]
    assert f"server 127.0.0.1:{settings.port};" in nginx
    _check_edge_proxy(nginx)


# Compose


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    return loaded


def test_compose_runs_two_api_replicas_behind_a_proxy_and_two_workers(
    compose: dict[str, Any],
) -> None:
    services = compose["services"]
    assert {"store", "queue", "api", "worker", "proxy"} <= set(services)
    assert services["api"]["deploy"]["replicas"] == 2
    assert services["worker"]["deploy"]["replicas"] == 2
    assert "rummy worker" in " ".join(services["worker"]["command"])
    assert services["proxy"]["depends_on"]["api"]["condition"] == "service_healthy"
    # Only the proxy publishes a port: the replicas are reached through it.
    assert [name for name, service in services.items() if "ports" in service] == ["proxy"]
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert "server api:8000" in nginx and "proxy_buffering off" in nginx


def test_compose_trusts_its_proxy_and_nothing_else_for_client_addresses(
    compose: dict[str, Any],
) -> None:
    services = compose["services"]
    proxy_address = services["proxy"]["networks"]["default"]["ipv4_address"]
    (subnet,) = compose["networks"]["default"]["ipam"]["config"]
    assert ipaddress.ip_address(proxy_address) in ipaddress.ip_network(subnet["subnet"])
    trusted = settings_from_env(
        {"TRUSTED_PROXIES": services["api"]["environment"]["TRUSTED_PROXIES"]}
    )
    assert trusted.trusted_proxies == (proxy_address,)
    _check_edge_proxy((DEPLOY / "nginx.conf").read_text())


def _check_edge_proxy(nginx: str) -> None:
    """The proxy replaces the client's X-Forwarded-For and bounds slow requests."""
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in nginx
    assert "$proxy_add_x_forwarded_for" not in nginx
    assert "client_header_timeout 10s;" in nginx and "client_body_timeout 30s;" in nginx


def test_compose_puts_the_queues_on_their_own_redis_and_the_store_on_either(
    compose: dict[str, Any],
) -> None:
    services = compose["services"]
    for name in ("api", "worker"):
        environment = services[name]["environment"]
        assert environment["RQ_REDIS_URL"] == "redis://queue:6379/0"
        # Standalone by default; EVENT_STORE_URL points it at the cluster profile.
        assert environment["REDIS_URL"] == "${EVENT_STORE_URL:-redis://store:6379/0}"
    cluster = {
        name for name, service in services.items() if "cluster" in service.get("profiles", ())
    }
    assert cluster == {f"store-node-{index}" for index in range(1, 7)} | {"store-cluster-init"}
    create = " ".join(services["store-cluster-init"]["command"])
    assert "--cluster create" in create and "--cluster-replicas 1" in create
    for index in range(1, 7):
        assert "--cluster-enabled yes" in " ".join(services[f"store-node-{index}"]["command"])


def test_every_long_running_compose_service_has_a_health_check(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        if name != "store-cluster-init":  # a one-off job
            assert service["healthcheck"]["test"], name
    assert compose["services"]["api"]["healthcheck"]["test"][-1] == "api"
    assert compose["services"]["worker"]["healthcheck"]["test"][-1] == "worker"


# The image


def test_the_image_runs_as_a_non_root_user_with_a_health_check_on_health() -> None:
    lines = [line.strip() for line in (DEPLOY / "Dockerfile").read_text().splitlines()]
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")
    checks = [index for index, line in enumerate(lines) if line.startswith("HEALTHCHECK ")]
    assert len(checks) == 1
    assert '"/app/healthcheck.py", "api"]' in lines[checks[0] + 1]
    assert "/health" in (DEPLOY / "healthcheck.py").read_text()


@pytest.fixture(scope="module")
def healthcheck() -> ModuleType:
    spec = importlib.util.spec_from_file_location("healthcheck", DEPLOY / "healthcheck.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def health_server() -> Iterator[tuple[int, list[int]]]:
    """An HTTP server on loopback whose /health answers the status last put in the list."""
    statuses = [200]

    class Health(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(statuses[-1] if self.path == "/health" else 404)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Health)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], statuses
    finally:
        server.shutdown()
        thread.join(5)
        server.server_close()


def test_the_api_check_passes_only_on_a_healthy_answer(
    healthcheck: ModuleType, health_server: tuple[int, list[int]]
) -> None:
    port, statuses = health_server
    assert healthcheck.api_healthy(port) is True
    statuses.append(503)  # the store is unreachable
    assert healthcheck.api_healthy(port) is False


def test_the_worker_check_passes_only_while_its_registration_lives(
    healthcheck: ModuleType, tmp_path: Path
) -> None:
    with EmbeddedRedis(tmp_path / "queues") as queues:
        assert healthcheck.worker_healthy(queues.url, "pod-a") is False
        with redis.Redis.from_url(queues.url) as client:
            client.set("rq:worker:pod-a-1700000000", "", ex=60)  # as rq's heartbeat keeps it
            assert healthcheck.worker_healthy(queues.url, "pod-a") is True
            assert healthcheck.worker_healthy(queues.url, "pod-b") is False
            client.delete("rq:worker:pod-a-1700000000")  # lapsed
        assert healthcheck.worker_healthy(queues.url, "pod-a") is False
