"""Creating a game: every part of the request checked, then its meta and the start
of its log (the first deal, the first turn's deadline) written through the writer.
A table with open seats waits: its first deal is written when it starts."""

from __future__ import annotations

import random
import re
import secrets
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from domain.cards import is_card, not_a_card
from domain.commands import ClaimSeat, Deal, ReserveSeat
from domain.events import AnyEvent, GameStarted
from domain.game import decide, evolve
from domain.opening import Opening, SeatSpec, TableOptions
from domain.rules import RuleSet, build_ruleset, validate_seats
from domain.state import GameState, new_game
from service.app.consequences import Clock, Decided, follow_ups, system_clock
from service.app.envelope import Envelope, envelopes_from, opened_now
from service.app.errors import ServiceError, stored_secret_used
from service.app.execute import Writer
from service.app.game_record import GameRecord
from service.app.players import Player
from service.app.randomness import committed_deal, deal_command
from service.app.reading import GameReader
from service.app.records import CreatedGame, Game, claimant_field, decks_field, info_of
from service.app.seating import (
    TablePolicy,
    creator_fields,
    new_invite_code,
    player_mark,
    reservations,
    table_fields,
)
from service.app.seats import Seats
from service.app.tokens import new_token
from service.app.writes import Write

__all__ = ["CHOSEN_GAME_ID_PATTERN", "Creation", "drawn_game_id", "new_game_id"]


class Creation:
    """New games over the seats' records and the writer."""

    def __init__(
        self,
        seats: Seats,
        writer: Writer,
        reader: GameReader,
        *,
        policy: TablePolicy | None = None,
        clock: Clock = system_clock,
    ) -> None:
        self._seats = seats
        self._writer = writer
        self._reader = reader
        self.policy = policy or TablePolicy()
        self._clock = clock
        self._system_random = secrets.SystemRandom()

    async def create(
        self,
        *,
        seats: Sequence[SeatSpec],
        preset: str = "basic",
        rules: dict[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        turn_time_limit_s: float | None = None,
        private_log: bool = False,
        player: Player | None = None,
        table: TableOptions | None = None,
        reserved: Mapping[int, str] | None = None,
        decks: Sequence[Sequence[str]] | None = None,
        ruleset: RuleSet | None = None,
        game_id: str | None = None,
    ) -> CreatedGame:
        """Validate everything, then write the meta and the start of the log.

        A `player` creating the game sits at its first human seat that is not
        open (the other seats' tokens are theirs to hand out) and hosts it; at a
        hot-seat table they sit at every human seat that is not open (friends on
        their screen), each beyond the first claimed in the log's first events. A
        table with open seats waits: its first hand is dealt once every seat is
        taken or its host starts it. `reserved` keeps seats for players (a rematch).
        `decks` stacks the decks of hands 1, 2, … (`deck` is the first's alone).
        `ruleset` gives the rules whole (a rematch's: an imported game's preset
        `imported` names no preset), instead of `preset` and `rules`. `game_id`: the
        id chosen already (a rematch's, named by its old game's log first)."""
        table = table or TableOptions(expires_after_s=self.policy.waiting_expires_after_s)
        stacked = seed is not None or deck is not None or bool(decks)
        if stacked and not table.private and self.policy.refuse_stacked_public:
            raise ServiceError(
                "stacked_public_table",
                "this server deals public tables from its own shuffle: no seed or deck",
            )
        ruleset = ruleset or build_ruleset(preset, rules)
        stacked_decks = _stacked_decks(ruleset, deck, decks)
        deck = stacked_decks[0] if stacked_decks else None
        table = msgspec.structs.replace(table, rated=ruleset.rated)
        validate_seats(ruleset, len(seats))
        _check_seat_specs(seats)
        seats = tuple(
            msgspec.structs.replace(spec, level=spec.level or 1) if spec.kind == "bot" else spec
            for spec in seats
        )
        secret_seed = seed if seed is not None else secrets.randbits(63)
        game_id = game_id or new_game_id()
        opening = Opening(
            preset=preset,
            seats=seats,
            created_at=opened_now(),
            turn_time_limit_s=turn_time_limit_s,
            private_log=private_log,
            table=table,
            stacked=stacked,
        )
        # As the log reads it back (a limit of 30 is 30.0 there): the meta's copy and
        # its rebuild from the log agree byte for byte.
        opening = msgspec.json.decode(msgspec.json.encode(opening), type=Opening)
        info = info_of(opening, stacked_decks)
        started = GameStarted(
            ruleset=ruleset,
            seats=len(seats),
            bots=tuple(spec.level or 0 if spec.kind == "bot" else 0 for spec in seats),
            host=player_mark(game_id, secret_seed, player.player_id) if player else "",
            opening=opening,
        )
        state = evolve(new_game(ruleset, len(seats)), started)
        # Decided before anything is written (even when the table waits for its
        # start): a refused deck writes nothing.
        dealt = self._deal(state, seed, deck, secret_seed, table.first_dealer)
        waiting = any(spec.open for spec in seats)
        marks = reservations(game_id, secret_seed, reserved or {})
        # A seat is kept only while the table waits: one that does not wait keeps none.
        reserving: Decided = []
        if waiting:
            reserving = [
                (None, event)
                for seat, mark in sorted(marks.items())
                for event in decide(state, None, ReserveSeat(seat=seat, mark=mark))
            ]
        tokens = {
            seat: new_token()
            for seat, spec in enumerate(seats)
            if spec.kind == "human" and not spec.open
        }
        invite_code = new_invite_code() if table.private else None
        friends = _friends_claims(game_id, secret_seed, player, table, sorted(tokens)[1:])
        seated: Decided = [
            (None, event)
            for seat, claim in friends.items()
            for event in decide(state, None, ClaimSeat(seat=seat, claim=claim))
        ]
        extra = (
            creator_fields(player, sorted(tokens))
            | _claimant_fields(player, friends)
            | table_fields(
                waiting=waiting,
                invite_code=invite_code,
                deck=deck,
                reserved={marks[seat]: player_id for seat, player_id in (reserved or {}).items()},
            )
            | decks_field(stacked_decks)
        )
        # Meta before events: a crash in between leaves an invisible orphan
        # record, never a game whose seats nobody can authenticate as.
        registered = await self._seats.register(game_id, info, secret_seed, tokens, extra)
        if player is not None:
            await self._seats.players.file_game(player.player_id, game_id, info.created_ts)

        def first_events(_: Game | None) -> list[Envelope]:
            if waiting:
                return envelopes_from(0, [(None, started), *seated, *reserving], None)
            dealt_state = state
            for _seat, event in dealt:
                dealt_state = evolve(dealt_state, event)
            record = GameRecord(version=1, state=dealt_state)
            dealt_game = Game(
                game_id=game_id, record=record, info=info, claimed=frozenset(), seed=secret_seed
            )
            _after, decided = follow_ups(dealt_game, state, dealt_state, dealt, self._clock)
            return envelopes_from(0, [(None, started), *seated, *decided], None)

        executed = await self._writer.execute(
            game_id, Write(actor="service", decide=first_events, creates=info)
        )
        if executed.after is not None:
            # Its facts as remembered at registering, seated by its log's first events:
            # the meta's copy of the seating was not there yet.
            self._reader.keep_facts(game_id, registered, executed.after.seating)
        if player is not None:
            await self._named_as_now(game_id, player)
        return CreatedGame(
            game_id=game_id,
            version=executed.version,
            tokens=tokens,
            seats=seats,
            invite_code=invite_code,
        )

    async def _named_as_now(self, game_id: str, player: Player) -> None:
        """The creating player's seats under their name as it is now: a rename that ran
        whole while the table was made read their games before it was filed (or before
        its first events, when it finds no game), and the table was made under the name
        read before it. Read again once the table is filed and in its log, as a claim's
        filing reads it (`Seats`)."""
        now = await self._seats.players.get(player.player_id)
        if now is not None and now.name != player.name:
            await self._seats.rename(game_id, player.player_id, now.name)

    def _deal(
        self,
        state: GameState,
        seed: int | None,
        deck: Sequence[str] | None,
        secret_seed: int,
        dealer: int | None,
    ) -> Decided:
        deal = self._first_deal(state, seed, deck)
        if dealer is not None:
            deal = msgspec.structs.replace(deal, dealer=dealer % state.seats)
        return [
            (None, event) for event in decide(state, None, committed_deal(deal, secret_seed, 1))
        ]

    def first_deal(
        self, game: Game, deck: Sequence[str] | None, prelude: Sequence[AnyEvent] = ()
    ) -> list[Envelope]:
        """The events that take a waiting table to its first turn: `prelude` (what
        seats it just now: a claim, the start's bots or removals), then its first hand
        dealt as its creation would have dealt it (from the creator's seed or `deck`,
        its first deck, when stacked, else the system's shuffle)."""
        state = game.record.state
        for event in prelude:
            state = evolve(state, event)
        seed = game.seed if game.info.stacked and deck is None else None
        with stored_secret_used(game.game_id, "first deck"):
            dealt = self._deal(state, seed, deck, game.seed, game.info.table.first_dealer)
        after = state
        for _seat, event in dealt:
            after = evolve(after, event)
        _, decided = follow_ups(game, state, after, dealt, self._clock)
        seated: Decided = [(None, event) for event in prelude]
        return envelopes_from(game.record.version, seated + decided, None)

    def _first_deal(self, state: GameState, seed: int | None, deck: Sequence[str] | None) -> Deal:
        rng = random.Random(seed) if seed is not None else self._system_random
        if deck is None:
            return deal_command(state, rng)
        for card in deck:
            if not is_card(card):
                raise ServiceError("invalid_card", not_a_card(card), card=card)
        dealer = None
        if state.ruleset.first_player == "random":
            dealer = rng.randrange(state.seats)
        return Deal(deck=tuple(deck), dealer=dealer)


def _friends_claims(
    game_id: str, seed: int, player: Player | None, table: TableOptions, seats: Sequence[int]
) -> dict[int, str]:
    """A claim id for each of `seats` (the human seats not open but the creator's
    first) that a hot-seat table's creating player holds too: their friends on their
    screen, seated in the same write as the table, so no one else ever sees them open."""
    if player is None or not table.hot_seat:
        return {}
    mark = player_mark(game_id, seed, player.player_id)
    return {seat: f"{mark}.{secrets.token_hex(4)}" for seat in seats}


def _claimant_fields(player: Player | None, claims: Mapping[int, str]) -> dict[str, bytes]:
    """The secret fields naming the player who made each claim, as a claim from the
    lobby writes them."""
    if player is None:
        return {}
    held = f"{player.player_id}\n{player.name}".encode()
    return {claimant_field(claim): held for claim in claims.values()}


def new_game_id() -> str:
    return uuid.uuid4().hex


# The ids `new_game_id` draws (and every release drew): a version-4 UUID's hex, its
# 13th digit 4 and its 17th one of 8, 9, a, b. The ids a client may choose (an
# import's) are the other 32-hex-digit ids, so no client can name a game the service
# made: a private table's id would otherwise answer "taken" to one who only knows it.
DRAWN_GAME_ID = re.compile(r"[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}")
# The same rule as the OpenAPI document's pattern of a chosen id.
CHOSEN_GAME_ID_PATTERN = "^[0-9a-f]{12}(?:[0-35-9a-f][0-9a-f]{4}|4[0-9a-f]{3}[0-7c-f])[0-9a-f]{15}$"


def drawn_game_id(game_id: str) -> bool:
    """Whether `game_id` is of the kind the service draws for the games it makes."""
    return DRAWN_GAME_ID.fullmatch(game_id) is not None


def _stacked_decks(
    ruleset: RuleSet, deck: Sequence[str] | None, decks: Sequence[Sequence[str]] | None
) -> tuple[tuple[str, ...], ...]:
    """The decks given for the first hands; every one past the first is checked now,
    as its deal comes in some player's command."""
    if deck is not None and decks is not None:
        raise ServiceError("invalid_deck", "give `deck` or `decks`, not both")
    if deck is None and decks is None:
        return ()
    stacked = tuple(tuple(cards) for cards in (decks if decks is not None else [deck or []]))
    pack = sorted(ruleset.pack())
    for hand, cards in enumerate(stacked[1:], start=2):
        if sorted(cards) != pack:
            raise ServiceError(
                "invalid_deck",
                f"the deck of hand {hand} is not a permutation of this game's pack",
                hand_number=hand,
                expected_cards=len(pack),
                given_cards=len(cards),
            )
    return stacked


def _check_seat_specs(seats: Sequence[SeatSpec]) -> None:
    for seat, spec in enumerate(seats):
        if spec.kind == "bot" and spec.open:
            raise ServiceError("invalid_seats", "a bot seat cannot be open", seat=seat)
        if spec.kind == "bot" and spec.level is None:
            raise ServiceError(
                "invalid_seats",
                f"seat {seat} is a bot: give its level (1-4) in seats[{seat}].level",
                seat=seat,
                path=f"$.seats[{seat}].level",
            )
        if spec.kind == "human" and spec.level is not None:
            raise ServiceError("invalid_seats", "only bot seats have a level", seat=seat)
