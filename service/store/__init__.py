"""The event store: one EventStore role, an in-memory and a Redis implementation."""

from service.store.base import (
    DEFAULT_LOBBY_STATUSES,
    AppendResult,
    CommandIdReused,
    CorruptStream,
    InvalidGameId,
    Snapshot,
    StoredEvent,
    StoredView,
    StoreError,
    VersionConflict,
)
from service.store.memory import InMemoryEventStore
from service.store.ports import EventStore
from service.store.redis_store import RedisEventStore

__all__ = [
    "DEFAULT_LOBBY_STATUSES",
    "AppendResult",
    "CommandIdReused",
    "CorruptStream",
    "EventStore",
    "InMemoryEventStore",
    "InvalidGameId",
    "RedisEventStore",
    "Snapshot",
    "StoreError",
    "StoredEvent",
    "StoredView",
    "VersionConflict",
]
