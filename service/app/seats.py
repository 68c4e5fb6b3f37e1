"""Seats: a game's meta record and its seat tokens, claiming an open seat, and
which seat a bearer token opens (a seat token, or a player token for every seat
its player holds)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence

import msgspec

from domain.commands import ClaimSeat, Knock, SeatCommand
from domain.drawing import may_knock
from domain.events import AnyEvent
from domain.game import decide
from service.app.envelope import Envelope, service_envelopes
from service.app.errors import ServiceError
from service.app.execute import Writer
from service.app.players import Player, PlayerService
from service.app.reading import GameReader
from service.app.records import (
    CLAIM_TOKEN,
    Game,
    GameInfo,
    MetaFacts,
    check_game_id,
    claimant_field,
    open_seats_of,
    renamed_field,
    seated_by,
)
from service.app.seating import (
    check_can_claim,
    check_hot_seat_claim,
    check_invite,
    check_one_seat_each,
    check_seat,
    hosts,
    new_claim,
    not_seated,
    outsider_refusal,
)
from service.app.tokens import is_player_token, new_token, player_id_of, token_hash
from service.app.writes import Write
from service.store import EventStore

# The first deal of a waiting table, after the events that seat it (`Creation.first_deal`).
FirstDeal = Callable[[Game, Sequence[str] | None, Sequence[AnyEvent]], list[Envelope]]

__all__ = ["FirstDeal", "Seats"]


class Seats:
    """Seat tokens over the store's meta records (only the tokens' hashes are kept)."""

    def __init__(
        self,
        store: EventStore,
        reader: GameReader,
        players: PlayerService,
        writer: Writer,
    ) -> None:
        self._store = store
        self._reader = reader
        self._writer = writer
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
            *(self._store.put_token_owner(token_hash(token), game_id) for token in tokens.values()),
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
        first_deal: FirstDeal,
    ) -> str:
        """A token for an open human seat: a `seat_claimed` appended at the version
        the claim was decided on, so of concurrent claims exactly one wins. The claim
        that takes a waiting table's last open seat deals its first hand in the same
        step (`first_deal`). With a `player` the seat is theirs too: their player
        token acts for it."""
        check_game_id(game_id)  # only ids this service made name a game
        facts = await self._reader.read_facts(game_id)
        kept = player is not None and _at_table(game_id, facts, player.player_id)
        if not check_invite(facts, invite_code) and not kept:
            # A private table does not exist for whoever lacks its code.
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        check_seat(facts, seat)
        check_hot_seat_claim(facts, game_id, seat, player)
        check_can_claim(facts, seat, player)  # refused before anything is written
        claim = new_claim(game_id, facts, player)
        token = new_token()
        digest = token_hash(token)
        # The secrets and the token's game first, under the claim's own id: a claim
        # that loses (or stops before its append) leaves fields the log never names
        # and a token nobody holds; one whose append is in has its token's game too.
        hidden = {f"token:{digest}": (CLAIM_TOKEN + claim).encode()}
        if player is not None:
            hidden[claimant_field(claim)] = f"{player.player_id}\n{player.name}".encode()
            if facts.meta.get(renamed_field(player.player_id)):
                # A name they gave themselves while seated here before: theirs now wins.
                hidden[renamed_field(player.player_id)] = player.name.encode()
        await asyncio.gather(
            self._store.put_meta(game_id, hidden), self._store.put_token_owner(digest, game_id)
        )

        def claiming(game: Game | None) -> list[Envelope]:
            assert game is not None
            seated = seated_by(facts, game.record)
            check_seat(seated, seat)
            if seat in game.filled or game.record.state.hand_number != 0:
                # Dealt, or its seat taken by a bot the start seated: started either way.
                raise ServiceError("table_started", "the table has started", seat=seat)
            check_hot_seat_claim(seated, game_id, seat, player)
            check_can_claim(seated, seat, player)
            if not game.info.table.hot_seat:
                check_one_seat_each(game.record, claim)
            events = decide(game.record.state, None, ClaimSeat(seat=seat, claim=claim))
            if open_seats_of(seated.info, seated.claimed) == (seat,):
                return first_deal(game, seated.first_deck, events)
            return service_envelopes(game.record.version, events)

        await self._writer.execute(game_id, Write(actor="service", decide=claiming))
        if player is not None:
            await self._file(game_id, player, facts.info.created_ts)
        return token

    async def _file(self, game_id: str, player: Player, created_ts: float) -> None:
        """The table among the player's games once their claim is in, as the player is
        now: a leave or a rename that ran whole meanwhile read their games before this
        filing, so each is read again after it (and is seen here, or sees the filing)."""
        await self.players.file_game(player.player_id, game_id, created_ts)
        if not (await self._reader.read_facts(game_id)).seats_of(player.player_id):
            await self.players.unfile_game(player.player_id, game_id)  # given back since
            return
        now = await self.players.get(player.player_id)
        if now is not None and now.name != player.name:
            await self.rename(game_id, player.player_id, now.name)

    async def rename(self, game_id: str, player_id: str, name: str) -> None:
        """Show `name` at every seat the player holds here. Written under the player,
        not a seat: a start that closes the seats up moves it along."""
        await self._store.put_meta(game_id, {renamed_field(player_id): name.encode()})
        await self._reader.read_facts(game_id)  # this process shows the name at once

    async def seat_of(self, game_id: str, token: str | None) -> int:
        """The seat a token opens in this game; 401 for no or an unknown token,
        403 for another game's."""
        return (await self.seat_found(game_id, token))[0]

    async def seat_found(self, game_id: str, token: str | None) -> tuple[int, MetaFacts]:
        """`seat_of`'s seat, and the game's facts it was found in: a command's write
        decides on these (`Write.facts`) instead of looking them up again.

        The caller is known before the game is looked for: no token, or one that
        opens nothing anywhere, is a 401 whether the game is there or not. Else a
        private table would be told from no game by anyone sending no token or a
        made-up one (401 there, 404 for an id no game has)."""
        if token is None:
            raise ServiceError("missing_token", "this route needs 'Authorization: Bearer <token>'")
        try:
            facts, remembered = await self._reader.known_facts(game_id)
        except ServiceError as missing:
            if missing.code == "game_not_found":
                await self.known_token(token)
            raise
        if is_player_token(token):
            return await self._seat_of_player(game_id, facts, remembered, token)
        digest = token_hash(token)
        seat = facts.seats_by_token.get(digest)
        if seat is not None:
            return seat, facts
        if remembered:
            # The seat may have been claimed through another process since.
            fresh = await self._reader.read_facts(game_id)
            seat = fresh.seats_by_token.get(digest)
            if seat is not None:
                return seat, fresh
        owner = await self._store.token_owner(digest)
        if owner is not None:
            message = (
                "this token's seat was given back: it opens no seat here"
                if owner == game_id
                else "the token belongs to another game"
            )
            raise outsider_refusal(facts, game_id, "wrong_game", message)
        raise ServiceError("invalid_token", "unknown token")

    async def known_token(self, token: str) -> None:
        """401 `invalid_token` unless `token` is a player's or opens a seat somewhere."""
        if is_player_token(token):
            await self.players.authenticate(token)
        elif await self._store.token_owner(token_hash(token)) is None:
            raise ServiceError("invalid_token", "unknown token")

    async def _seat_of_player(
        self, game_id: str, facts: MetaFacts, remembered: bool, token: str
    ) -> tuple[int, MetaFacts]:
        player = await self.players.authenticate(token)
        seats = facts.seats_of(player.player_id)
        if not seats and remembered:
            # The seat may have been claimed through another process since.
            fresh = await self._reader.read_facts(game_id)
            if seats := fresh.seats_of(player.player_id):
                facts = fresh
        if not seats:
            raise not_seated(facts, game_id)
        if len(seats) > 1:
            # Hot-seat: the player acts for the seat whose turn it is, as the store has
            # it: another process (the worker's bot, timer or resigned seat, another
            # API node) may have passed the turn since this one last folded the game.
            record = await self._reader.projections.load(game_id)
            if record is not None:
                # A seat that resigned is its bot's: the player acts for the others.
                playing = [seat for seat in seats if seat not in record.state.resigned]
                if record.state.turn in playing:
                    return record.state.turn, facts
                return (playing[0] if playing else seats[0]), facts
        return seats[0], facts

    async def other_seats(self, game_id: str, token: str, seat: int) -> tuple[int, ...]:
        """The seats but `seat` that a token `seat_of` already took acts for: a hot-seat
        player's others (a seat token acts for its own seat only)."""
        if not is_player_token(token):
            return ()
        facts, _ = await self._reader.known_facts(game_id)
        return tuple(other for other in facts.seats_of(player_id_of(token)) if other != seat)

    async def command_seat(
        self, game_id: str, token: str | None, command: SeatCommand
    ) -> tuple[int, MetaFacts]:
        """The seat a command sent with `token` is for: the one `seat_of` finds (a
        hot-seat player's: the seat to play), but a knock by a hot-seat player is for
        the first of their seats that may knock and did not resign, the window after a
        discard being the other seats'. With the facts it was found in, for the write."""
        seat, facts = await self.seat_found(game_id, token)
        if not isinstance(command, Knock) or token is None:
            return seat, facts
        others = await self.other_seats(game_id, token, seat)
        if not others:
            return seat, facts
        # As the store has it (the knock window opens at another process's discard).
        record = await self._reader.projections.load(game_id)
        if record is None:
            return seat, facts
        state = record.state
        # A resigned seat is a bot's: its owner's commands for it are refused.
        knockers = (s for s in (seat, *others) if s not in state.resigned and may_knock(state, s))
        return next(knockers, seat), facts

    async def viewer_of(
        self, game_id: str, token: str | None, *, invite_code: str | None = None
    ) -> int | None:
        """A seat for a token, or None (a spectator): no token, or a player's token that
        holds no seat here, sees what anyone sees. A private table has no spectators
        but those with its invite code, its host, and the players its rematch keeps a
        seat for (they claim it without the code): to others it is a 404."""
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
            and _at_table(game_id, facts, player_id_of(token))
        )
        if not kept_for and not check_invite(facts, invite_code):
            raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
        return None


def _at_table(game_id: str, facts: MetaFacts, player_id: str) -> bool:
    """Whether a private table is the player's to see and sit at without its code,
    from no seat: they host it, or a seat of it is kept for them (a rematch's)."""
    return player_id in facts.reserved.values() or hosts(facts, game_id, player_id)
