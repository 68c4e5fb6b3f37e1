"""Container health checks, standard library and the service's own dependencies only.

    python healthcheck.py api      GET /health on this container's API (PORT, default 8000)
    python healthcheck.py worker   this container's rq worker has a live registration

Exit 0 when healthy, 1 when not (Docker's HEALTHCHECK and Kubernetes' exec
probes read the exit code). The worker is started with a name that begins
with its host name (`rummy worker --name "$HOSTNAME-..."`); rq keeps
`rq:worker:<name>` while the worker's heartbeat runs, so a hung worker's
registration expires and the check fails.
"""

from __future__ import annotations

import os
import socket
import sys
import urllib.request

TIMEOUT_S = 3.0


def api_healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=TIMEOUT_S) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


def worker_healthy(queue_url: str, host: str) -> bool:
    import redis

    try:
        with redis.Redis.from_url(queue_url, socket_timeout=TIMEOUT_S) as queues:
            return any(True for _ in queues.scan_iter(match=f"rq:worker:{host}-*", count=1000))
    except redis.RedisError:
        return False


def main(argv: list[str]) -> int:
    match argv:
        case ["api"]:
            return 0 if api_healthy(int(os.environ.get("PORT", "8000"))) else 1
        case ["worker"]:
            url = os.environ.get("RQ_REDIS_URL") or os.environ.get("REDIS_URL", "")
            return 0 if url and worker_healthy(url, socket.gethostname()) else 1
        case _:
            print("usage: healthcheck.py api|worker", file=sys.stderr)
            return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
