"""The league's records on Redis: every key under one hash tag, each write one Lua script.

Keys (tag `league`): `{league}:log` (list of results, the fold's order),
`{league}:change` (hash game id -> its change; a field here is the game's
applied marker), `{league}:ladders` (set), `{league}:r:<ladder>` (hash
player -> rating), `{league}:z:<ladder>` (sorted set by ranking score),
`{league}:xp` (hash player -> experience), `{league}:groups` (hash
`<day>|<group>` -> eligible games, two days kept: see `LeagueCommit`),
`{league}:group-days` (hash: the `newest` day and the `oldest` day kept),
`{league}:recent:<player>` (list of game ids, newest first, capped),
`{league}:players` (set of those lists) and `{league}:generation` (the count
of rebuilds' swaps and clears: a commit read before one is refused). One tag
puts them all in one slot, so the commit is one atomic script on a Redis
Cluster too. The client is synchronous: the league's writer is an rq job, and
the API's reads run in a worker thread. A rebuild's `replace` stages the new figures aside and swaps
them in with one script (`redis_league_swap.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from redis import Redis
from redis.cluster import ClusterNode, RedisCluster

from service.store.league import (
    FigureRecords,
    LeagueCommit,
    LeagueDump,
    LeagueRead,
    RankingWindow,
)
from service.store.redis_cluster import cluster_nodes, is_cluster_url
from service.store.redis_league_swap import FigureSwap

__all__ = ["RedisLeagueRecords", "open_league_client"]

# KEYS: log, change, ratings, xp, groups, generation. ARGV: game id, group field, players...
_READ = """
local ratings, xp = {}, {}
if #ARGV > 2 then
  ratings = redis.call('HMGET', KEYS[3], unpack(ARGV, 3))
  xp = redis.call('HMGET', KEYS[4], unpack(ARGV, 3))
end
return {redis.call('LLEN', KEYS[1]), redis.call('HEXISTS', KEYS[2], ARGV[1]),
        ratings, xp, redis.call('HGET', KEYS[5], ARGV[2]), redis.call('GET', KEYS[6])}
"""

# KEYS: log, change, ladders, ratings, ranking, xp, groups, group days, players,
# generation, recent lists... ARGV: position, game id, result, change, ladder,
# recent kept, group field, group count ('' keeps it), day, the oldest day kept
# were it the newest, generation, n, (player, rating, score) * n, m, (player,
# xp) * m, then the player of each recent list. ISO days compare as strings.
_COMMIT = """
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
if tonumber(redis.call('GET', KEYS[10]) or '0') ~= tonumber(ARGV[11]) then return 0 end
if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1 then return 0 end
redis.call('RPUSH', KEYS[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[4])
if ARGV[8] ~= '' then
  local newest = redis.call('HGET', KEYS[8], 'newest')
  if not newest or ARGV[9] > newest then
    redis.call('HSET', KEYS[8], 'newest', ARGV[9], 'oldest', ARGV[10])
    for _, field in ipairs(redis.call('HKEYS', KEYS[7])) do
      if string.sub(field, 1, string.find(field, '|', 1, true) - 1) < ARGV[10] then
        redis.call('HDEL', KEYS[7], field)
      end
    end
  end
  if ARGV[9] >= redis.call('HGET', KEYS[8], 'oldest') then
    redis.call('HSET', KEYS[7], ARGV[7], ARGV[8])
  end
end
local i = 13
local n = tonumber(ARGV[12])
if n > 0 then redis.call('SADD', KEYS[3], ARGV[5]) end
for _ = 1, n do
  redis.call('HSET', KEYS[4], ARGV[i], ARGV[i + 1])
  redis.call('ZADD', KEYS[5], ARGV[i + 2], ARGV[i])
  i = i + 3
end
n = tonumber(ARGV[i])
i = i + 1
for _ = 1, n do
  redis.call('HSET', KEYS[6], ARGV[i], ARGV[i + 1])
  i = i + 2
end
for k = 11, #KEYS do
  redis.call('LPUSH', KEYS[k], ARGV[2])
  redis.call('LTRIM', KEYS[k], 0, tonumber(ARGV[6]) - 1)
  redis.call('SADD', KEYS[9], ARGV[i])
  i = i + 1
end
return 1
"""

# KEYS: ranking, ratings. ARGV: first index, last index, step. A page costs
# O(log N + its size) however many players share a score's step: the step of the
# first entry's score (-(cents * step + low part)) bounds those strictly ahead.
# %.17g: Lua's tostring keeps 14 digits, and the scores need up to 16.
_RANKING = """
local total = redis.call('ZCARD', KEYS[1])
local page = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'WITHSCORES')
if #page == 0 then return {total, 0, {}, {}} end
local players = {}
for i = 1, #page, 2 do players[#players + 1] = page[i] end
local step = tonumber(ARGV[3])
local cents = math.floor(-tonumber(page[2]) / step)
local bound = string.format('%.17g', -(cents + 1) * step)
local ahead = redis.call('ZCOUNT', KEYS[1], '-inf', bound)
return {total, ahead, players, redis.call('HMGET', KEYS[2], unpack(players))}
"""

# KEYS: recent list, change. ARGV: limit.
_RECENT = """
local ids = redis.call('LRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)
if #ids == 0 then return {} end
return redis.call('HMGET', KEYS[2], unpack(ids))
"""


def open_league_client(url: str) -> Redis | RedisCluster:
    """A synchronous client for the league's records on `url` (standalone or cluster)."""
    if is_cluster_url(url):
        nodes, options = cluster_nodes(url)
        startup = [ClusterNode(host, port) for host, port in nodes]  # type: ignore[no-untyped-call]
        return RedisCluster(startup_nodes=startup, **options)
    return Redis.from_url(url)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _bytes(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else value.encode()


class RedisLeagueRecords:
    """`LeagueRecords` on one Redis or a Redis Cluster (all keys in one slot)."""

    def __init__(self, client: Redis | RedisCluster, tag: str = "league") -> None:
        self.client = client
        self.tag = "{" + tag + "}"
        self._read = client.register_script(_READ)
        self._commit = client.register_script(_COMMIT)
        self._ranking = client.register_script(_RANKING)
        self._recent = client.register_script(_RECENT)
        self._swap = FigureSwap(client, self._key)

    def _key(self, *parts: str) -> str:
        return ":".join((self.tag, *parts))

    def read(self, game_id: str, ladder: str, players: Sequence[str], group: str) -> LeagueRead:
        keys = [
            self._key("log"),
            self._key("change"),
            self._key("r", ladder),
            self._key("xp"),
            self._key("groups"),
            self._key("generation"),
        ]
        position, applied, ratings, xp, group_games, generation = self._read(
            keys=keys, args=[game_id, group, *players]
        )
        return LeagueRead(
            position=int(position),
            generation=int(generation or 0),
            applied=bool(applied),
            ratings={p: r for p, r in zip(players, ratings, strict=False) if r is not None},
            experience={p: int(x) for p, x in zip(players, xp, strict=False) if x is not None},
            group_games=int(group_games or 0),
        )

    def commit(self, commit: LeagueCommit) -> bool:
        keys = [
            self._key("log"),
            self._key("change"),
            self._key("ladders"),
            self._key("r", commit.ladder),
            self._key("z", commit.ladder),
            self._key("xp"),
            self._key("groups"),
            self._key("group-days"),
            self._key("players"),
            self._key("generation"),
            *(self._key("recent", player) for player in commit.recent),
        ]
        args: list[Any] = [
            commit.position,
            commit.game_id,
            commit.result,
            commit.change,
            commit.ladder,
            commit.recent_kept,
            commit.group,
            "" if commit.group_games is None else commit.group_games,
            commit.day,
            commit.oldest_day,
            commit.generation,
            len(commit.ratings),
        ]
        for player, (rating, score) in commit.ratings.items():
            # repr is the shortest text that parses back to the same double.
            args += [player, rating, repr(score)]
        args.append(len(commit.experience))
        for player, points in commit.experience.items():
            args += [player, points]
        args += list(commit.recent)
        return bool(self._commit(keys=keys, args=args))

    def change(self, game_id: str) -> bytes | None:
        value = self.client.hget(self._key("change"), game_id)
        return None if value is None else _bytes(value)

    def applied(self, game_ids: Sequence[str]) -> set[str]:
        if not game_ids:
            return set()
        # One HMGET: the changes' size is the price of one round trip.
        found = self.client.hmget(self._key("change"), list(game_ids))
        return {game_id for game_id, value in zip(game_ids, found, strict=True) if value}

    def results(self, since: int = 0) -> list[bytes]:
        results: list[bytes] = []
        step = 1000
        start = since
        while page := self.client.lrange(self._key("log"), start, start + step - 1):
            results += [_bytes(r) for r in page]
            start += len(page)
        return results

    def ranking(self, ladder: str, offset: int, limit: int, step: int) -> RankingWindow:
        total, ahead, players, ratings = self._ranking(
            keys=[self._key("z", ladder), self._key("r", ladder)],
            args=[offset, offset + limit - 1, step],
        )
        return RankingWindow(
            total=int(total),
            ahead=int(ahead),
            players=[(_text(p), r) for p, r in zip(players, ratings, strict=True)],
        )

    def ratings_of(self, player: str) -> dict[str, bytes]:
        ladders = sorted(_text(name) for name in self.client.smembers(self._key("ladders")))
        pipe = self.client.pipeline(transaction=False)
        for ladder in ladders:
            pipe.hget(self._key("r", ladder), player)
        found = pipe.execute()
        return {ladder: r for ladder, r in zip(ladders, found, strict=True) if r is not None}

    def experience_of(self, players: Sequence[str]) -> dict[str, int]:
        if not players:
            return {}
        found = self.client.hmget(self._key("xp"), list(players))
        return {p: int(x or 0) for p, x in zip(players, found, strict=True)}

    def recent(self, player: str, limit: int) -> list[bytes]:
        changes: list[bytes] = self._recent(
            keys=[self._key("recent", player), self._key("change")], args=[limit]
        )
        return changes

    def clear(self) -> None:
        """Delete every key of the league, the log included (not atomic), and move
        the generation on: a commit read before the clear is refused."""
        keys = [self._key("log"), *self._figure_keys()]
        for start in range(0, len(keys), 500):
            self.client.delete(*keys[start : start + 500])
        self.client.incr(self._key("generation"))

    def _figure_keys(self) -> list[str]:
        """Every key of the figures (all but the log), as they stand now."""
        names = ("change", "xp", "groups", "group-days", "ladders", "players")
        keys = [self._key(name) for name in names]
        for ladder in self.client.smembers(self._key("ladders")):
            keys += [self._key("r", _text(ladder)), self._key("z", _text(ladder))]
        for player in self.client.smembers(self._key("players")):
            keys.append(self._key("recent", _text(player)))
        return keys

    def replace(self, position: int, figures: FigureRecords, *, changed_only: bool = False) -> bool:
        return self._swap.replace(position, figures, self._figure_keys, changed_only=changed_only)

    def close(self) -> None:
        self.client.close()

    def dump(self) -> LeagueDump:
        ladders = sorted(_text(name) for name in self.client.smembers(self._key("ladders")))
        players = sorted(_text(name) for name in self.client.smembers(self._key("players")))
        return LeagueDump(
            log=self.results(),
            changes={
                _text(k): _bytes(v) for k, v in self.client.hgetall(self._key("change")).items()
            },
            ratings={
                ladder: {
                    _text(p): _bytes(r)
                    for p, r in self.client.hgetall(self._key("r", ladder)).items()
                }
                for ladder in ladders
            },
            experience={_text(p): int(x) for p, x in self.client.hgetall(self._key("xp")).items()},
            recent={
                player: [_text(g) for g in self.client.lrange(self._key("recent", player), 0, -1)][
                    ::-1
                ]
                for player in players
            },
            groups={_text(k): int(v) for k, v in self.client.hgetall(self._key("groups")).items()},
            group_day=_text_or_none(self.client.hget(self._key("group-days"), "newest")),
        )


def _text_or_none(value: bytes | str | None) -> str | None:
    return None if value is None else _text(value)
