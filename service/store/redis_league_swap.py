"""Replacing every figure of the league on Redis in one atomic step (a rebuild's last step).

The new figures are written first under a staging prefix of the same hash tag
(`{league}:rebuild:<id>:...`), where no reader looks; each staged key expires
within the hour, so a rebuild that dies leaves nothing behind for long. Then
one script checks that the log still holds the results the figures were folded
from, drops the live figure keys and renames the staged keys over them: a
reader sees the old league or the new one, never a half-built one, and a
commit that landed meanwhile (the log grew) makes the swap refuse, so the
rebuild folds again rather than losing that game's figures.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from redis import Redis
from redis.cluster import RedisCluster

from service.store.league import FigureRecords

__all__ = ["FigureSwap"]

# KEYS: log, generation, the live figures' keys (dropped), the staged keys, their
# live names. ARGV: position, how many live keys. A renamed key keeps the staging
# expiry unless persisted. The generation moves on: a commit settled from the
# figures before the swap (at the same log length) is refused.
_SWAP = """
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
local dropped = tonumber(ARGV[2])
for k = 3, dropped + 2 do redis.call('UNLINK', KEYS[k]) end
local moved = (#KEYS - 2 - dropped) / 2
for k = 1, moved do
  local live = KEYS[2 + dropped + moved + k]
  redis.call('RENAME', KEYS[2 + dropped + k], live)
  redis.call('PERSIST', live)
end
redis.call('INCR', KEYS[2])
return 1
"""

STAGING_TTL_MS = 3_600_000
# Fields (or members) one staging command writes.
_CHUNK = 500

Parts = tuple[str, ...]
Write = tuple[Parts, str, Any]


class FigureSwap:
    """Stage figures aside, then swap them in if the log has not grown. `key`
    joins key parts under the league's hash tag (`("r", "basic")` -> `{league}:r:basic`)."""

    def __init__(self, client: Redis | RedisCluster, key: Callable[..., str]) -> None:
        self.client = client
        self.key = key
        self._swap = client.register_script(_SWAP)

    def replace(
        self, position: int, figures: FigureRecords, live_keys: Callable[[], list[str]]
    ) -> bool:
        """True once `figures` are the league's; False (nothing changed, the staged
        keys deleted) when the log no longer holds `position` results."""
        staging = f"rebuild:{uuid.uuid4().hex}"
        staged = self._stage(staging, figures)
        # Read after the staging; still right at the swap if no commit landed
        # (a commit is all that changes which ladders and players exist).
        live = live_keys()
        keys = [
            self.key("log"),
            self.key("generation"),
            *live,
            *(self.key(staging, *parts) for parts in staged),
            *(self.key(*parts) for parts in staged),
        ]
        if self._swap(keys=keys, args=[position, len(live)]):
            return True
        if staged:
            self.client.delete(*(self.key(staging, *parts) for parts in staged))
        return False

    def _stage(self, staging: str, figures: FigureRecords) -> list[Parts]:
        """Write `figures` under the staging prefix; the key parts written (an
        empty figure writes no key: Redis keeps none)."""
        writes = list(_writes(figures))
        pipe = self.client.pipeline(transaction=False)
        for parts, command, value in writes:
            key = self.key(staging, *parts)
            match command:
                case "hset":
                    pipe.hset(key, mapping=value)
                case "zadd":
                    pipe.zadd(key, value)
                case "sadd":
                    pipe.sadd(key, *value)
                case _:
                    pipe.rpush(key, *value)
        staged = list(dict.fromkeys(parts for parts, _, _ in writes))
        for parts in staged:
            pipe.pexpire(self.key(staging, *parts), STAGING_TTL_MS)
        pipe.execute()
        return staged


def _writes(figures: FigureRecords) -> Iterator[Write]:
    """The commands that write `figures`, in chunks, by key parts."""
    yield from _hash(("change",), figures.changes)
    yield from _hash(("xp",), figures.experience)
    yield from _hash(("groups",), figures.groups)
    if figures.group_day is not None and figures.oldest_day is not None:
        days = {"newest": figures.group_day, "oldest": figures.oldest_day}
        yield (("group-days",), "hset", days)
    ladders = [ladder for ladder, ratings in figures.ratings.items() if ratings]
    yield from _members(("ladders",), ladders)
    for ladder in ladders:
        ratings = figures.ratings[ladder]
        yield from _hash(("r", ladder), {player: rating for player, (rating, _) in ratings.items()})
        for chunk in _chunks(list(ratings.items())):
            yield (("z", ladder), "zadd", {player: score for player, (_, score) in chunk})
    players = [player for player, ids in figures.recent.items() if ids]
    yield from _members(("players",), players)
    for player in players:
        # The live list is newest first: each commit pushes on its head.
        for chunk in _chunks(list(reversed(figures.recent[player]))):
            yield (("recent", player), "rpush", chunk)


def _chunks(items: Sequence[Any]) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


def _hash(parts: Parts, fields: Mapping[str, Any]) -> Iterator[Write]:
    for chunk in _chunks(list(fields.items())):
        yield (parts, "hset", dict(chunk))


def _members(parts: Parts, members: Sequence[str]) -> Iterator[Write]:
    for chunk in _chunks(members):
        yield (parts, "sadd", chunk)
