"""When an append is acknowledged: by its master (`none`), or once a replica has it too (`replica`).

Redis replicates asynchronously: a master that replies to an append and dies
before its replica read the write takes the write with it, and the replica
promoted in its place never had it. In `replica` mode each batch of appends
is followed, on the same connection, by `WAIT <replicas> <timeout>`: the
reply waits until that many replicas acknowledged every write the connection
made (the events, the command's record; not the views, which are never
replicated). A batch the replicas did not acknowledge in time is answered
with `NotReplicated`, a retryable 503: the append may still be on the master,
so a client retries with the same `command_id` and gets the first outcome
once it is safe. A retry answered from the command's record (its own append
found, or the record recalled) writes that record again before the WAIT, so
it is no more acknowledged than the append was.

`WAIT` makes no write synchronous on disk and is no consensus: a replica
that acknowledged and then died with its master loses the write too. It
closes the common case, the one machine or process that fails.
"""

from __future__ import annotations

from typing import Literal

import msgspec
from redis.exceptions import RedisError

__all__ = [
    "ACKNOWLEDGED_BY_MASTER",
    "DURABILITY_MODES",
    "Durability",
    "DurabilityMode",
    "NotReplicated",
    "durability",
]

DurabilityMode = Literal["none", "replica"]
DURABILITY_MODES: tuple[DurabilityMode, ...] = ("none", "replica")


class Durability(msgspec.Struct, frozen=True, kw_only=True):
    """How many replicas acknowledge an append before its reply, and how long to wait for them."""

    replicas: int = 0
    timeout_ms: int = 1000


ACKNOWLEDGED_BY_MASTER = Durability()


def durability(mode: DurabilityMode, timeout_ms: int = 1000) -> Durability:
    """The acknowledgement a mode asks for."""
    if mode not in DURABILITY_MODES:
        raise ValueError(f"durability is one of {', '.join(DURABILITY_MODES)}, got {mode!r}")
    return Durability(replicas=1 if mode == "replica" else 0, timeout_ms=timeout_ms)


class NotReplicated(RedisError):
    """Fewer replicas than asked acknowledged a batch of appends within the timeout."""

    def __init__(self, wanted: int, acknowledged: int, timeout_ms: int) -> None:
        super().__init__(
            f"{acknowledged} of {wanted} replicas acknowledged the append within {timeout_ms} ms"
        )
        self.wanted = wanted
        self.acknowledged = acknowledged
