"""The store's ports, one role each: the event log, the games' meta records, the
lobby index and the view cache. An adapter plays them all (one round trip can then
serve two, as an append that caches its views)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from typing import Protocol

from service.store.base import AppendResult, ArchivedGame, Snapshot, StoredEvent, StoredView

__all__ = [
    "EventLog",
    "EventStore",
    "GameArchive",
    "GameEviction",
    "GameMeta",
    "GameRemoval",
    "LobbyIndex",
    "SharedCounters",
    "ViewCache",
]


class EventLog(Protocol):
    """A game's log: an append-only, versioned, idempotent sequence of opaque events.

    Events are opaque bytes here; the service encodes the domain events and
    their envelope. A game's version is the number of its events and is kept
    in its own counter, so it is never inferred from the log's length.
    """

    async def append(
        self,
        game_id: str,
        events: Sequence[bytes],
        *,
        expected_version: int | None,
        command_id: str | None,
        command_digest: str | None,
        result: bytes | None = None,
        views: Mapping[str, bytes] | None = None,
        meta: Mapping[str, bytes] | None = None,
    ) -> AppendResult:
        """Atomically append `events` after checking the command id, then the version.

        A known `command_id` with the same digest returns the original
        `AppendResult` with `duplicate=True` and writes nothing, whatever
        `expected_version` says; with another digest it raises `CommandIdReused`.
        Otherwise a stale `expected_version` raises `VersionConflict`.
        `views` (viewer -> bytes) are projections as of the new version, cached
        in the same atomic step (as `put_view` would) when the append goes
        through, and never on a duplicate or a refusal. `meta` fields are merged
        into the game's metadata record in that same step, durably (a projection of
        the log that must never disagree with it: the table's seating).
        """
        ...

    async def recall(
        self, game_id: str, command_id: str, command_digest: str
    ) -> AppendResult | None:
        """The append a known `command_id` made (`duplicate=True`, with its recorded
        result), None for an id never seen; `CommandIdReused` when it was seen with
        another digest. Writes nothing."""
        ...

    async def read(
        self, game_id: str, after: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """Events with version > `after`, oldest first, at most `limit`."""
        ...

    async def wait_for(
        self, game_id: str, after: int, timeout_s: float, limit: int | None = None
    ) -> list[StoredEvent]:
        """Like `read`, but waits up to `timeout_s` for a first event; [] on timeout."""
        ...

    async def version(self, game_id: str) -> int:
        """The number of events of the game; 0 when it has none."""
        ...

    async def exists(self, game_id: str) -> bool:
        """Whether the game has at least one event."""
        ...

    def game_ids(self) -> AsyncIterator[str]:
        """Every game with events, in no particular order (to rebuild indexes)."""
        ...


class GameMeta(Protocol):
    """The small record the service keeps beside a game's log (its facts, seat tokens)."""

    async def put_meta(self, game_id: str, fields: Mapping[str, bytes]) -> None:
        """Set (merge) fields of the game's metadata record."""
        ...

    async def get_meta(self, game_id: str) -> dict[str, bytes]:
        """All fields of the game's metadata record; {} when there is none."""
        ...

    async def put_meta_if_absent(self, game_id: str, field: str, value: bytes) -> bool:
        """Set one field of the metadata record unless it is set (compare-and-set on
        absence): True when this call set it. A seat claim is one."""
        ...

    async def remove_meta_fields(self, game_id: str, fields: Collection[str]) -> None:
        """Delete these fields of the metadata record (those it has); a record left
        with no field is no record (`rummy upgrade` drops an earlier release's fields)."""
        ...

    def meta_ids(self) -> AsyncIterator[str]:
        """Every id with a metadata record, in no particular order: a game's meta is
        written before its first event, so this finds a creation that stopped between."""
        ...


class TokenOwners(Protocol):
    """Which game each seat token was dealt for, by the token's hash: a token this
    game does not know is another game's (403) or nobody's (401)."""

    async def put_token_owner(self, digest: str, game_id: str) -> None:
        """Record that the token hashed to `digest` was dealt for `game_id`."""
        ...

    async def token_owner(self, digest: str) -> str | None:
        """The game the token hashed to `digest` was dealt for; None if none was."""
        ...

    async def remove_token_owners(self, digests: Collection[str]) -> None:
        """Forget the games of these tokens (a game removed: they open nothing)."""
        ...


class LobbyIndex(Protocol):
    """Which games the lobby lists under each status: a cache, rebuildable from the logs."""

    async def index_game(self, game_id: str, status: str, score: float) -> None:
        """File the game in the lobby under `status` (only there), ordered by `score`."""
        ...

    async def unindex_game(self, game_id: str) -> None:
        """Remove the game from every lobby status."""
        ...

    async def list_games(self, status: str, limit: int = 50, offset: int = 0) -> list[str]:
        """Game ids filed under `status`, lowest score first."""
        ...

    async def headlines(self, game_ids: Sequence[str]) -> list[Snapshot]:
        """Each game's version and metadata record, in the order asked, for many
        games in one round trip (a lobby page), though not read at one instant
        (unlike `snapshot`); an unknown game reads as version 0 with meta {}."""
        ...


class ViewCache(Protocol):
    """Projections cached per viewer, each at the version it was built at: rebuildable."""

    async def put_view(self, game_id: str, viewer: str, version: int, data: bytes) -> None:
        """Cache a viewer's projection; a view older than the cached one is ignored."""
        ...

    async def get_view(self, game_id: str, viewer: str) -> StoredView | None:
        """The cached projection of a viewer, if any."""
        ...

    async def drop_views(self, game_id: str) -> None:
        """Forget every cached projection of the game."""
        ...

    async def snapshot(
        self,
        game_id: str,
        viewers: Sequence[str] = (),
        *,
        meta: bool | Sequence[str] = False,
        fallback: Sequence[str] = (),
        have: int = 0,
    ) -> Snapshot:
        """The game's version, the cached projections of those `viewers` that have
        one, and with `meta` its metadata record (True), or those of its fields
        given that it has, read together (one round trip).

        The `fallback` projections come too, but only when they are needed to
        build a view: some viewer asked for (or none was) is not cached at the
        game's version, and that version is past `have`, the one the caller
        already holds. So a reader gets the state it builds a stale view from
        in the same round trip, and a fresh view without the state's bytes."""
        ...


class GameRemoval(Protocol):
    """Removing a game that never became one (an import that crashed halfway, a
    table nobody filled in time)."""

    async def remove_game(self, game_id: str) -> None:
        """Delete the game's log, command records, views and meta, and unfile it."""
        ...

    async def remove_game_at(self, game_id: str, version: int) -> bool:
        """`remove_game`, in one step with the check that the game is still at
        `version`: False (and nothing removed) when an append moved it on."""
        ...


class SharedCounters(Protocol):
    """Totals that many processes add to and any process reads (the workers' metrics,
    read by every API node's /metrics): each name holds a map of fields to numbers."""

    async def add(self, increments: Mapping[str, Mapping[str, float]]) -> None:
        """Add each amount to its field of its name, all in one step; a field never
        added to reads as absent. Integer amounts stay exact integers."""
        ...

    async def totals(self, names: Sequence[str]) -> dict[str, dict[str, float]]:
        """Every field of each of `names` with its total, read at one instant (never half
        of an `add`); a name never added to is left out."""
        ...


class EventStore(EventLog, GameMeta, TokenOwners, LobbyIndex, ViewCache, GameRemoval, Protocol):
    """Every port over one store: what the service is built on."""


class GameArchive(Protocol):
    """Finished games kept out of the store: each game's log and meta record as one
    file, written whole or not at all."""

    def put(self, game: ArchivedGame) -> None:
        """Write the game's archive durably (replacing an older one): once this returns
        the archive survives a crash."""
        ...

    def get(self, game_id: str) -> ArchivedGame | None:
        """The game's archive; None when it has none."""
        ...

    def has(self, game_id: str) -> bool:
        """Whether the game has an archive (cheap: no read of its content)."""
        ...

    def delete(self, game_id: str) -> None:
        """Forget the game's archive, if any."""
        ...

    def game_ids(self) -> list[str]:
        """Every archived game, in no particular order."""
        ...


class GameEviction(Protocol):
    """Taking a finished game's records out of the store once it is archived, and
    putting them back."""

    async def claim_eviction(self, game_id: str, owner: str, ttl_s: float) -> bool:
        """Take the game's archiving claim for `ttl_s` unless another owner holds it."""
        ...

    async def release_eviction(self, game_id: str, owner: str) -> None:
        """Give the claim back (only if `owner` still holds it)."""
        ...

    async def evict(self, game_id: str, version: int, meta: Mapping[str, bytes]) -> bool:
        """Delete the game's log, command records, views and meta, but only while it
        is still at `version` with exactly this `meta` (what was archived): False,
        and nothing deleted, when either changed."""
        ...

    async def restore(self, game: ArchivedGame) -> bool:
        """Put an archived game's log and meta back unless the store holds its log;
        meta fields the store holds win. True when it wrote."""
        ...
