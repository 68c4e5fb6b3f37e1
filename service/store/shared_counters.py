"""The SharedCounters role: a hash of totals per name, in Redis (HINCRBY) or in memory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from service.store.ports import SharedCounters

__all__ = ["InMemorySharedCounters", "RedisSharedCounters"]


class InMemorySharedCounters(SharedCounters):
    """The in-memory twin: shared by whatever runs in this process."""

    def __init__(self) -> None:
        self._totals: dict[str, dict[str, float]] = {}

    async def add(self, increments: Mapping[str, Mapping[str, float]]) -> None:
        for name, fields in increments.items():
            totals = self._totals.setdefault(name, {})
            for field, amount in fields.items():
                totals[field] = totals.get(field, 0) + amount

    async def totals(self, names: Sequence[str]) -> dict[str, dict[str, float]]:
        return {name: dict(self._totals[name]) for name in names if name in self._totals}


class RedisSharedCounters(SharedCounters):
    """One hash per name under one hash tag: every key lives on one cluster slot, so one
    MULTI adds an observation's counters together and one read takes them all."""

    def __init__(self, client: Redis | RedisCluster, *, tag: str = "metrics") -> None:
        self._redis = client
        self._prefix = "{" + tag + "}:"

    async def add(self, increments: Mapping[str, Mapping[str, float]]) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            for name, fields in increments.items():
                for field, amount in fields.items():
                    if isinstance(amount, int):
                        pipe.hincrby(self._prefix + name, field, amount)
                    else:
                        pipe.hincrbyfloat(self._prefix + name, field, amount)
            await pipe.execute()

    async def totals(self, names: Sequence[str]) -> dict[str, dict[str, float]]:
        # In one MULTI too: a histogram's count and its buckets are read at one instant.
        async with self._redis.pipeline(transaction=True) as pipe:
            for name in names:
                pipe.hgetall(self._prefix + name)
            replies: list[dict[bytes, bytes]] = await pipe.execute()
        return {
            name: {field.decode(): _number(value) for field, value in reply.items()}
            for name, reply in zip(names, replies, strict=True)
            if reply
        }


def _number(value: bytes) -> float:
    # HINCRBY's fields read back as integers; HINCRBYFLOAT's as decimals.
    text = value.decode()
    return int(text) if text.lstrip("-").isdigit() else float(text)
