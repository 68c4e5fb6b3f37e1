"""Rate limits on every write and every costly read, per client address and per
credential: 429 `rate_limited`.

Five kinds, each its own budget: `create` (what writes a record that lives on:
games, imports, forks, rematches, players), `commands`, `renames` (each
rewrites every game of the player), `writes` (every other write: tickets, seat
claims, hand-to-bot, starts, resignations, suggestions) and `reads` (the reads
that cost: a player's games and profile, a game's whole log, a state at a
version, a game's ratings). A request is counted against its
address (an IPv6 one by its /64: one host's network) and, when it carries a
bearer token, against that token (a player's or a seat's): many addresses do
not buy one player more, nor many players one address.

The `limits` library counts (a sliding window: no burst of twice the limit at
a window's edge). Under `rummy serve` the counts live in the event store's
Redis (or cluster: the two keys of a window share a hash tag), so every API
process spends one budget; an app made in process counts in memory. If the
counts cannot be reached the request goes on: the store it would use answers
for itself (503), and a limit never turns an outage into a larger one.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import math
import re
import time
from collections.abc import Callable

from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage, RedisClusterStorage, RedisStorage, Storage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Receive, Scope, Send

from service.app.errors import ServiceError
from service.app.tokens import bearer_token
from service.store.redis_cluster import cluster_nodes, is_cluster_url

__all__ = [
    "KINDS",
    "LIMITS_OFF",
    "RateLimited",
    "client_bucket",
    "close_storage",
    "parse_limit",
    "rate_limit_middleware",
    "rate_limit_storage",
    "request_kind",
    "scope_client",
]

KINDS = ("create", "commands", "writes", "reads", "renames")
# The environment that turns every limit off (one client driving many games: tests, tools).
LIMITS_OFF = {f"RATE_LIMIT_{kind.upper()}": "off" for kind in KINDS} | {
    "LIVE_CHANNELS_PER_CLIENT": "off"
}
_KEY_PREFIX = "rummy:limits"
# A hung Redis must not hold every limited request: past this the request goes on.
_COUNT_TIMEOUTS = {"socket_timeout": 1.0, "socket_connect_timeout": 1.0}
# One warning a minute while the counts are unreachable, not one a request.
_WARN_EVERY_S = 60.0
_WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_log = logging.getLogger(__name__)

# Each of these writes a record that lives on (a player, a game): a flood of them
# would fill the store for everyone.
_CREATE = re.compile(r"/games(/import|/[^/]+/fork|/[^/]+/rematch)?/?|/players/?")
_COMMANDS = re.compile(r"/games/[^/]+/commands/?")
# A rename rewrites the name in every game of the player: 0.6-1 s for 1,000 games.
_RENAME = re.compile(r"/players/me/?")
# Reads whose cost grows with what they read: every game of a player (a rename
# rewrites them too), a whole log, a replay to a version, and a game's ratings, whose
# `wait` holds the request up to 20 s reading the league four times a second.
_COSTLY_READS = re.compile(
    r"/players/me/games/?|/players/[^/]+/profile/?|/games/[^/]+/(log|states/[^/]+|ratings)/?"
)


class RateLimited(ServiceError):
    """Too many requests of one kind from one client; `Retry-After` says when to try again."""

    def __init__(self, kind: str, per: str, limit: RateLimitItem, retry_after_s: int) -> None:
        super().__init__(
            "rate_limited",
            f"more than {limit} {kind} requests from this {per}; retry in {retry_after_s} s",
            kind=kind,
            per=per,
            limit=str(limit),
            retry_after_s=retry_after_s,
        )
        self.headers = {"Retry-After": str(retry_after_s)}


def request_kind(method: str, path: str) -> str | None:
    """The kind of budget a request spends (one of KINDS), or None."""
    if method in _WRITE_METHODS:
        if method == "POST" and _COMMANDS.fullmatch(path):
            return "commands"
        if method == "POST" and _CREATE.fullmatch(path):
            return "create"
        if method == "PATCH" and _RENAME.fullmatch(path):
            return "renames"
        return "writes"
    if method == "GET" and _COSTLY_READS.fullmatch(path):
        return "reads"
    return None


def parse_limit(text: str | None) -> RateLimitItem | None:
    """A limit in the `limits` notation ('60/minute', '20 per second'); 'off' or '' for none."""
    if text is None or text.strip().lower() in ("", "off", "none", "0"):
        return None
    return parse(text)


def rate_limit_storage(redis_url: str | None) -> Storage:
    """Where the counts live: the Redis (or Redis Cluster) at `redis_url`, else this process."""
    if redis_url is None:
        return MemoryStorage()
    if is_cluster_url(redis_url):
        nodes, options = cluster_nodes(redis_url)
        seeds = ",".join(f"{host}:{port}" for host, port in nodes)
        return RedisClusterStorage(
            f"async+redis+cluster://{seeds}",
            implementation="redispy",
            key_prefix=_KEY_PREFIX,
            **{**_COUNT_TIMEOUTS, **options},
        )
    return RedisStorage(
        f"async+{redis_url}",
        implementation="redispy",
        key_prefix=_KEY_PREFIX,
        socket_timeout=_COUNT_TIMEOUTS["socket_timeout"],
        socket_connect_timeout=_COUNT_TIMEOUTS["socket_connect_timeout"],
    )


async def close_storage(storage: Storage) -> None:
    """Close the Redis connections of a Redis storage (`limits` offers no close of its own)."""
    client = getattr(getattr(storage, "bridge", None), "storage", None)
    if client is not None:
        await client.aclose()


def client_bucket(address: str) -> str:
    """The address a client is counted as: an IPv4 address itself, an IPv6 address its
    /64. A host is given a /64 (a home connection, a cloud server): counted address by
    address, it would hold 2^64 budgets."""
    if ":" not in address:
        return address  # IPv4 (or no address at all): the common case, as it is
    try:
        ip = ipaddress.IPv6Address(address)
    except ValueError:
        return address
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network((ip, 64), strict=False))


def scope_client(scope: Scope) -> str:
    """The client a request is counted as (its address's bucket)."""
    client = scope.get("client")
    return client_bucket(client[0]) if client else "unknown"


def _credential(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"authorization":
            # The token as the routes read it: the spellings they take alike (the
            # scheme's case, the spaces around the token) are one budget, not one each.
            try:
                token = bearer_token(value.decode("latin-1"))
            except ServiceError:
                token = None  # refused by the route: counted as sent
            credential = value if token is None else token.encode()
            # Hashed: the counts' keys must not carry the token itself.
            return hashlib.blake2b(credential, digest_size=12).hexdigest()
    return None


def rate_limit_middleware(
    limits_by_kind: dict[str, RateLimitItem | None],
    storage: Storage | None = None,
) -> Callable[[ASGIApp], ASGIApp]:
    """An ASGI middleware factory that refuses a client's requests past its kind's limit."""
    active = {kind: limit for kind, limit in limits_by_kind.items() if limit is not None}
    limiter = SlidingWindowCounterRateLimiter(storage or MemoryStorage())
    last_warned = [-_WARN_EVERY_S]

    async def spend(limit: RateLimitItem, kind: str, per: str, who: str) -> None:
        try:
            if await limiter.hit(limit, kind, per, who):
                return
            stats = await limiter.get_window_stats(limit, kind, per, who)
        except Exception as failure:  # noqa: BLE001 - any storage failure lets the request on
            if time.monotonic() - last_warned[0] >= _WARN_EVERY_S:
                last_warned[0] = time.monotonic()
                _log.warning("rate limit counts unavailable, requests let through: %r", failure)
            return
        wait_s = max(1, math.ceil(stats.reset_time - time.time()))
        raise RateLimited(kind, per, limit, wait_s)

    def wrap(app: ASGIApp) -> ASGIApp:
        if not active:
            return app  # every limit off: no layer for each request to pass through

        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == ScopeType.HTTP:
                kind = request_kind(scope["method"], scope["path"])
                limit = active.get(kind) if kind is not None else None
                if limit is not None and kind is not None:
                    await spend(limit, kind, "address", scope_client(scope))
                    credential = _credential(scope)
                    if credential is not None:
                        await spend(limit, kind, "credential", credential)
            await app(scope, receive, send)

        return middleware

    return wrap
