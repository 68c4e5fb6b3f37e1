"""Seat tokens: random secrets handed out once, stored only as SHA-256 hashes."""

from __future__ import annotations

import hashlib
import secrets

from service.app.errors import ServiceError
from service.store import EventStore

__all__ = ["TokenIndex", "bearer_token", "new_token", "token_hash"]


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, if there is one."""
    if not authorization:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ServiceError("invalid_token", "use 'Authorization: Bearer <token>'")
    return token.strip()


class TokenIndex:
    """Which game a token hash belongs to, across all games: tells a stranger's
    token (401) from a token of another game (403).

    The EventStore has no global key-value record, so each entry is the meta
    record of a pseudo game id `t_<hash prefix>`: one small key per token,
    found in O(1), and never listed as a game since it has no events.
    """

    def __init__(self, store: EventStore) -> None:
        self._store = store

    @staticmethod
    def _key(digest: str) -> str:
        # Game ids are at most 64 characters; 62 hex digits keep 248 bits.
        return "t_" + digest[:62]

    async def put(self, digest: str, game_id: str) -> None:
        await self._store.put_meta(self._key(digest), {"game": game_id.encode()})

    async def game_of(self, digest: str) -> str | None:
        meta = await self._store.get_meta(self._key(digest))
        game = meta.get("game")
        return game.decode() if game is not None else None
