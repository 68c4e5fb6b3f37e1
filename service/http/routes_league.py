"""League routes: a ladder's leaderboard, a player's public profile, a game's rating changes.

The league's store is synchronous (its Redis adapter is one Lua call per
read): each read runs in a worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Annotated, Any

import msgspec
from litestar import Request, get
from litestar.di import NamedDependency
from litestar.params import PathParameter, QueryParameter, SkipValidation

from domain.rules import PRESETS
from service.app.errors import UNREADABLE_RECORD, ServiceError
from service.app.games import GameService, lobby_status
from service.app.league.queries import (
    DEFAULT_PAGE,
    MAX_PAGE,
    RECENT_GAMES,
    GameRatingChanges,
    LeaderboardPage,
    LeagueError,
    Profile,
    game_rating_changes,
    leaderboard,
    profile,
)
from service.app.league.results import bot_id
from service.app.league.store import RECENT_KEPT, LeagueStore
from service.app.players import Player, PlayerService
from service.http.openapi_security import OPTIONAL_BEARER
from service.http.problems import problem_responses
from service.http.routes_games import GameId, Games, InviteQuery, Players, check_readable
from service.store.players import check_player_id

__all__ = ["LEAGUE_ROUTES"]

_log = logging.getLogger(__name__)

League = NamedDependency[SkipValidation[LeagueStore]]  # as routes_games' own
Ladder = Annotated[
    str,
    PathParameter(
        description="A ladder: a preset (`basic`, `palace`, `duel`, `classic`), or a preset "
        "plus the knobs that give a table a ladder of its own (`palace+short_deck`, "
        "`basic+scoring=penalty`).",
        max_length=200,
    ),
]
PlayerId = Annotated[
    str,
    PathParameter(
        description="A player's id, or a bot level's (`bot:1` to `bot:4`).", max_length=64
    ),
]
_BOTS = {bot_id(level) for level in range(1, 5)}


def _refused(error: LeagueError) -> ServiceError:
    return ServiceError(error.code, error.message, **error.facts)


async def _names(players: PlayerService, player_ids: Sequence[str]) -> dict[str, str]:
    """The players' names from the directory (bots and unknown ids keep the league's)."""
    found = await asyncio.gather(*(_listed_player(players, player) for player in player_ids))
    return {player.player_id: player.name for player in found if player is not None}


async def _listed_player(players: PlayerService, player_id: str) -> Player | None:
    """`_directory_player` for a list of many: a record that cannot be read leaves
    the league's name in place instead of failing everyone's page."""
    try:
        return await _directory_player(players, player_id)
    except UNREADABLE_RECORD:
        _log.warning("player %s: their record is unreadable", player_id, exc_info=True)
        return None


async def _directory_player(players: PlayerService, player_id: str) -> Player | None:
    try:
        check_player_id(player_id)
    except ValueError:
        return None  # no player could have this id (`bot:9`, or characters ids never hold)
    return await players.get(player_id)


@get(
    "/leaderboards/{ladder:str}",
    tags=["league"],
    summary="A ladder's leaderboard, best first (bots stand on it as players)",
    description="`rating` is the conservative displayed rating, `mu - 3 sigma` (0 for a "
    "newcomer); `rank` is standard competition ranking on it as shown (two decimals): "
    "players showing the same rating share a rank and the next rank skips as many "
    "(1, 2, 2, 4); within a tie, higher `mu` comes first, then the player id. `games` "
    "counts the ladder's counted games; `experience` is the player's total over every "
    "game, rated or not.",
    responses=problem_responses(400, 404, 503),
)
async def get_leaderboard(
    ladder: Ladder,
    league: League,
    players: Players,
    offset: Annotated[int, QueryParameter(ge=0, le=1_000_000)] = 0,
    limit: Annotated[int, QueryParameter(ge=1, le=MAX_PAGE)] = DEFAULT_PAGE,
) -> LeaderboardPage:
    try:
        page = await asyncio.to_thread(leaderboard, league, ladder, offset, limit)
    except LeagueError as refused:
        raise _refused(refused) from refused
    # Every preset has a ladder (empty until a game counts); a preset with
    # knobs has one once a game counted on it.
    if ladder not in PRESETS and page.total == 0:
        raise ServiceError("ladder_not_found", f"no ladder {ladder!r}", ladder=ladder)
    names = await _names(players, [entry.player for entry in page.entries])
    entries = [
        msgspec.structs.replace(entry, name=names.get(entry.player, entry.name))
        for entry in page.entries
    ]
    return msgspec.structs.replace(page, entries=entries)


@get(
    "/players/{player_id:str}/profile",
    tags=["league"],
    summary="A player's public profile: a rating per ladder, experience, recent games",
    description="`recent`: up to that many of the player's last games, newest first, "
    "leaving out private tables' games (their ids are for their seats and code holders "
    "only); the league keeps a player's last 100 games.",
    responses=problem_responses(400, 404, 503),
)
async def get_profile(
    player_id: PlayerId,
    league: League,
    games: Games,
    players: Players,
    recent: Annotated[int, QueryParameter(ge=1, le=MAX_PAGE)] = RECENT_GAMES,
) -> Profile:
    found = await _public_profile(league, games, player_id, recent)
    if player_id in _BOTS:
        return found
    try:
        player = await _directory_player(players, player_id)
    except UNREADABLE_RECORD:
        # The record is there but cannot be read: the league's name, as on the boards.
        _log.warning("player %s: their record is unreadable", player_id, exc_info=True)
        return found
    if player is None:
        raise ServiceError("player_not_found", f"no player {player_id!r}", player_id=player_id)
    return msgspec.structs.replace(found, name=player.name)


async def _public_profile(
    league: LeagueStore, games: GameService, player_id: str, recent: int
) -> Profile:
    """The profile with up to `recent` of the player's games that are not at a
    private table: a private table's id is shown to its seats and code holders
    only (to others its routes answer 404 game_not_found). If some were left out
    and the player has more games kept, all of them are read, once."""
    private: dict[str, bool] = {}
    asked = recent
    while True:
        try:
            found = await asyncio.to_thread(profile, league, player_id, asked)
        except LeagueError as refused:
            raise _refused(refused) from refused
        unseen = [game.game_id for game in found.recent if game.game_id not in private]
        checked = await asyncio.gather(*(_private_table(games, game_id) for game_id in unseen))
        private.update(zip(unseen, checked, strict=True))
        shown = [game for game in found.recent if not private[game.game_id]]
        if len(shown) >= recent or len(found.recent) < asked or asked >= RECENT_KEPT:
            return msgspec.structs.replace(found, recent=shown[:recent])
        asked = RECENT_KEPT


async def _private_table(games: GameService, game_id: str) -> bool:
    try:
        return (await games.known_facts(game_id))[0].info.table.private
    except UNREADABLE_RECORD:
        # Its meta record cannot be read (`game_unreadable` among them, before the
        # ServiceError it also is), so whether it is private cannot either: hidden,
        # and the profile answers without it.
        _log.warning("game %s: its meta record is unreadable", game_id, exc_info=True)
        return True
    except ServiceError:
        return False  # a game the store does not hold: nothing of it to hide


@get(
    "/games/{game_id:str}/ratings",
    tags=["league"],
    summary="Each seat's rating change at the game's end, and whether the game counted",
    description="`counted` false gives the `reason` (`unrated`, `stacked`, `too_few_humans`, "
    "`fresh_accounts`, `abandoned`, ...); `weight` below 1 is the same players' many games "
    "a day. Seats held by nobody the league knows (a bare seat token) are not listed. "
    "A private table's need its `invite` code or a token of one of its seats. With `wait`, "
    "a finished game whose result is still on its way is waited for that many seconds "
    "before `league_result_pending` (409): a page asks once instead of logging refusals.",
    security=OPTIONAL_BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 503),
)
async def get_game_ratings(
    game_id: GameId,
    request: Request[Any, Any, Any],
    games: Games,
    players: Players,
    league: League,
    invite: InviteQuery = None,
    wait: Annotated[
        float, QueryParameter(ge=0, le=20, description="Seconds to wait for a pending result.")
    ] = 0,
) -> GameRatingChanges:
    # A game the league counted may be gone from the store: the league answers alone.
    await check_readable(games, game_id, request, invite, missing_ok=True)
    changes = await _changes(league, game_id)
    if changes is None and wait > 0:
        changes = await _changes_within(games, league, game_id, wait)
    if changes is not None:
        names = await _names(players, [seat.player for seat in changes.seats])
        seats = [
            msgspec.structs.replace(seat, name=names.get(seat.player, seat.name))
            for seat in changes.seats
        ]
        return msgspec.structs.replace(changes, seats=seats)
    game = await games.game(game_id)  # 404 game_not_found
    if lobby_status(game) != "finished":
        raise ServiceError(
            "game_in_progress", "the game has not ended: no rating change yet", game_id=game_id
        )
    raise ServiceError(
        "league_result_pending",
        "the game's result is on its way to the league: try again shortly",
        game_id=game_id,
    )


async def _changes(league: LeagueStore, game_id: str) -> GameRatingChanges | None:
    try:
        return await asyncio.to_thread(game_rating_changes, league, game_id)
    except LeagueError:
        return None


# How often a waiting request looks at the league again: the worker applies a result
# a moment after the game's end.
PENDING_POLL_S = 0.25


async def _changes_within(
    games: GameService, league: LeagueStore, game_id: str, wait: float
) -> GameRatingChanges | None:
    """The league's changes once it has them, waited for up to `wait` seconds while the
    game is finished (a game still played has none to wait for)."""
    if lobby_status(await games.game(game_id)) != "finished":
        return None
    deadline = asyncio.get_running_loop().time() + wait
    while asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(PENDING_POLL_S)
        changes = await _changes(league, game_id)
        if changes is not None:
            return changes
    return None


LEAGUE_ROUTES = [get_leaderboard, get_profile, get_game_ratings]
