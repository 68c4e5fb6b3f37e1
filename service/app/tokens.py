"""Bearer tokens: random secrets handed out once, stored only as SHA-256 hashes.

A player token is `<player id>.<secret>`; seat tokens never hold a dot, so a
bearer token says by its shape which kind it is."""

from __future__ import annotations

import hashlib
import secrets

from service.app.errors import ServiceError

__all__ = ["bearer_token", "is_player_token", "new_token", "player_id_of", "token_hash"]


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


def is_player_token(token: str) -> bool:
    return "." in token


def player_id_of(token: str) -> str:
    """The player a player token names (not yet authenticated)."""
    return token.partition(".")[0]
