"""The throughput ceiling for `rummy loadtest`: a trivial Litestar route that does one XADD.

Served by uvicorn like the real API and against the same Redis, it shows what
one process on this machine can do per request when a handler costs a single
Redis round trip; the game API is measured against it.

    python -m service.tools.ceiling_app --redis-url redis://127.0.0.1:6379/0 --port 8012
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from litestar import Litestar, Request, get, post

from service.runtime.long_lived import tune_collector_for_a_long_run
from service.store.redis_client import open_redis

__all__ = ["CEILING_STREAM", "create_ceiling_app", "main"]

CEILING_STREAM = "loadtest:ceiling"
# Trimmed approximately, so the stream never grows without bound between runs.
_MAXLEN = 10_000


def create_ceiling_app(redis_url: str) -> Litestar:
    """An app with POST /xadd (one XADD of the request body) and GET /health."""
    client = open_redis(redis_url)

    @post("/xadd", status_code=200)
    async def xadd(request: Request[Any, Any, Any]) -> dict[str, str]:
        body = await request.body()
        entry_id = await client.xadd(
            CEILING_STREAM, {"e": body or b"{}"}, maxlen=_MAXLEN, approximate=True
        )
        return {"id": entry_id.decode() if isinstance(entry_id, bytes) else str(entry_id)}

    @get("/health")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    async def close() -> None:
        await client.aclose()

    return Litestar(route_handlers=[xadd, health], on_shutdown=[close], debug=False)


def main(argv: Sequence[str] | None = None) -> int:
    import uvicorn

    parser = argparse.ArgumentParser(prog="python -m service.tools.ceiling_app")
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8012)
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no access log, as `rummy serve` runs by default (loadtest passes it)",
    )
    args = parser.parse_args(argv)
    app = create_ceiling_app(args.redis_url)
    tune_collector_for_a_long_run()  # as `rummy serve` does: the same process, but for its route
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning" if args.quiet else "info",
        access_log=not args.quiet,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
