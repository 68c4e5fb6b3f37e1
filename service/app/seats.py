"""Seats: a game's meta record and its seat tokens, claiming an open seat, and
which seat a bearer token opens."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import msgspec

from service.app.errors import ServiceError
from service.app.reading import GameReader
from service.app.records import GameInfo
from service.app.tokens import TokenIndex, new_token, token_hash
from service.store import EventStore

__all__ = ["Seats"]


class Seats:
    """Seat tokens over the store's meta records (only the tokens' hashes are kept)."""

    def __init__(self, store: EventStore, reader: GameReader, tokens: TokenIndex) -> None:
        self._store = store
        self._reader = reader
        self._tokens = tokens

    async def register(
        self,
        game_id: str,
        info: GameInfo,
        seed: int,
        tokens: Mapping[int, str],
        extra: Mapping[str, bytes] | None = None,
        *,
        exclusive: bool = False,
    ) -> dict[str, bytes]:
        """Write a game's meta record and index its seat tokens; the record written.
        `exclusive` (a game id the caller chose) refuses an id already taken, with a
        compare-and-set of its `info`, before anything else is written."""
        meta = {"info": msgspec.json.encode(info), "seed": str(seed).encode()}
        if exclusive and not await self._store.put_meta_if_absent(game_id, "info", meta["info"]):
            raise ServiceError("game_exists", f"game {game_id} exists; pick another id")
        meta |= {f"token:{token_hash(token)}": str(seat).encode() for seat, token in tokens.items()}
        meta |= extra or {}
        # Independent writes: one wait instead of one per seat.
        await asyncio.gather(
            self._store.put_meta(game_id, meta),
            *(self._tokens.put(token_hash(token), game_id) for token in tokens.values()),
        )
        self._reader.keep_facts(game_id, meta)
        return meta

    async def claim(self, game_id: str, seat: int) -> str:
        """A token for an open human seat. The claim is one compare-and-set of the
        seat's field in the meta record: of concurrent claims exactly one wins, and
        the token's hash is written in the same step, so a claimed seat always has
        an owner who can act for it."""
        game = await self._reader.game(game_id)
        if not 0 <= seat < len(game.info.seats):
            raise ServiceError("seat_not_found", f"no seat {seat}", seat=seat)
        spec = game.info.seats[seat]
        if spec.kind != "human" or not spec.open:
            raise ServiceError("seat_not_open", f"seat {seat} cannot be claimed", seat=seat)
        token = new_token()
        digest = token_hash(token)
        if not await self._store.put_meta_if_absent(game_id, f"claimed:{seat}", digest.encode()):
            raise ServiceError("seat_taken", f"seat {seat} is already taken", seat=seat)
        await self._tokens.put(digest, game_id)
        # game() reads the meta again: the new token is known here at once, and
        # the lobby files the table as active once its last seat is taken.
        await self._reader.file_in_lobby(await self._reader.game(game_id))
        return token

    async def seat_of(self, game_id: str, token: str | None) -> int:
        """The seat a token opens in this game; 401 for no or an unknown token,
        403 for another game's."""
        facts, remembered = await self._reader.known_facts(game_id)
        if token is None:
            raise ServiceError("missing_token", "this route needs 'Authorization: Bearer <token>'")
        digest = token_hash(token)
        seat = facts.seats_by_token.get(digest)
        if seat is None and remembered:
            # The seat may have been claimed through another process since.
            seat = (await self._reader.read_facts(game_id)).seats_by_token.get(digest)
        if seat is not None:
            return seat
        if await self._tokens.game_of(digest) is not None:
            raise ServiceError("wrong_game", "the token belongs to another game")
        raise ServiceError("invalid_token", "unknown token")

    async def viewer_of(self, game_id: str, token: str | None) -> int | None:
        """A seat for a token, or None (a spectator) without one."""
        if token is None:
            await self._reader.known_facts(game_id)  # a spectator of no game is still a 404
            return None
        return await self.seat_of(game_id, token)
