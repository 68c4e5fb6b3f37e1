"""What the store's ports trade in: stored events and views, snapshots, append results,
the refusals, and the argument checks both adapters share."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

import msgspec

__all__ = [
    "DEFAULT_LOBBY_STATUSES",
    "AppendResult",
    "ArchivedGame",
    "CommandIdReused",
    "CorruptStream",
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
    "check_token_digest",
    "is_game_key_id",
    "is_token_digest",
    "meta_asked",
]

# The lobby statuses are fixed up front so that moving a game between them is one
# atomic step over keys known in advance (a Lua script must declare its keys).
# `private_active`: private tables in play, never listed (their code finds them),
# filed apart so that the count of games in play counts them too.
DEFAULT_LOBBY_STATUSES: tuple[str, ...] = ("open", "active", "finished", "private_active")

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

    @property
    def version(self) -> int:
        """The game version right after this command's events."""
        return self.last_version


class ArchivedGame(msgspec.Struct, frozen=True, kw_only=True):
    """A game as its archive keeps it: every stored event, oldest first, and its meta."""

    game_id: str
    events: tuple[bytes, ...]
    meta: dict[str, bytes]

    @property
    def version(self) -> int:
        return len(self.events)


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
    """The stored log disagrees with the version counter, or the counter is no number
    (written by hand): the store refuses to read or write that game."""

    def __init__(self, message: str, game_id: str) -> None:
        super().__init__(message)
        self.game_id = game_id


class InvalidGameId(ValueError):
    """A game id that cannot be embedded in a key."""


def check_game_id(game_id: str) -> None:
    if not is_game_key_id(game_id):
        raise InvalidGameId(f"invalid game id {game_id!r}: use 1-64 of [A-Za-z0-9_-]")


def is_game_key_id(game_id: str) -> bool:
    """Whether `game_id` may name a game's keys (`check_game_id` accepts it)."""
    return _GAME_ID.fullmatch(game_id) is not None


def meta_asked(record: Mapping[str, bytes], meta: bool | Sequence[str]) -> dict[str, bytes] | None:
    """What a snapshot asked with `meta` gives of a meta record (None: nothing asked)."""
    if isinstance(meta, bool):
        return dict(record) if meta else None
    return {field: record[field] for field in meta if field in record} if meta else None


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


_TOKEN_DIGEST = re.compile(r"[0-9a-f]{64}")


def is_token_digest(text: str) -> bool:
    """Whether `text` is a seat token's hash: SHA-256 in hex (all a store keys one by)."""
    return _TOKEN_DIGEST.fullmatch(text) is not None


def check_token_digest(digest: str) -> None:
    if not is_token_digest(digest):
        raise ValueError(f"not a token's SHA-256: {digest[:80]!r}")


def check_score(score: float) -> None:
    if math.isnan(score):
        # NaN has no place in an order; Redis refuses it, so both stores do.
        raise ValueError("lobby score must not be NaN")
