"""How many live channels (long polls, event streams, WebSockets) each client holds
open at once in this process, and the refusal past the limit.

A rate limit counts requests; a live channel is one request held open for minutes,
so a client could hold thousands without spending any budget, each a socket and a
task of this process. Past `per_client` open at once, one more is a 429
`rate_limited` (kind `live`) until one of them closes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from service.app.errors import ServiceError

__all__ = ["OpenChannels", "TooManyOpen"]

# A channel closes when its client goes, or its game ends: soon, or not for minutes.
RETRY_AFTER_S = 10


class TooManyOpen(ServiceError):
    """One more live channel than a client may hold open; `Retry-After` as a rate limit's."""

    def __init__(self, per_client: int) -> None:
        super().__init__(
            "rate_limited",
            f"more than {per_client} live channels open from this address: close one first",
            kind="live",
            per="address",
            limit=f"{per_client} open",
            retry_after_s=RETRY_AFTER_S,
        )
        self.headers = {"Retry-After": str(RETRY_AFTER_S)}


class OpenChannels:
    """The live channels open now, by client (its rate-limit bucket: an address, an
    IPv6 /64); None: no limit."""

    def __init__(self, per_client: int | None) -> None:
        self.per_client = per_client
        self._open: Counter[str] = Counter()

    def open_now(self, client: str) -> int:
        return self._open[client]

    @contextmanager
    def held(self, client: str) -> Iterator[None]:
        """One channel of `client`'s for as long as the block runs; TooManyOpen past the limit."""
        if self.per_client is None:
            yield
            return
        if self._open[client] >= self.per_client:
            raise TooManyOpen(self.per_client)
        self._open[client] += 1
        try:
            yield
        finally:
            self._open[client] -= 1
            if not self._open[client]:
                del self._open[client]
