"""A player's games are an index of the tables: `rebuild_players_games` files each
table again for the players it holds, and for no one who left it."""

from __future__ import annotations

import anyio

from service.app.games import GameService, SeatSpec
from service.app.player_games import player_games, rebuild_players_games
from service.app.players import Player
from service.app.tables import Caller, leave
from service.store import InMemoryEventStore

OPEN = SeatSpec(kind="human", open=True)


async def _listed(service: GameService, player: Player) -> list[str]:
    return [game.game_id for game in await player_games(service, player, None, 50, 0)]


def test_kept_seats_hosts_and_seats_are_filed_again_and_leavers_are_not() -> None:
    async def scenario() -> None:
        service = GameService(InMemoryEventStore())
        host, kept, sitter, leaver = [
            (await service.players.create(name)).player for name in ("Ada", "Bob", "Cy", "Dee")
        ]
        # Ada hosts from no seat; a seat is kept for Bob; Cy sits; Dee sits and leaves.
        table = await service.create(seats=[OPEN] * 4, player=host, reserved={0: kept.player_id})
        game_id = table.game_id
        # A rematch files the players it keeps seats for (creation files its host).
        await service.players.file_game(kept.player_id, game_id, 1.0)
        await service.claim(game_id, 1, sitter)
        await service.claim(game_id, 2, leaver)
        await leave(service, game_id, 2, Caller(player=leaver, seats=(2,)))
        before = {player.name: await _listed(service, player) for player in (host, kept, sitter)}
        assert before == {"Ada": [game_id], "Bob": [game_id], "Cy": [game_id]}
        assert await _listed(service, leaver) == []

        for player in (host, kept, sitter, leaver):
            await service.players.unfile_game(player.player_id, game_id)
        assert await rebuild_players_games(service) == 3
        after = {player.name: await _listed(service, player) for player in (host, kept, sitter)}
        assert after == before
        assert await _listed(service, leaver) == []

    anyio.run(scenario)


def test_a_player_who_leaves_while_the_rebuild_files_the_table_is_not_left_with_it() -> None:
    # The rebuild runs beside the service: a leave that lands between its read of
    # the table and its filing unfiles first, and the filing put the line back for
    # good. The rebuild looks again after filing, as a leave does after unfiling.
    async def scenario() -> None:
        service = GameService(InMemoryEventStore())
        host, leaver = [(await service.players.create(name)).player for name in ("Ada", "Dee")]
        table = await service.create(seats=[OPEN] * 3, player=host)
        game_id = table.game_id
        await service.claim(game_id, 1, leaver)
        filing = service.players.file_game

        async def leave_first(player_id: str, filed: str, created_ts: float) -> None:
            if player_id == leaver.player_id:
                await leave(service, game_id, 1, Caller(player=leaver, seats=(1,)))
            await filing(player_id, filed, created_ts)

        service.players.file_game = leave_first  # type: ignore[method-assign]
        await rebuild_players_games(service)
        service.players.file_game = filing  # type: ignore[method-assign]
        assert await _listed(service, leaver) == []
        assert await _listed(service, host) == [game_id]

    anyio.run(scenario)


def test_a_table_removed_while_the_rebuild_files_it_is_left_to_nobody() -> None:
    # The reconciler removes a long-expired table (and unfiles its players) between
    # the rebuild's read and its filing: the rebuild goes on, and files no line for
    # a game that is gone.
    async def scenario() -> None:
        store = InMemoryEventStore()
        service = GameService(store)
        host = (await service.players.create("Ada")).player
        game_id = (await service.create(seats=[OPEN] * 2, player=host)).game_id
        filing = service.players.file_game

        async def removed_first(player_id: str, filed: str, created_ts: float) -> None:
            await store.remove_game(game_id)
            await service.players.unfile_game(player_id, game_id)
            await filing(player_id, filed, created_ts)

        service.players.file_game = removed_first  # type: ignore[method-assign]
        await rebuild_players_games(service)
        service.players.file_game = filing  # type: ignore[method-assign]
        assert await service.players.game_ids(host.player_id, 10, 0) == []

    anyio.run(scenario)
