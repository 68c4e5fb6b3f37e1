"""A player's use cases across games: their games with whose turn it is, a rename
that every table they sit at shows, and their games' index rebuilt from the tables."""

from __future__ import annotations

import asyncio
import logging
from typing import Literal

import msgspec

from service.app.errors import UNREADABLE_RECORD, ServiceError
from service.app.games import GameService
from service.app.players import Player
from service.app.records import Game, MetaFacts, lobby_status
from service.app.seating import among_players_games, players_at, waited_too_long

__all__ = [
    "PlayerGame",
    "PlayerGameStatus",
    "player_games",
    "rebuild_players_games",
    "rename_player",
    "status_of",
    "unfile_unless_among",
]

PlayerGameStatus = Literal["waiting", "active", "finished"]

_log = logging.getLogger(__name__)

# How many of a player's newest games a listing looks through: a bound on the
# work of one request (older games stay in the index; a rename reaches them all).
SCAN_LIMIT = 500
_CHUNK = 50
# A rename reads the player's games this many at a time, each page's games at once.
RENAME_PAGE = 100
# Passes of one rename while renames racing it change the record (bounded: a rename
# that comes later makes its own passes).
RENAME_PASSES = 3


class PlayerGame(msgspec.Struct, frozen=True, kw_only=True):
    """One of the player's games: their seats, and whose turn it is."""

    game_id: str
    status: PlayerGameStatus
    preset: str
    seats: tuple[int, ...]
    turn: int | None
    your_turn: bool
    names: tuple[str | None, ...]
    version: int
    created_at: str
    # A waiting table nobody joined in time (the summary's `expired`): its seated
    # players may leave it, which takes it out of their games.
    expired: bool


def status_of(game: Game) -> PlayerGameStatus:
    return lobby_status(game)


def _entry(game: Game, player_id: str) -> PlayerGame:
    state = game.record.state
    seats = tuple(seat for seat, held_by in sorted(game.players.items()) if held_by == player_id)
    turn = state.turn if state.phase in ("draw", "play") else None
    status = status_of(game)
    return PlayerGame(
        game_id=game.game_id,
        status=status,
        preset=game.info.preset,
        seats=seats,
        turn=turn,
        # A seat that resigned is its bot's: its turns are not the player's.
        your_turn=turn is not None and turn in seats and turn not in state.resigned,
        names=tuple(game.names.get(seat) for seat in range(len(game.info.seats))),
        version=game.record.version,
        created_at=game.info.created_at,
        expired=status == "waiting" and waited_too_long(game.info),
    )


async def _games_of(games: GameService, player_id: str) -> list[Game]:
    found: list[Game] = []
    for offset in range(0, SCAN_LIMIT, _CHUNK):
        game_ids = await games.players.game_ids(player_id, _CHUNK, offset)
        # A chunk's games are read at once: one wait for the store, not one a game.
        chunk = await asyncio.gather(*(_game_or_none(games, game_id) for game_id in game_ids))
        found.extend(game for game in chunk if game is not None)
        if len(game_ids) < _CHUNK:
            break
    return found


async def player_games(
    games: GameService,
    player: Player,
    status: PlayerGameStatus | None,
    limit: int,
    offset: int,
) -> list[PlayerGame]:
    """The player's games, newest first, of one status (or all)."""
    entries = [_entry(game, player.player_id) for game in await _games_of(games, player.player_id)]
    chosen = [entry for entry in entries if status is None or entry.status == status]
    return chosen[offset : offset + limit]


async def rename_player(games: GameService, player: Player, name: str) -> Player:
    """Rename the player, and the seats they hold in every game not yet finished.

    The player's record is renamed first (what every later claim copies); then
    every game filed under the player is read, RENAME_PAGE at a time and the games
    of a page at once, not just the newest SCAN_LIMIT a listing looks through. A
    rename cut short leaves older tables with the old name: the same rename again
    completes it (it writes only the seats that still show another name).

    Two renames at once interleave their writes: each, once done, reads the record
    again, and while it holds another name (the other rename's, which this one may
    have written over) writes that one everywhere, so the last to finish leaves
    every table with the record's name. The player as the record has them."""
    renamed = await games.players.rename(player, name)
    for _ in range(RENAME_PASSES):
        await _name_every_table(games, player.player_id, renamed.name)
        kept = await games.players.get(player.player_id)
        if kept is None or kept.name == renamed.name:
            break
        renamed = msgspec.structs.replace(renamed, name=kept.name)
    return renamed


async def _name_every_table(games: GameService, player_id: str, name: str) -> None:
    offset = 0
    while True:
        game_ids = await games.players.game_ids(player_id, RENAME_PAGE, offset)
        loaded = await asyncio.gather(*(_game_or_none(games, game_id) for game_id in game_ids))
        await asyncio.gather(
            *(_rename_seats(games, game, player_id, name) for game in loaded if game)
        )
        if len(game_ids) < RENAME_PAGE:
            return
        offset += RENAME_PAGE


async def _game_or_none(games: GameService, game_id: str) -> Game | None:
    try:
        return await games.game(game_id)
    except ServiceError:
        return None  # gone (expired): the index is only a cache
    except UNREADABLE_RECORD:
        # One game's bad record costs the player that game's line, not the whole list.
        _log.warning("game %s: its records are unreadable", game_id, exc_info=True)
        return None


async def _rename_seats(games: GameService, game: Game, player_id: str, name: str) -> None:
    if status_of(game) == "finished":
        return  # a finished table keeps the names it was played under
    held = [seat for seat, held_by in game.players.items() if held_by == player_id]
    if any(game.names.get(seat) != name for seat in held):
        await games.seats.rename(game.game_id, player_id, name)


async def rebuild_players_games(games: GameService) -> int:
    """File every game again among the games of each player it holds (a seat, a seat
    kept for them, or hosting it, as a leave decides): each player's index is only a
    cache of the tables. A table not yet finished shows each player's name as their
    record has it now (a rename's copy at the table is a cache of the record). The
    number of filings. Filing is idempotent, so it is safe while the service runs;
    it adds, and leaves any line it finds to the leaves."""
    filed = 0
    names: dict[str, str | None] = {}
    async for game in games.reader.every_game():
        if await _replaced_rematch(games, game):
            continue  # its players' games dropped it for the one that replaced it
        facts = await _facts_now(games, game.game_id)
        if facts is None:
            continue  # removed since it was listed
        game_id, created_ts = game.game_id, facts.info.created_ts
        filing = [
            player_id
            for player_id in sorted(players_at(facts))
            if among_players_games(facts, game_id, player_id)
        ]
        for player_id in filing:
            await games.players.file_game(player_id, game_id, created_ts)
            # The names at a table not yet finished are its players' own: a rename the
            # table missed (its copy lost, or the rename cut short) is made here.
            await _name_from_record(games, game, player_id, names)
        # Looked at again, once: a leave that unfiled since that read would be undone.
        now = await _facts_now(games, game_id)
        for player_id in filing:
            if now is None or not among_players_games(now, game_id, player_id):
                await unfile_unless_among(games, game_id, player_id, created_ts)
        filed += len(filing)
    return filed


async def _name_from_record(
    games: GameService, game: Game, player_id: str, names: dict[str, str | None]
) -> None:
    if player_id not in names:
        player = await games.players.get(player_id)
        names[player_id] = player.name if player is not None else None
    name = names[player_id]
    if name is not None:
        await _rename_seats(games, game, player_id, name)


async def _replaced_rematch(games: GameService, game: Game) -> bool:
    """Whether the table is a rematch that expired unplayed and that its game replaced
    with another (whose `rematch_offered` came later): the rematch that replaces it
    takes it out of its players' games (`service.app.tables.rematch`)."""
    source = game.info.table.rematch_of
    if source is None or lobby_status(game) != "waiting":
        return False
    old = await _game_or_none(games, source)
    return old is not None and old.rematch is not None and old.rematch != game.game_id


async def unfile_unless_among(
    games: GameService, game_id: str, player_id: str, created_ts: float
) -> None:
    """After a seat was given back (or a filing made from an older read): the table
    leaves the player's games unless it is still among them. Read after the unfiling
    again, so a claim made meanwhile (which files before it answers) either is seen
    there or files later."""
    if await _among_now(games, game_id, player_id):
        return
    await games.players.unfile_game(player_id, game_id)
    if await _among_now(games, game_id, player_id):
        await games.players.file_game(player_id, game_id, created_ts)


async def _among_now(games: GameService, game_id: str, player_id: str) -> bool:
    """`among_players_games` as the store has the table now; False once it is gone
    (a table removed long after it expired)."""
    facts = await _facts_now(games, game_id)
    return facts is not None and among_players_games(facts, game_id, player_id)


async def _facts_now(games: GameService, game_id: str) -> MetaFacts | None:
    """The table's facts as stored now; None once it is gone."""
    try:
        return await games.fresh_facts(game_id)
    except ServiceError as missing:
        if missing.code != "game_not_found":
            raise
        return None
