"""Replacing every figure of the league on Redis in one atomic step (a rebuild's last step).

The new figures are written first under a staging prefix of the same hash tag
(`{league}:rebuild:<id>:...`), where no reader looks; each staged key expires
within the hour, so a rebuild that dies leaves nothing behind for long. Then
one script checks that the log still holds the results the figures were folded
from, drops the live figure keys and renames the staged keys over them: a
reader sees the old league or the new one, never a half-built one, and a
commit that landed meanwhile (the log grew) makes the swap refuse, so the
rebuild folds the new results too and swaps again.

A refused swap keeps what it staged, and the retry (`changed_only`) writes
only what the newly folded results changed (a few fields and lists), so it
costs those results, not the league: the rebuild's window between reading the
log and swapping is short enough to fall between commits. The swap checks
every staged key's size first: one gone meanwhile (expired; a retry's write
may have made it again with a few fields) makes it refuse without touching
anything (StagingLost), and the figures are staged afresh.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from redis import Redis
from redis.cluster import RedisCluster

from service.store.league import FigureRecords, StagingLost

__all__ = ["FigureSwap"]

# KEYS: log, generation, the live figures' keys (dropped), the staged keys, their
# live names. ARGV: position, how many live keys, then each staged key's size.
# Returns 1 (swapped), 0 (the log moved), -1 (a staged key is not the size it was
# staged at: it expired, maybe then partly written again; nothing touched). A
# renamed key keeps the staging expiry unless persisted. The generation moves on:
# a commit settled from the figures before the swap (same log length) is refused.
_SWAP = """
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
local dropped = tonumber(ARGV[2])
local moved = (#KEYS - 2 - dropped) / 2
local sizes = {hash = 'HLEN', zset = 'ZCARD', set = 'SCARD', list = 'LLEN'}
for k = 1, moved do
  local key = KEYS[2 + dropped + k]
  local size = sizes[redis.call('TYPE', key)['ok']]
  if not size or redis.call(size, key) ~= tonumber(ARGV[2 + k]) then return -1 end
end
for k = 3, dropped + 2 do redis.call('UNLINK', KEYS[k]) end
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
# Keys a retry's figures hold whole (the others: only what changed).
_WHOLE: frozenset[Parts] = frozenset({("groups",), ("group-days",)})
Write = tuple[Parts, str, Any]
# What one key holds: a hash's or a sorted set's fields, a set's members, a list.
Content = dict[str, Any] | frozenset[str] | tuple[str, ...]
Layout = dict[Parts, Content]


class _Staged:
    """The keys staged under one prefix, and what each holds."""

    def __init__(self) -> None:
        self.prefix = f"rebuild:{uuid.uuid4().hex}"
        self.layout: Layout = {}


class FigureSwap:
    """Stage figures aside, then swap them in if the log has not grown. `key`
    joins key parts under the league's hash tag (`("r", "basic")` -> `{league}:r:basic`)."""

    def __init__(self, client: Redis | RedisCluster, key: Callable[..., str]) -> None:
        self.client = client
        self.key = key
        self._swap = client.register_script(_SWAP)
        self._lock = threading.Lock()
        self._staged: _Staged | None = None

    def replace(
        self,
        position: int,
        figures: FigureRecords,
        live_keys: Callable[[], list[str]],
        *,
        changed_only: bool = False,
    ) -> bool:
        """True once the figures are the league's; False (nothing changed, the staged
        keys kept for a retry) when the log no longer holds `position` results.
        `changed_only`: `figures` holds what changed since the last refused call's
        (`LeagueRecords.replace`); StagingLost when that staging is gone."""
        with self._lock:
            # Forgotten until the swap has answered: should a write fail, what the
            # staged keys hold is unknown (they expire within the hour).
            staged, self._staged = self._staged, None
            if changed_only:
                if staged is None:
                    raise StagingLost("nothing staged to change")
                writes = _changes(staged.layout, _layout(figures))
            else:
                if staged is not None:
                    self._drop(staged)
                staged = _Staged()
                staged.layout = _layout(figures)
                writes = _differences({}, staged.layout)
            self._write(staged, writes)
            # Read after the staging; still right at the swap if no commit landed
            # (a commit is all that changes which ladders and players exist).
            live = live_keys()
            parts = list(staged.layout)
            keys = [
                self.key("log"),
                self.key("generation"),
                *live,
                *(self.key(staged.prefix, *key) for key in parts),
                *(self.key(*key) for key in parts),
            ]
            sizes = [len(staged.layout[key]) for key in parts]
            swapped = self._swap(keys=keys, args=[position, len(live), *sizes])
            if swapped == 1:
                return True
            if swapped == 0:
                self._staged = staged
                return False
            self._drop(staged)
            raise StagingLost(f"a staged key of {staged.prefix} expired")

    def _write(self, staged: _Staged, writes: Iterator[Write]) -> None:
        pipe = self.client.pipeline(transaction=False)
        written: dict[Parts, None] = {}
        for parts, command, value in writes:
            key = self.key(staged.prefix, *parts)
            written[parts] = None
            match command:
                case "delete":
                    pipe.delete(key)
                case "hset":
                    pipe.hset(key, mapping=value)
                case "hdel":
                    pipe.hdel(key, *value)
                case "zadd":
                    pipe.zadd(key, value)
                case "zrem":
                    pipe.zrem(key, *value)
                case "sadd":
                    pipe.sadd(key, *value)
                case "srem":
                    pipe.srem(key, *value)
                case _:
                    pipe.rpush(key, *value)
        # A key written (or made again) expires an hour from now.
        for parts in written:
            if parts in staged.layout:
                pipe.pexpire(self.key(staged.prefix, *parts), STAGING_TTL_MS)
        if written:
            pipe.execute()

    def _drop(self, staged: _Staged) -> None:
        if staged.layout:
            self.client.delete(*(self.key(staged.prefix, *parts) for parts in staged.layout))


def _changes(layout: Layout, changed: Layout) -> Iterator[Write]:
    """Bring `layout` (what is staged) up to date with a retry's `changed` figures, in
    place, and yield the writes that do the same to the staged keys: fields and
    members over the staged ones, lists and the `_WHOLE` keys replaced."""
    for parts in _WHOLE:
        before, after = layout.pop(parts, None), changed.get(parts)
        yield from _differences(
            {} if before is None else {parts: before}, {} if after is None else {parts: after}
        )
        if after is not None:
            layout[parts] = after
    for parts, content in changed.items():
        before = layout.get(parts)
        if parts in _WHOLE or before == content:
            continue
        if isinstance(content, dict) and isinstance(before, dict):
            yield from _differences({parts: {}}, {parts: content})
            before.update(content)
        elif isinstance(content, frozenset) and isinstance(before, frozenset):
            yield from _differences({parts: before}, {parts: before | content})
            layout[parts] = before | content
        else:  # a key not staged yet, or a list: written whole
            yield from _differences({} if before is None else {parts: before}, {parts: content})
            layout[parts] = content


def _layout(figures: FigureRecords) -> Layout:
    """Every key `figures` writes (by key parts) and what it holds; Redis keeps no
    empty key, so an empty figure has none."""
    layout: Layout = {}

    def put(parts: Parts, content: Content) -> None:
        if content:
            layout[parts] = content

    put(("change",), dict(figures.changes))
    put(("xp",), dict(figures.experience))
    put(("groups",), dict(figures.groups))
    if figures.group_day is not None and figures.oldest_day is not None:
        put(("group-days",), {"newest": figures.group_day, "oldest": figures.oldest_day})
    ladders = [ladder for ladder, ratings in figures.ratings.items() if ratings]
    put(("ladders",), frozenset(ladders))
    for ladder in ladders:
        ratings = figures.ratings[ladder]
        put(("r", ladder), {player: rating for player, (rating, _) in ratings.items()})
        put(("z", ladder), {player: score for player, (_, score) in ratings.items()})
    players = [player for player, ids in figures.recent.items() if ids]
    put(("players",), frozenset(players))
    for player in players:
        # The live list is newest first: each commit pushes on its head.
        put(("recent", player), tuple(reversed(figures.recent[player])))
    return layout


def _differences(old: Layout, new: Layout) -> Iterator[Write]:
    """The commands that turn keys holding `old` into keys holding `new`, in chunks."""
    for parts in old.keys() - new.keys():
        yield (parts, "delete", None)
    for parts, content in new.items():
        before = old.get(parts)
        if before == content:
            continue
        if isinstance(content, tuple):  # a list: written again whole (a hundred ids at most)
            if before is not None:
                yield (parts, "delete", None)
            for chunk in _chunks(content):
                yield (parts, "rpush", chunk)
        elif isinstance(content, frozenset):
            members = before if isinstance(before, frozenset) else frozenset()
            yield from _each(parts, "sadd", sorted(content - members))
            yield from _each(parts, "srem", sorted(members - content))
        else:
            fields = before if isinstance(before, Mapping) else {}
            changed = [
                (name, value) for name, value in content.items() if fields.get(name) != value
            ]
            add, remove = ("zadd", "zrem") if parts[0] == "z" else ("hset", "hdel")
            for chunk in _chunks(changed):
                yield (parts, add, dict(chunk))
            yield from _each(parts, remove, [name for name in fields if name not in content])


def _chunks(items: Sequence[Any]) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


def _each(parts: Parts, command: str, members: Sequence[str]) -> Iterator[Write]:
    for chunk in _chunks(members):
        yield (parts, command, chunk)
