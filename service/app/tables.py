"""A table's lifecycle around its game: start a waiting table, leave it or remove
a player from it, resign during play, and the rematch that follows a finished game."""

from __future__ import annotations

import asyncio
import time
from typing import Literal

import msgspec

from domain.commands import FillSeat, OfferRematch, RemoveSeats, Resign
from domain.errors import DomainError
from domain.game import decide
from service.app.commands import Handled
from service.app.envelope import Envelope, envelopes_from
from service.app.errors import ServiceError
from service.app.games import GameService
from service.app.leaving import LEAVE_WAIT_S, LEAVE_WAITS, leave_field, waited_for_leaves
from service.app.players import Player, is_player_token
from service.app.records import CreatedGame, Game, MetaFacts, SeatSpec, game_of
from service.app.seating import expired, not_seated, vacated_fields
from service.app.writes import Write

__all__ = ["Caller", "caller_of", "leave", "rematch", "resign", "start"]

# The command id a finished game's rematch is recorded under: the first wins.
_REMATCH_ID = "table:rematch"


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
        await games.known_facts(game_id)  # an unknown game is a 404 first
        player = await games.players.authenticate(token)
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
    if facts.host is not None:
        if caller.player is not None and caller.player.player_id == facts.host:
            return
        # The host's seat token acts for the host's seat, as for any other.
        if any(facts.players.get(seat) == facts.host for seat in caller.seats):
            return
    elif _host_seat(facts) in caller.seats:
        return
    if not caller.seats:
        raise not_seated(facts, game_id)
    raise ServiceError("not_host", "only the table's host may do this")


def _check_waiting(game: Game, facts: MetaFacts, *, expiring: bool = True) -> None:
    """The table waits (and, unless `expiring` is off, has not expired)."""
    if not facts.waiting or game.record.state.hand_number != 0:
        raise ServiceError("table_started", "the table has started")
    if expiring and expired(facts):
        raise ServiceError("table_expired", "nobody joined this table in time: it has expired")


async def start(
    games: GameService, game_id: str, caller: Caller, fill: Literal["bots", "remove"], level: int
) -> Game:
    """The host starts a waiting table: its open seats become bots of `level`, or are
    removed (where the rules allow the seats left); then the first hand is dealt."""
    game, facts = await _table(games, game_id)
    check_host(facts, game_id, caller)
    _check_waiting(game, facts)
    if fill == "remove" and game.open_seats:
        # Checked before the seats are marked for the start: a refused count marks none.
        decide(game.record.state, None, RemoveSeats(seats=game.open_seats))
    if await waited_for_leaves(games, game, facts):
        # Their leaves came first: the table starts as it is now they are done.
        game, facts = await _table(games, game_id)
    if fill == "remove":
        await _remove_open_seats(games, game, facts)
    else:
        # Each seat's compare-and-set, won for the bot: a claim racing the start
        # either won it first (the seat stays theirs) or finds it taken.
        won = [
            seat for seat in game.open_seats if await games.take_seat(game_id, facts, seat, b"bot")
        ]
        await _fill_seats(games, game_id, won, level)
    await games.deal_first_hand(game_id)
    # A rematch's seats kept for players who did not come back: no longer their game.
    seated = set((await games.fresh_facts(game_id)).players.values())
    for player_id in set(facts.reserved.values()) - seated:
        await games.players.unfile_game(player_id, game_id)
    return await games.game(game_id)


async def _table(games: GameService, game_id: str) -> tuple[Game, MetaFacts]:
    """The game, its seats as its meta read last says: the start decides who leaves and
    which seats are open on one read (a leave released between two reads was missed
    by both: not marked as leaving, yet dealt in)."""
    game = await games.game(game_id)
    facts = await games.fresh_facts(game_id)
    return game_of(game_id, facts, game.record), facts


async def _start_failed(games: GameService, game_id: str) -> bool:
    """Whether a start that marked the seats is done without dealing (it failed): the
    table still waits after the moment a start takes."""
    for _ in range(LEAVE_WAITS):
        if (await games.game(game_id)).record.state.hand_number != 0:
            return False
        await asyncio.sleep(LEAVE_WAIT_S)
    return (await games.game(game_id)).record.state.hand_number == 0


async def _fill_seats(games: GameService, game_id: str, seats: list[int], level: int) -> None:
    """A bot of `level` at each seat (SeatFilled in the log, which says who plays it)."""
    if not seats:
        return

    def fill(latest: Game | None) -> list[Envelope]:
        assert latest is not None
        state = latest.record.state
        events = [
            event
            for seat in seats
            for event in decide(state, None, FillSeat(seat=seat, level=level))
        ]
        return envelopes_from(latest.record.version, [(None, e) for e in events], None)

    await games.execute(game_id, Write(actor="service", decide=fill))


async def _remove_open_seats(games: GameService, game: Game, facts: MetaFacts) -> None:
    removed = game.open_seats
    if not removed:
        return
    # Checked before any seat is taken for the start: a refused count changes nothing.
    decide(game.record.state, None, RemoveSeats(seats=removed))
    for taken, seat in enumerate(removed):
        if not await games.take_seat(game.game_id, facts, seat, b"bot"):
            # Refused: the seats taken for the removal are open again, not held by no one.
            reopened = {
                f"reopened:{mine}": str(facts.reopened.get(mine, 0) + 1).encode()
                for mine in removed[:taken]
            }
            if reopened:
                await games.store.put_meta(game.game_id, reopened)
            raise ServiceError("seat_taken", f"seat {seat} was taken just now", seat=seat)
    kept = [seat for seat in range(len(game.info.seats)) if seat not in removed]
    await games.store.put_meta(game.game_id, _renumbered(facts, kept))

    def remove(latest: Game | None) -> list[Envelope]:
        assert latest is not None
        events = decide(latest.record.state, None, RemoveSeats(seats=removed))
        return envelopes_from(latest.record.version, [(None, e) for e in events], None)

    await games.execute(game.game_id, Write(actor="service", decide=remove))


def _renumbered(facts: MetaFacts, kept: list[int]) -> dict[str, bytes]:
    """The meta of a table that closes up: each kept seat's fields under its new
    number, the numbers past the end cleared."""
    info = msgspec.structs.replace(facts.info, seats=tuple(facts.info.seats[old] for old in kept))
    fields: dict[str, bytes] = {"info": msgspec.json.encode(info)}
    # A kept seat's claim moves as a plain mark (its token's hash moves as a token
    # field, below); every claim restarts at its first field.
    per_seat = {
        "claimed": {seat: "1" for seat in facts.claimed},
        "player": facts.players,
        "name": facts.names,
        "reserved": facts.reserved,
        "reopened": {},
    }
    for prefix, values in per_seat.items():
        for new in range(len(facts.info.seats)):
            old = kept[new] if new < len(kept) else None
            value = values.get(old) if old is not None else None
            fields[f"{prefix}:{new}"] = value.encode() if value is not None else b""
    renumber = {old: new for new, old in enumerate(kept)}
    for digest, seat in facts.seats_by_token.items():
        fields[f"token:{digest}"] = str(renumber[seat]).encode() if seat in renumber else b""
    return fields


async def leave(games: GameService, game_id: str, seat: int, caller: Caller) -> None:
    """A seat's holder leaves a waiting table, or its host removes them: the seat is open again."""
    game, facts = await games.game(game_id), await games.fresh_facts(game_id)
    if seat not in caller.seats:
        # First: a stranger learns nothing of a private table, not even its seats.
        check_host(facts, game_id, caller)
    if not 0 <= seat < len(game.info.seats):
        raise ServiceError("seat_not_found", f"no seat {seat}", seat=seat)
    # An expired table still lets its players get up: else it stays in their games for good.
    _check_waiting(game, facts, expiring=False)
    spec = game.info.seats[seat]
    if spec.kind != "human" or not spec.open or seat not in facts.claimed:
        if seat in caller.seats and expired(facts):
            # Nobody will ever play here: its creator puts it out of their games.
            await _unfile(games, game_id, facts.players.get(seat))
            return
        # Only a seat claimed from the lobby goes back to it; the creator's seats stay.
        raise ServiceError("seat_not_open", f"seat {seat} was not taken from the lobby", seat=seat)
    field = leave_field(facts, seat)
    if not await games.store.put_meta_if_absent(game_id, field, b"leave"):
        if not await _start_failed(games, game_id):
            # The start came first: the seat was dealt into the game.
            raise ServiceError("table_started", "the table has started")
        # A start that marked the seat failed before it dealt: the seat is free to go.
        await games.store.put_meta(game_id, {field: b"leave"})
    fields = vacated_fields(facts, seat) | {f"reserved:{seat}": b""}
    if (player_id := facts.players.get(seat)) is not None:
        # One step with the seat's release: the player may sit down here again.
        fields[f"left:{player_id}"] = str(facts.left.get(player_id, 0) + 1).encode()
    await games.store.put_meta(game_id, fields)
    if player_id is not None and facts.seats_of(player_id) == (seat,):
        # Their last seat here: a hot-seat player leaving one of theirs still sits here.
        await _unfile(games, game_id, player_id)
    await games.file_in_lobby(await games.game(game_id))


async def _unfile(games: GameService, game_id: str, player_id: str | None) -> None:
    if player_id is not None:
        await games.players.unfile_game(player_id, game_id)


async def resign(games: GameService, game_id: str, seat: int, level: int | None) -> Handled:
    """The seat gives up: SeatResigned in the log, and a bot plays it to the end."""
    # The seat is the bot's from this event on: the append's own hook schedules it.
    return await games.commands.handle(
        game_id, seat, Resign() if level is None else Resign(level=level)
    )


async def rematch(
    games: GameService, game_id: str, caller: Caller
) -> tuple[str, CreatedGame | None]:
    """A waiting table with the same rules and players, the dealer moved on; the old
    game's log names it (RematchOffered). Each player claims their own seat, kept
    for them. The first rematch asked for wins: later ones get its id (and None)."""
    game, facts = await games.game(game_id), await games.fresh_facts(game_id)
    if not caller.seats:
        raise not_seated(facts, game_id)
    state = game.record.state
    if state.phase != "over":
        raise ServiceError("game_not_over", "the game is still being played")
    if game.rematch is not None:
        return game.rematch, None
    seats = tuple(_rematch_seat(game, seat, caller) for seat in range(state.seats))
    table = msgspec.structs.replace(
        game.info.table,
        first_dealer=(state.dealer + 1) % state.seats,
        rematch_of=game_id,
        expires_after_s=games.tables.waiting_expires_after_s,
    )
    created = await games.create(
        seats=seats,
        preset=game.info.preset,
        ruleset=state.ruleset,
        turn_time_limit_s=game.info.turn_time_limit_s,
        private_log=game.info.private_log,
        player=caller.player,
        table=table,
        reserved={s: p for s, p in facts.players.items() if s != caller.seats[0]},
    )
    try:
        await games.commands.handle(
            game_id,
            caller.seats[0],
            OfferRematch(game_id=created.game_id),
            command_id=_REMATCH_ID,
            system_id=True,
        )
    except (DomainError, ServiceError) as refused:
        # Ours was not recorded: it is removed (nobody was shown its tokens), and
        # dropped from its creator's games. Either another seat's rematch was
        # recorded first (the caller gets that one), or the rules refused the
        # caller's seat (a seat that resigned): the refusal is the answer.
        await games.store.remove_game(created.game_id)
        if caller.player is not None:
            await games.players.unfile_game(caller.player.player_id, created.game_id)
        if refused.code != "command_id_reused":
            raise
        return await _recorded_rematch(games, game_id), None
    for player_id in set(facts.players.values()):
        # Filed now: the rematch is each player's newest game.
        await games.players.file_game(player_id, created.game_id, time.time())
    return created.game_id, created


def _rematch_seat(game: Game, seat: int, caller: Caller) -> SeatSpec:
    """The seat at the rematch: bots stay, an open seat a bot took stays that bot,
    the caller sits again at once, every other human seat waits for its player."""
    spec = game.info.seats[seat]
    if spec.kind == "bot":
        return spec
    if seat in game.filled:
        return SeatSpec(kind="bot", level=game.filled[seat])
    return SeatSpec(kind="human", open=seat != caller.seats[0])


async def _recorded_rematch(games: GameService, game_id: str) -> str:
    recorded = (await games.game(game_id)).rematch
    if recorded is None:
        raise ServiceError("game_not_found", "the rematch was not recorded", game_id=game_id)
    return recorded
