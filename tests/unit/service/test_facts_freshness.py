"""A process remembers a dealt game's meta facts, and nothing it remembers decides
what a reader sees: the one thing in them that still changes, a player's name, is
read with the view that shows it."""

from __future__ import annotations

import asyncio

import anyio

from service.app.games import GameService, SeatSpec
from service.app.players import Player
from service.app.projections import Projections
from service.app.reading import GameReader
from service.http.schemas_views import labels_of_view
from service.store import InMemoryEventStore

HUMANS = (SeatSpec(kind="human"), SeatSpec(kind="human"))
ADA = Player(player_id="p1", name="Ada", guest=False, created_at="2026-12-07T00:00:00Z")


class CountingStore(InMemoryEventStore):
    """Counts meta reads, each taking a moment (a round trip) for others to arrive in."""

    def __init__(self) -> None:
        super().__init__()
        self.meta_reads = 0

    async def get_meta(self, game_id: str) -> dict[str, bytes]:
        self.meta_reads += 1
        await asyncio.sleep(0.01)
        return await super().get_meta(game_id)


async def _dealt_with_ada(games: GameService) -> tuple[str, str]:
    """A table of two whose seat 1 Ada claimed, dealt by her claim: its id and her token."""
    open_seat = SeatSpec(kind="human", open=True)
    created = await games.create(seats=(HUMANS[0], open_seat), seed=1)
    token = await games.claim(created.game_id, 1, ADA)
    return created.game_id, token


def test_a_rename_through_another_process_shows_in_the_next_view_however_long_remembered() -> None:
    async def scenario() -> None:
        store = CountingStore()
        here, there = GameService(store), GameService(store)
        game_id, token = await _dealt_with_ada(here)
        seat, facts = await here.seat_found(game_id, token)
        view, facts = await here.named_view(game_id, seat, facts)
        assert labels_of_view(view, facts)[1].name == "Ada"
        # Another process renames her (her every table, as `rename_player` does).
        await there.seats.rename(game_id, ADA.player_id, "Countess")
        store.meta_reads = 0
        seat, facts = await here.seat_found(game_id, token)
        assert store.meta_reads == 0 and facts.names[1] == "Ada"  # remembered
        view, facts = await here.named_view(game_id, seat, facts)
        assert labels_of_view(view, facts)[1].name == "Countess"
        # Read again once, for the rename; then remembered as renamed.
        assert store.meta_reads == 1
        view, facts = await here.named_view(game_id, *await here.seat_found(game_id, token))
        assert labels_of_view(view, facts)[1].name == "Countess" and store.meta_reads == 1

    anyio.run(scenario)


def test_a_dealt_games_crowd_of_readers_costs_no_meta_read() -> None:
    """Ten thousand watchers of a game in play, however long it lasts: their facts
    come from memory (one read each held every pooled connection, and the game's own
    commands waited past their time: a 503)."""

    async def scenario() -> None:
        store = CountingStore()
        games = GameService(store)
        game_id, _ = await _dealt_with_ada(games)
        await games.known_facts(game_id)
        store.meta_reads = 0
        answers = await asyncio.gather(*(games.known_facts(game_id) for _ in range(500)))
        assert store.meta_reads == 0
        assert all(remembered for _, remembered in answers)

    anyio.run(scenario)


def test_a_waiting_tables_facts_are_read_by_each_caller() -> None:
    """Its seats change hands: a read begun before a seat was left would still let
    the old holder's token in."""

    async def scenario() -> None:
        store = CountingStore()
        open_seat = SeatSpec(kind="human", open=True)
        created = await GameService(store).create(seats=(HUMANS[0], open_seat), seed=1)
        reader = GameReader(store, Projections(store))
        await reader.known_facts(created.game_id)
        store.meta_reads = 0
        await asyncio.gather(*(reader.known_facts(created.game_id) for _ in range(5)))
        assert store.meta_reads == 5

    anyio.run(scenario)


def test_a_new_games_remembered_facts_are_seated_by_its_log() -> None:
    """Remembered from before its first events (to know its tokens at once), a new
    game's facts are seated by those events once written: a command then reads them
    as they are, instead of seating them again from the meta on every write."""

    async def scenario() -> None:
        games = GameService(InMemoryEventStore())
        created = await games.create(seats=HUMANS, seed=1)
        facts, from_memory = await games.reader.known_facts(created.game_id)
        record = await games.projections.load(created.game_id)
        assert from_memory and record is not None
        assert facts.seating is not None and facts.seating == record.seating

    anyio.run(scenario)
