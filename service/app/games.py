"""GameService: the use cases over one event store, composed from their parts
(reads, seats, creation, seats' commands), every write through one Writer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.commands import SeatCommand
from domain.events import AnyEvent
from domain.opening import SeatSpec
from service.app.commands import SeatCommands
from service.app.creation import Creation
from service.app.envelope import Envelope
from service.app.execute import Writer
from service.app.metrics import Metrics
from service.app.players import Player, PlayerService
from service.app.projections import Projections, served
from service.app.reading import GameReader
from service.app.records import (
    LOBBY_KEYS,
    CreatedGame,
    Game,
    GameInfo,
    LobbyEntry,
    LobbyStatus,
    MetaFacts,
    check_game_id,
    lobby_status,
)
from service.app.seating import TablePolicy
from service.app.seats import Seats
from service.app.stored_log import envelopes_of
from service.app.watchers import Watcher
from service.app.writes import AppendHook, Executed, Write
from service.store import EventStore, players_beside

__all__ = [
    "AppendHook",
    "CreatedGame",
    "Executed",
    "Game",
    "GameInfo",
    "GameService",
    "LobbyEntry",
    "SeatSpec",
    "lobby_status",
    "served",
]


class GameService:
    """Every use case of the API and the workers over one EventStore.

    Reads are `reader`'s; `seats` keeps the meta records and tokens; `commands`
    takes seats' commands; `writer` is the one path every write goes through
    (creation, commands, the service's own moves, imports and forks). The store
    is not handed out: a use case that writes it beside the game (a removal, an
    import's mark) is given it where the app and the workers are built."""

    def __init__(
        self,
        store: EventStore,
        metrics: Metrics | None = None,
        *,
        on_appended: AppendHook | None = None,
        players: PlayerService | None = None,
        tables: TablePolicy | None = None,
    ) -> None:
        self._store = store
        self.metrics = metrics or Metrics()
        self.players = players or PlayerService(players_beside(store))
        self.tables = tables or TablePolicy()
        self.projections = Projections(store)
        self.reader = GameReader(store, self.projections)
        self.writer = Writer(
            store,
            self.projections,
            self.reader.facts,
            self.metrics,
            announce=on_appended,
            file_in_lobby=self.reader.file_in_lobby,
        )
        self.seats = Seats(store, self.reader, self.players, self.writer)
        self.commands = SeatCommands(self.writer, self.metrics)
        self._creation = Creation(self.seats, self.writer, self.reader, policy=self.tables)
        # A hook that writes itself (a seat's owner back from a bot) writes through this service.
        attach = getattr(on_appended, "attach", None)
        if attach is not None:
            attach(self)

    async def create(self, *, seats: Sequence[SeatSpec], **options: Any) -> CreatedGame:
        return await self._creation.create(seats=seats, **options)

    async def execute(self, game_id: str, write: Write) -> Executed:
        return await self.writer.execute(game_id, write)

    # ------------------------------------------------------------ seats

    async def claim(
        self,
        game_id: str,
        seat: int,
        player: Player | None = None,
        *,
        invite_code: str | None = None,
    ) -> str:
        """Claim an open seat; the claim that takes a waiting table's last open seat
        deals its first hand in the same step."""
        return await self.seats.claim(
            game_id, seat, player, invite_code=invite_code, first_deal=self.first_deal
        )

    def first_deal(
        self, game: Game, deck: Sequence[str] | None, prelude: Sequence[AnyEvent] = ()
    ) -> list[Envelope]:
        return self._creation.first_deal(game, deck, prelude)

    async def seat_of(self, game_id: str, token: str | None) -> int:
        return await self.seats.seat_of(game_id, token)

    async def seat_found(self, game_id: str, token: str | None) -> tuple[int, MetaFacts]:
        return await self.seats.seat_found(game_id, token)

    async def command_seat(self, game_id: str, token: str | None, command: SeatCommand) -> int:
        return (await self.seats.command_seat(game_id, token, command))[0]

    async def known_token(self, token: str) -> None:
        await self.seats.known_token(token)

    async def viewer_of(
        self, game_id: str, token: str | None, *, invite_code: str | None = None
    ) -> int | None:
        return await self.seats.viewer_of(game_id, token, invite_code=invite_code)

    async def other_seats(self, game_id: str, token: str, seat: int) -> tuple[int, ...]:
        return await self.seats.other_seats(game_id, token, seat)

    async def known_facts(self, game_id: str) -> tuple[MetaFacts, bool]:
        return await self.reader.known_facts(game_id)

    async def fresh_facts(self, game_id: str) -> MetaFacts:
        """The game's meta facts as stored now (who sits where, by name)."""
        check_game_id(game_id)  # only ids this service made name a game
        return await self.reader.read_facts(game_id)

    # ------------------------------------------------------------ reading

    async def game(self, game_id: str) -> Game:
        return await self.reader.game(game_id)

    async def view(self, game_id: str, seat: int | None) -> tuple[Game, Any]:
        return await self.reader.view(game_id, seat)

    async def encoded_view(self, game_id: str, seat: int | None) -> bytes:
        return await self.reader.encoded_view(game_id, seat)

    async def named_view(
        self, game_id: str, seat: int | None, facts: MetaFacts
    ) -> tuple[bytes, MetaFacts]:
        return await self.reader.named_view(game_id, seat, facts)

    async def events(
        self, game_id: str, watcher: Watcher | None, *, after: int, wait_s: float, limit: int
    ) -> tuple[int, tuple[Envelope, ...]]:
        return await self.reader.events(game_id, watcher, after=after, wait_s=wait_s, limit=limit)

    async def log(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Envelope]:
        """The game's events after `after`, unredacted (for the service's own jobs)."""
        return envelopes_of(game_id, await self._store.read(game_id, after, limit))

    async def filed(self, status: LobbyStatus, limit: int, offset: int) -> list[str]:
        """The ids the lobby files under `status`, a page of them."""
        return await self._store.list_games(LOBBY_KEYS[status], limit, offset)

    async def finished(self, game_id: str, through: int | None = None) -> bool:
        return await self.reader.finished(game_id, through)

    async def lobby(
        self,
        status: LobbyStatus,
        limit: int,
        offset: int,
        keep: Callable[[LobbyEntry], bool] | None = None,
    ) -> list[LobbyEntry]:
        return await self.reader.lobby(status, limit, offset, keep)

    async def file_in_lobby(self, game: Game) -> None:
        await self.reader.file_in_lobby(game)

    # ------------------------------------------------------------ work

    async def notify(self, game_id: str) -> None:
        """Tell the hook about the game as it stands (after a change of who plays a seat,
        or an import's last chunk), with who plays each seat: the hook makes a bot's
        job only for a seat it is told a bot plays."""
        game = await self.game(game_id)
        version = game.record.version
        await self.writer.announce(
            Executed(
                game_id=game_id,
                # Nothing appended: the game as it stands.
                version=version,
                before=game.record.state,
                # Who plays each seat: a bot whose turn it is gets its job at once.
                after=game.record,
                info=game.info,
            )
        )
