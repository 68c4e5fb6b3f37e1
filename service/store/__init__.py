"""The store ports (EventStore, PlayerStore), each with an in-memory and a Redis adapter."""

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
from service.store.players import PlayerStore
from service.store.players_memory import InMemoryPlayerStore
from service.store.players_redis import RedisPlayerStore
from service.store.ports import EventStore
from service.store.redis_store import RedisEventStore

__all__ = [
    "DEFAULT_LOBBY_STATUSES",
    "AppendResult",
    "CommandIdReused",
    "CorruptStream",
    "EventStore",
    "InMemoryEventStore",
    "InMemoryPlayerStore",
    "InvalidGameId",
    "PlayerStore",
    "RedisEventStore",
    "RedisPlayerStore",
    "Snapshot",
    "StoreError",
    "StoredEvent",
    "StoredView",
    "VersionConflict",
    "players_beside",
]


def players_beside(store: EventStore) -> PlayerStore:
    """The PlayerStore on the same server as `store` (a fresh one in memory)."""
    from service.store.archived_store import ArchivedEventStore

    if isinstance(store, ArchivedEventStore):
        store = store.inner
    if isinstance(store, RedisEventStore):
        return RedisPlayerStore(store.client)
    return InMemoryPlayerStore()
