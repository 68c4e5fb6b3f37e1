"""A table's lifecycle around its game: start a waiting table, leave it or remove
a player from it, resign during play, and the rematch that follows a finished game."""

from __future__ import annotations

import asyncio
import time
from datetime import datetime
from typing import Literal

import msgspec

from domain.commands import FillSeat, LeaveSeat, OfferRematch, RemoveSeats, Resign
from domain.errors import DomainError
from domain.events import RematchOffered
from domain.game import decide
from domain.opening import SeatSpec
from domain.rules import PRESETS, RuleSet
from service.app.creation import new_game_id
from service.app.envelope import Envelope, service_envelopes
from service.app.errors import ServiceError
from service.app.game_record import UNCLAIMED
from service.app.games import GameService
from service.app.player_games import unfile_unless_among
from service.app.players import Player
from service.app.records import CreatedGame, Game, MetaFacts, open_seats_of, seated_by
from service.app.seating import check_seat, expired, host_mark, hosts, not_seated
from service.app.tokens import is_player_token
from service.app.writes import Executed, Write

__all__ = ["Caller", "caller_of", "leave", "own_rematch", "rematch", "resign", "start"]

# The command id a finished game's rematch is recorded under: the first wins.
_REMATCH_ID = "table:rematch"
# How long after its offer a rematch may still be being made (by the ask that won):
# another ask waits for it that long, and makes another only past it.
MAKING_S = 5.0
_MAKING_POLL_S = 0.02
# The offer is among the finished log's last events (declined seats follow it).
_OFFER_LOOKBACK = 64


class Caller(msgspec.Struct, frozen=True, kw_only=True):
    """Who calls a table route: a player (with the seats they hold here) or a seat token."""

    player: Player | None
    seats: tuple[int, ...]


async def caller_of(
    games: GameService, game_id: str, token: str | None, facts: MetaFacts | None = None
) -> Caller:
    """The caller at this table: 401 without a valid token, 403 `wrong_game` for a
    seat token of another game. A player holding no seat here is a Caller all the
    same (the host of a table whose seats are all open), with no seats. `facts`: the
    game's, read fresh just now by the caller (else read here)."""
    if token is not None and is_player_token(token):
        # The caller first (401), then the game (404), as `Seats.seat_found` does.
        player = await games.players.authenticate(token)
        await games.known_facts(game_id)
        facts = facts or await games.fresh_facts(game_id)
        return Caller(player=player, seats=facts.seats_of(player.player_id))
    return Caller(player=None, seats=(await games.seat_of(game_id, token),))


def _host_seat(facts: MetaFacts) -> int | None:
    """Without a host player, the first human seat dealt a token at creation hosts."""
    for seat, spec in enumerate(facts.info.seats):
        if spec.kind == "human" and not spec.open:
            return seat
    return None


def check_host(facts: MetaFacts, game_id: str, caller: Caller) -> None:
    if host_mark(facts) or facts.host is not None:
        if caller.player is not None and hosts(facts, game_id, caller.player.player_id):
            return
        # The host's seat token acts for the host's seat, as for any other.
        seated = (facts.players.get(seat) for seat in caller.seats)
        if any(player is not None and hosts(facts, game_id, player) for player in seated):
            return
    elif _host_seat(facts) in caller.seats:
        return
    if not caller.seats:
        raise not_seated(facts, game_id)
    raise ServiceError("not_host", "only the table's host may do this")


def _check_waiting(game: Game, facts: MetaFacts, *, expiring: bool = True) -> None:
    """The table waits (and, unless `expiring` is off, has not expired)."""
    if game.record.state.hand_number != 0 or game.record.state.phase != "deal":
        raise ServiceError("table_started", "the table has started")
    if expiring and expired(facts):
        raise ServiceError("table_expired", "nobody joined this table in time: it has expired")


async def start(
    games: GameService, game_id: str, caller: Caller, fill: Literal["bots", "remove"], level: int
) -> Game:
    """The host starts a waiting table: its open seats become bots of `level`, or are
    removed (where the rules allow the seats left), and its first hand is dealt, in
    one step decided on the table as its log stands (a claim or a leave just before
    is in, one just after finds the table started)."""
    facts = await games.fresh_facts(game_id)
    check_host(facts, game_id, caller)

    def starting(game: Game | None) -> list[Envelope]:
        assert game is not None
        seated = seated_by(facts, game.record)
        _check_waiting(game, seated)
        state = game.record.state
        opened = open_seats_of(seated.info, seated.claimed)
        if fill == "remove":
            prelude = decide(state, None, RemoveSeats(seats=opened)) if opened else []
        else:
            prelude = [
                event
                for seat in opened
                for event in decide(state, None, FillSeat(seat=seat, level=level))
            ]
        return games.first_deal(game, seated.first_deck, prelude)

    await games.execute(game_id, Write(actor="service", decide=starting))
    # A rematch's seats kept for players who did not come back: no longer their game.
    seated = set((await games.fresh_facts(game_id)).players.values())
    for player_id in set(facts.reserved.values()) - seated:
        await games.players.unfile_game(player_id, game_id)
    return await games.game(game_id)


async def leave(games: GameService, game_id: str, seat: int, caller: Caller) -> None:
    """A seat's holder leaves a waiting table, or its host removes them: the seat is
    open again (`seat_left`, decided on the table as its log stands: the claim the
    caller saw must still hold the seat, and the table must not have started). A
    player a rematch keeps the seat for declines it the same way."""
    facts = await games.fresh_facts(game_id)
    if caller.seats and not facts.waiting:
        # A player at the table, naming the seat they saw before a start closed the
        # seats up: the table started, whoever holds that number now.
        raise ServiceError("table_started", "the table has started")
    if seat not in caller.seats:
        if caller.player is not None and facts.reserved.get(seat) == caller.player.player_id:
            await _decline(games, game_id, seat, caller.player.player_id)
            return
        # First: a stranger learns nothing of a private table, not even its seats.
        check_host(facts, game_id, caller)
    check_seat(facts, seat)
    if not facts.waiting:
        raise ServiceError("table_started", "the table has started")
    spec = facts.info.seats[seat]
    if spec.kind != "human" or not spec.open or seat not in facts.claimed:
        if expired(facts):
            # Nobody will ever play here: its creator (or its host, seated nowhere:
            # the check above let no one else this far) puts it out of their games.
            player = caller.player.player_id if caller.player is not None else None
            await _unfile(games, game_id, facts.players.get(seat, player))
            return
        # Only a seat claimed from the lobby goes back to it; the creator's seats stay.
        raise ServiceError("seat_not_open", f"seat {seat} was not taken from the lobby", seat=seat)
    held_under = facts.seating.claim_of(seat) if facts.seating is not None else UNCLAIMED

    def leaving(game: Game | None) -> list[Envelope]:
        assert game is not None
        # An expired table still lets its players get up: else it stays in their games.
        _check_waiting(game, seated_by(facts, game.record), expiring=False)
        seating = game.record.seating
        if seating is not None and seating.claim_of(seat) != held_under:
            raise ServiceError("seat_not_open", f"seat {seat} changed hands just now", seat=seat)
        events = decide(game.record.state, None, LeaveSeat(seat=seat))
        return service_envelopes(game.record.version, events)

    await games.execute(game_id, Write(actor="service", decide=leaving))
    player_id = facts.players.get(seat)
    if player_id is not None:
        await unfile_unless_among(games, game_id, player_id, facts.info.created_ts)


async def _decline(games: GameService, game_id: str, seat: int, player_id: str) -> None:
    """The player a rematch keeps `seat` for gives it back (`seat_left`: the lobby's
    again, decided on the table as its log stands) and the table leaves their games,
    unless they still sit, have a seat kept or host there."""
    facts = await games.fresh_facts(game_id)

    def declining(game: Game | None) -> list[Envelope]:
        assert game is not None
        seated = seated_by(facts, game.record)
        # An expired table too: else it stays in their games.
        _check_waiting(game, seated, expiring=False)
        if seated.reserved.get(seat) != player_id:
            raise ServiceError("seat_not_open", f"seat {seat} is no longer kept", seat=seat)
        events = decide(game.record.state, None, LeaveSeat(seat=seat))
        return service_envelopes(game.record.version, events)

    await games.execute(game_id, Write(actor="service", decide=declining))
    await unfile_unless_among(games, game_id, player_id, facts.info.created_ts)


async def _unfile(games: GameService, game_id: str, player_id: str | None) -> None:
    if player_id is not None:
        await games.players.unfile_game(player_id, game_id)


async def resign(games: GameService, game_id: str, seat: int, level: int | None) -> Executed:
    """The seat gives up: SeatResigned in the log, and a bot plays it to the end."""
    # The seat is the bot's from this event on: the append's own hook schedules it.
    return await games.commands.handle(
        game_id, seat, Resign() if level is None else Resign(level=level)
    )


async def rematch(
    games: GameService, game_id: str, caller: Caller
) -> tuple[str, CreatedGame | None, int | None]:
    """A waiting table with the same rules and players, the dealer moved on; the old
    game's log names it (RematchOffered). Each player claims their own seat, kept
    for them (at a hot-seat table, its host sits at every seat they held, and the
    table is dealt at once). With the new game its seat the caller asked as. The first
    rematch asked for wins: later ones get its id (and None, None),
    until it expired unplayed; then the next ask makes another (as for an imported
    game, whose log names its source's rematch).

    The offer is recorded first, under an id chosen for the table, and the table is
    made after it: the ask that loses a race makes nothing (it made a whole table,
    dealt and filed, and removed it). A table whose maker died between the two
    writes is never made: the next ask, once MAKING_S passed, makes another."""
    game, facts = await games.game(game_id), await games.fresh_facts(game_id)
    if not caller.seats:
        raise not_seated(facts, game_id)
    state = game.record.state
    if state.phase != "over":
        raise ServiceError("game_not_over", "the game is still being played")
    command_id = _REMATCH_ID
    # This game's rematch that expired unplayed: the new one replaces it.
    replaced: str | None = None
    if game.rematch is not None:
        previous = await _rematch_made(games, game)
        if previous is not None:
            if not expired(previous):
                return game.rematch, None, None
            replaced = game.rematch
        # One rematch after each that is not to be played: concurrent asks make one.
        command_id = f"{_REMATCH_ID}:{game.rematch}"
    # A hot-seat player who resigned one of their seats asks as one they played on.
    asking = next((seat for seat in caller.seats if seat not in game.resigned), caller.seats[0])
    new_id = new_game_id()
    try:
        await games.commands.handle(
            game_id,
            asking,
            OfferRematch(game_id=new_id),
            command_id=command_id,
            system_id=True,
        )
    except (DomainError, ServiceError) as refused:
        # Another seat's rematch was recorded first (the caller gets that one, once
        # made), or the rules refused the caller's seat (a seat that resigned).
        if refused.code != "command_id_reused":
            raise
        recorded = await games.game(game_id)
        if recorded.rematch is None:
            raise ServiceError(
                "game_not_found", "the rematch was not recorded", game_id=game_id
            ) from None
        await _rematch_made(games, recorded)
        return recorded.rematch, None, None
    # A seat token acts for its seat as its player's token does: the seat's player
    # sits again (and hosts) whichever of the two asked.
    player = caller.player or await _player_at(games, facts, asking)
    sitting = {asking}
    if game.info.table.hot_seat and player is not None:
        # Friends on one screen: their host sits at every seat they held, at once, as
        # the table's creation seated them (no seat left for them to claim one by one).
        sitting |= {seat for seat, held in facts.players.items() if held == player.player_id}
    seats = tuple(_rematch_seat(game, seat, sitting) for seat in range(state.seats))
    table = msgspec.structs.replace(
        game.info.table,
        first_dealer=(state.dealer + 1) % state.seats,
        rematch_of=game_id,
        expires_after_s=games.tables.waiting_expires_after_s,
    )
    created = await games.create(
        seats=seats,
        preset=game.info.preset,
        ruleset=_rematch_rules(game),
        turn_time_limit_s=game.info.turn_time_limit_s,
        private_log=game.info.private_log,
        player=player,
        table=table,
        reserved={s: p for s, p in facts.players.items() if s not in sitting},
        game_id=new_id,
    )
    for player_id in set(facts.players.values()):
        # Filed now: the rematch is each player's newest game; the one it replaces
        # (expired unplayed) leaves their games.
        await games.players.file_game(player_id, created.game_id, time.time())
        if replaced is not None:
            await games.players.unfile_game(player_id, replaced)
    return created.game_id, created, asking


async def own_rematch(games: GameService, game: Game) -> str | None:
    """The game's rematch, if it was made from this game and is still here."""
    return game.rematch if await _own_rematch_facts(games, game) is not None else None


async def _own_rematch_facts(games: GameService, game: Game) -> MetaFacts | None:
    """The facts of the game's rematch, if it was made from this game and is still
    here: an imported copy's log names its source's rematch (the copy's seats hold
    nothing there), and a rematch removed after it expired is no table to go to."""
    if game.rematch is None:
        return None
    return _made_from(game, await _facts_unless_gone(games, game.rematch))


async def _rematch_made(games: GameService, game: Game) -> MetaFacts | None:
    """`_own_rematch_facts`, once made: a rematch another ask recorded moments ago
    (its offer less than MAKING_S old) and is making now is waited for."""
    if game.rematch is None:
        return None
    facts = await _facts_unless_gone(games, game.rematch)
    if facts is None:
        offered = await _offered_at(games, game)
        while facts is None and offered is not None and time.time() < offered + MAKING_S:
            await asyncio.sleep(_MAKING_POLL_S)
            facts = await _facts_unless_gone(games, game.rematch)
    return _made_from(game, facts)


def _made_from(game: Game, facts: MetaFacts | None) -> MetaFacts | None:
    """`facts`, if they are of a table made as this game's rematch."""
    return facts if facts is not None and facts.info.table.rematch_of == game.game_id else None


async def _offered_at(games: GameService, game: Game) -> float | None:
    """When the log offered the game's rematch (seconds since the epoch)."""
    after = max(0, game.record.version - _OFFER_LOOKBACK)
    for envelope in reversed(await games.log(game.game_id, after=after)):
        if isinstance(envelope.event, RematchOffered) and envelope.event.game_id == game.rematch:
            return datetime.fromisoformat(envelope.at).timestamp()
    return None


async def _facts_unless_gone(games: GameService, game_id: str) -> MetaFacts | None:
    try:
        return await games.fresh_facts(game_id)
    except ServiceError as missing:
        if missing.code != "game_not_found":
            raise
        return None


async def _player_at(games: GameService, facts: MetaFacts, seat: int) -> Player | None:
    """The player holding `seat` (None: a seat held by its token alone)."""
    player_id = facts.players.get(seat)
    return await games.players.get(player_id) if player_id is not None else None


def _rematch_rules(game: Game) -> RuleSet:
    """The rules again; a rematch of an imported game is a training table: its rules
    came from elsewhere, under no preset (`imported`), and no ladder is theirs."""
    ruleset = game.record.state.ruleset
    if game.info.preset in PRESETS:
        return ruleset
    return msgspec.structs.replace(ruleset, rated=False)


def _rematch_seat(game: Game, seat: int, sitting: set[int]) -> SeatSpec:
    """The seat at the rematch: bots stay, an open seat a bot took stays that bot,
    the caller sits again at once (at each of `sitting`), every other human seat
    waits for its player."""
    spec = game.info.seats[seat]
    if spec.kind == "bot":
        return spec
    if seat in game.filled:
        return SeatSpec(kind="bot", level=game.filled[seat])
    return SeatSpec(kind="human", open=seat not in sitting)
