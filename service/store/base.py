"""The EventStore role: an append-only, versioned, idempotent log of opaque events per game."""

from __future__ import annotations

import math
import re
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Protocol

import msgspec

__all__ = [
    "DEFAULT_LOBBY_STATUSES",
    "AppendResult",
    "CommandIdReused",
    "CorruptStream",
    "EventStore",
    "InvalidGameId",
    "Snapshot",
    "StoreError",
    "StoredEvent",
    "StoredView",
    "VersionConflict",
    "check_append",
    "check_game_id",
    "check_listing",
    "check_lobby_status",
    "check_read",
    "check_score",
]

# The lobby statuses are fixed up front so that moving a game between them is one
# atomic step over keys known in advance (a Lua script must declare its keys).
DEFAULT_LOBBY_STATUSES: tuple[str, ...] = ("open", "active", "finished")

# Game ids become part of Redis keys inside a `{g:<id>}` hash tag: a brace or a
# space would break the tag, so only URL-safe token characters are accepted.
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class StoredEvent(msgspec.Struct, frozen=True, kw_only=True):
    """One event as stored: its version (1-based position in the log) and encoded bytes."""

    version: int
    data: bytes


class StoredView(msgspec.Struct, frozen=True, kw_only=True):
    """A cached projection for one viewer, valid as of `version`."""

    version: int
    data: bytes


class Snapshot(msgspec.Struct, frozen=True, kw_only=True):
    """A game's version with some of its cached projections (those cached) and,
    when asked for, its metadata record, all read at one instant."""

    version: int
    views: dict[str, StoredView] = msgspec.field(default_factory=dict)
    meta: dict[str, bytes] | None = None


class AppendResult(msgspec.Struct, frozen=True, kw_only=True):
    """What an append did: the versions its events got, or those of the original on a retry.

    `first_version..last_version` is inclusive; an append of zero events has
    `first_version == last_version + 1`. `result` is the response bytes recorded
    with the command id (None without a command id or when none was given).
    """

    first_version: int
    last_version: int
    duplicate: bool = False
    result: bytes | None = None
    # The game's meta record as of the append, when asked for with `with_meta`.
    meta: dict[str, bytes] | None = None

    @property
    def version(self) -> int:
        """The game version right after this command's events."""
        return self.last_version


class StoreError(Exception):
    """Base class of the store's refusals."""


class VersionConflict(StoreError):
    """The game is not at the version the writer expected; nothing was written."""

    def __init__(self, *, expected: int, current: int) -> None:
        super().__init__(f"expected version {expected}, game is at {current}")
        self.expected = expected
        self.current = current


class CommandIdReused(StoreError):
    """A command id came back with a different command; nothing was written."""

    def __init__(self, command_id: str) -> None:
        super().__init__(f"command id {command_id!r} was already used for a different command")
        self.command_id = command_id


class CorruptStream(StoreError):
    """The stored log disagrees with the version counter; the store refuses to write."""


class InvalidGameId(ValueError):
    """A game id that cannot be embedded in a key."""


def check_game_id(game_id: str) -> None:
    if not _GAME_ID.fullmatch(game_id):
        raise InvalidGameId(f"invalid game id {game_id!r}: use 1-64 of [A-Za-z0-9_-]")


def check_append(
    game_id: str,
    *,
    expected_version: int | None,
    command_id: str | None,
    command_digest: str | None,
) -> None:
    """Shared argument rules, so both implementations refuse the same calls."""
    check_game_id(game_id)
    if expected_version is not None and expected_version < 0:
        raise ValueError(f"expected_version must be >= 0, got {expected_version}")
    if command_id == "":
        raise ValueError("command_id must not be empty")
    if (command_id is None) != (command_digest is None):
        # A command id without a digest could not tell a retry from a reuse.
        raise ValueError("command_id and command_digest go together")


def check_read(game_id: str, after: int, limit: int | None) -> None:
    check_game_id(game_id)
    if after < 0:
        raise ValueError(f"after must be >= 0, got {after}")
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")


def check_lobby_status(status: str, statuses: Sequence[str]) -> None:
    if status not in statuses:
        raise ValueError(f"unknown lobby status {status!r}; known: {', '.join(statuses)}")


def check_listing(limit: int, offset: int) -> None:
    if limit < 0 or offset < 0:
        raise ValueError("limit and offset must be >= 0")


def check_score(score: float) -> None:
    if math.isnan(score):
        # NaN has no place in an order; Redis refuses it, so both stores do.
        raise ValueError("lobby score must not be NaN")


class EventStore(Protocol):
    """Per-game event logs plus the small keyed records the service keeps beside them.

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
        with_meta: bool = False,
    ) -> AppendResult:
        """Atomically append `events` after checking the command id, then the version.

        A known `command_id` with the same digest returns the original
        `AppendResult` with `duplicate=True` and writes nothing, whatever
        `expected_version` says; with another digest it raises `CommandIdReused`.
        Otherwise a stale `expected_version` raises `VersionConflict`.
        `views` (viewer -> bytes) are projections as of the new version, cached
        in the same atomic step (as `put_view` would) when the append goes
        through, and never on a duplicate or a refusal. `with_meta` returns the
        game's meta record as of the append in `meta` (saving the scheduler
        that reads it after every command a round trip).
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

    async def index_game(self, game_id: str, status: str, score: float) -> None:
        """File the game in the lobby under `status` (only there), ordered by `score`."""
        ...

    async def unindex_game(self, game_id: str) -> None:
        """Remove the game from every lobby status."""
        ...

    async def list_games(self, status: str, limit: int = 50, offset: int = 0) -> list[str]:
        """Game ids filed under `status`, lowest score first."""
        ...

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
        meta: bool = False,
        fallback: Sequence[str] = (),
        have: int = 0,
    ) -> Snapshot:
        """The game's version, the cached projections of those `viewers` that have
        one, and with `meta` its metadata record, read together (one round trip).

        The `fallback` projections come too, but only when they are needed to
        build a view: some viewer asked for (or none was) is not cached at the
        game's version, and that version is past `have`, the one the caller
        already holds. So a reader gets the state it builds a stale view from
        in the same round trip, and a fresh view without the state's bytes."""
        ...

    async def headlines(self, game_ids: Sequence[str]) -> list[Snapshot]:
        """Each game's version and metadata record, in the order asked, for many
        games in one round trip (a lobby page), though not read at one instant
        (unlike `snapshot`); an unknown game reads as version 0 with meta {}."""
        ...
