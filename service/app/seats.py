"""Seats: a game's meta record and its seat tokens, claiming an open seat, and
which seat a bearer token opens (a seat token, or a player token for every seat
its player holds)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import msgspec

from service.app.errors import ServiceError
from service.app.meta_fields import claim_field
from service.app.players import Player, PlayerService, is_player_token, player_id_of
from service.app.reading import GameReader
from service.app.records import GameInfo, MetaFacts
from service.app.seating import (
    check_can_claim,
    check_invite,
    holder_fields,
    not_seated,
    outsider_refusal,
)
from service.app.tokens import TokenIndex, new_token, token_hash
from service.store import EventStore

__all__ = ["Seats"]


class Seats:
    """Seat tokens over the store's meta records (only the tokens' hashes are kept)."""

    def __init__(
        self, store: EventStore, reader: GameReader, tokens: TokenIndex, players: PlayerService
    ) -> None:
        self._store = self.store = store
        self._reader = reader
        self._tokens = tokens
        self.players = players

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

    async def claim(
        self,
        game_id: str,
        seat: int,
        player: Player | None = None,
        *,
        invite_code: str | None = None,
    ) -> str:
        """A token for an open human seat. The claim is one compare-and-set of the
        seat's field in the meta record: of concurrent claims exactly one wins, and
        the token's hash is written in the same step, so a claimed seat always has
        an owner who can act for it. With a `player` the seat is theirs too: their
        player token acts for it."""
        game = await self._reader.game(game_id)
        facts = await self._reader.read_facts(game_id)
        kept = player is not None and player.player_id in facts.reserved.values()
        if not check_invite(facts, invite_code) and not kept:
            # A private table does not exist for whoever lacks its code.
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        # The meta read last: a start may have closed the seats up since `game` was read.
        if not 0 <= seat < min(len(game.info.seats), len(facts.info.seats)):
            raise ServiceError("seat_not_found", f"no seat {seat}", seat=seat)
        check_can_claim(facts, seat, player)
        if game.record.state.hand_number != 0:
            # Every seat of a started table was held, filled or removed at its start: one
            # that looks open now was given back by a leave that raced the start.
            raise ServiceError("table_started", "the table has started", seat=seat)
        token = new_token()
        digest = token_hash(token)
        seated = player is not None and not game.info.table.hot_seat
        if seated and player is not None:
            await self._seat_player_once(game_id, facts, player.player_id, seat)
        if player is not None:
            # Before the seat's compare-and-set, under the token's hash: a start that
            # reads the claim and closes the seats up carries the player along.
            await self._store.put_meta(game_id, holder_fields(player, digest))
        if not await self.take_seat(game_id, facts, seat, digest.encode()):
            if player is not None:
                await self._store.put_meta(game_id, holder_fields(None, digest))
            if seated and player is not None:
                await self.release_player(game_id, facts, player.player_id)
            raise ServiceError("seat_taken", f"seat {seat} is already taken", seat=seat)
        await self._tokens.put(digest, game_id)
        if player is not None:
            await self.players.file_game(player.player_id, game_id, game.info.created_ts)
        # game() reads the meta again: the new token is known here at once, and
        # the lobby files the table as active once its last seat is taken.
        await self._reader.file_in_lobby(await self._reader.game(game_id))
        return token

    async def _seat_player_once(
        self, game_id: str, facts: MetaFacts, player_id: str, seat: int
    ) -> None:
        """A player's own compare-and-set, before the seat's: of two claims by one
        player racing for two seats of a table, only one goes on to claim its seat."""
        field = f"seated:{player_id}@{facts.left.get(player_id, 0)}"
        if not await self._store.put_meta_if_absent(game_id, field, str(seat).encode()):
            raise ServiceError(
                "already_seated", "this player is taking or holds a seat of this table", seat=seat
            )

    async def release_player(self, game_id: str, facts: MetaFacts, player_id: str) -> None:
        """The player may claim a seat of this table again (they left it, or lost the
        race for the seat they asked for): their mutex moves on to a fresh field."""
        count = facts.left.get(player_id, 0) + 1
        await self._store.put_meta(game_id, {f"left:{player_id}": str(count).encode()})

    async def take_seat(self, game_id: str, facts: MetaFacts, seat: int, claim: bytes) -> bool:
        """Whether this caller won the seat's compare-and-set (a claim, or a bot
        seated at the start)."""
        field = claim_field(seat, facts.reopened.get(seat, 0))
        return await self._store.put_meta_if_absent(game_id, field, claim)

    async def seat_of(self, game_id: str, token: str | None) -> int:
        """The seat a token opens in this game; 401 for no or an unknown token,
        403 for another game's."""
        facts, remembered = await self._reader.known_facts(game_id)
        if token is None:
            raise ServiceError("missing_token", "this route needs 'Authorization: Bearer <token>'")
        if is_player_token(token):
            return await self._seat_of_player(game_id, facts, remembered, token)
        digest = token_hash(token)
        seat = facts.seats_by_token.get(digest)
        if seat is None and remembered:
            # The seat may have been claimed through another process since.
            seat = (await self._reader.read_facts(game_id)).seats_by_token.get(digest)
        if seat is not None:
            return seat
        if await self._tokens.game_of(digest) is not None:
            message = "the token belongs to another game"
            raise outsider_refusal(facts, game_id, "wrong_game", message)
        raise ServiceError("invalid_token", "unknown token")

    async def _seat_of_player(
        self, game_id: str, facts: MetaFacts, remembered: bool, token: str
    ) -> int:
        player = await self.players.authenticate(token)
        seats = facts.seats_of(player.player_id)
        if not seats and remembered:
            # The seat may have been claimed through another process since.
            seats = (await self._reader.read_facts(game_id)).seats_of(player.player_id)
        if not seats:
            raise not_seated(facts, game_id)
        if len(seats) > 1:
            # Hot-seat: the player acts for the seat whose turn it is.
            projections = self._reader.projections
            record = projections.remembered(game_id) or await projections.load(game_id)
            if record is not None and record.state.turn in seats:
                return record.state.turn
        return seats[0]

    async def other_seats(self, game_id: str, token: str, seat: int) -> tuple[int, ...]:
        """The seats but `seat` that a token `seat_of` already took acts for: a hot-seat
        player's others (a seat token acts for its own seat only)."""
        if not is_player_token(token):
            return ()
        facts, _ = await self._reader.known_facts(game_id)
        return tuple(other for other in facts.seats_of(player_id_of(token)) if other != seat)

    async def viewer_of(
        self, game_id: str, token: str | None, *, invite_code: str | None = None
    ) -> int | None:
        """A seat for a token, or None (a spectator): no token, or a player's token that
        holds no seat here, sees what anyone sees. A private table has no spectators
        but those with its invite code, and the players its rematch keeps a seat for
        (they claim it without the code): to others it is a 404."""
        if token is not None:
            try:
                return await self.seat_of(game_id, token)
            except ServiceError as refused:
                # Seated nowhere here (at a private table: its 404), a spectator as
                # without a token; a seat token of another game stays refused.
                if refused.code not in ("not_seated", "game_not_found"):
                    raise
        # A spectator of no game is still a 404.
        facts, _ = await self._reader.known_facts(game_id)
        # A player token reaches here authenticated (an unknown one is a 401).
        kept_for = (
            token is not None
            and is_player_token(token)
            and player_id_of(token) in facts.reserved.values()
        )
        if not kept_for and not check_invite(facts, invite_code):
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        return None
