"""GameService on the in-memory store: creation, commands, projections, reproducible deals."""

from __future__ import annotations

import random

import anyio
import msgspec
import pytest

from domain.errors import ERROR_CODES, DomainError
from domain.events import DeckRevealed, GameEnded, GameStarted, HandDealt, HandEnded
from domain.fairness import commitment_holds
from domain.game import replay
from domain.views import view_for
from service.app.errors import STATUS_BY_CODE, ServiceError
from service.app.game_record import SEATING_FIELD
from service.app.games import GameService, SeatSpec
from service.app.projections import STATE_KEY
from service.store import InMemoryEventStore
from service.tools.simulation import random_player

HUMANS = (SeatSpec(kind="human"), SeatSpec(kind="human"))


def run(coroutine_function, *args, **kwargs):  # type: ignore[no-untyped-def]
    return anyio.run(lambda: coroutine_function(*args, **kwargs))


async def _play(service: GameService, game_id: str, seed: int, limit: int = 5000) -> None:
    """Random legal play through the service until the game ends."""
    rng = random.Random(seed)
    for _ in range(limit):
        game = await service.game(game_id)
        state = game.record.state
        if state.phase == "over":
            return
        command = random_player(state, state.turn, rng)
        await service.commands.handle(
            game_id, state.turn, command, expected_version=game.record.version
        )
    raise AssertionError(f"seed {seed}: no end within {limit} commands")


async def _events(service: GameService, game_id: str) -> list:  # type: ignore[type-arg]
    return await service.log(game_id)


def test_every_error_code_has_a_status_and_domain_conflicts_are_409() -> None:
    assert set(ERROR_CODES) <= set(STATUS_BY_CODE)
    assert STATUS_BY_CODE["not_your_turn"] == STATUS_BY_CODE["wrong_phase"] == 409
    assert STATUS_BY_CODE["invalid_meld"] == STATUS_BY_CODE["card_not_in_hand"] == 422
    assert STATUS_BY_CODE["invalid_card"] == 422 and STATUS_BY_CODE["version_conflict"] == 409


def test_a_seeded_game_deals_every_hand_alike_and_reveals_each_deck() -> None:
    async def scenario() -> tuple[list, list]:  # type: ignore[type-arg]
        logs = []
        for _ in range(2):
            service = GameService(InMemoryEventStore())
            created = await service.create(seats=HUMANS, rules={"game_end": "hands:2"}, seed=42)
            await _play(service, created.game_id, seed=7)
            logs.append([envelope.event for envelope in await _events(service, created.game_id)])
        return logs[0], logs[1]

    first, second = anyio.run(scenario)
    # Alike but for when each table was opened (its opening's time).
    assert first[1:] == second[1:]
    assert isinstance(first[0], GameStarted) and isinstance(second[0], GameStarted)
    assert first[0].opening and second[0].opening
    opened = msgspec.structs.replace(second[0].opening, created_at=first[0].opening.created_at)
    assert msgspec.structs.replace(second[0], opening=opened) == first[0]
    deals = {e.hand_number: e for e in first if isinstance(e, HandDealt)}
    reveals = [e for e in first if isinstance(e, DeckRevealed)]
    assert sorted(deals) == [1, 2] and [r.hand_number for r in reveals] == [1, 2]
    for reveal in reveals:
        dealt = deals[reveal.hand_number]
        assert dealt.deck is not None and dealt.commitment is not None
        assert commitment_holds(dealt.deck, reveal.salt, dealt.commitment)
    # The service dealt hand 2 itself, in the append that ended hand 1.
    ended = next(i for i, e in enumerate(first) if isinstance(e, HandEnded))
    assert isinstance(first[ended + 1], DeckRevealed) and isinstance(first[ended + 2], HandDealt)
    assert isinstance(first[-1], GameEnded) or isinstance(first[-2], GameEnded)


def test_an_explicit_deck_is_dealt_as_given() -> None:
    async def scenario() -> HandDealt:
        service = GameService(InMemoryEventStore())
        deck = [rank + suit for suit in "SHDC" for rank in "KQJT98765432A"]
        created = await service.create(seats=HUMANS, deck=deck)
        dealt = (await _events(service, created.game_id))[1].event
        assert isinstance(dealt, HandDealt)
        assert list(dealt.deck or ()) == deck
        return dealt

    anyio.run(scenario)


def test_rebuilt_projections_equal_the_cached_ones() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        service = GameService(store)
        created = await service.create(seats=HUMANS * 2, seed=3, rules={"game_end": "hands:1"})
        game_id = created.game_id
        rng = random.Random(1)
        for _ in range(25):
            game = await service.game(game_id)
            state = game.record.state
            await service.commands.handle(
                game_id, state.turn, random_player(state, state.turn, rng)
            )
        before = await service.game(game_id)
        views = [(await service.view(game_id, seat))[1] for seat in (0, 1, 2, 3, None)]
        await store.drop_views(game_id)
        assert await store.get_view(game_id, "state") is None
        rebuilt = await service.projections.rebuild(game_id)
        assert rebuilt == before.record
        assert rebuilt.state == replay(e.event for e in await _events(service, game_id))
        again = [(await service.view(game_id, seat))[1] for seat in (0, 1, 2, 3, None)]
        assert again == views
        assert again[0] == view_for(rebuilt.state, 0)

    anyio.run(scenario)


def test_creation_refuses_before_writing_anything() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        service = GameService(store)
        with pytest.raises(DomainError) as refused:
            await service.create(seats=HUMANS, rules={"decks": 9})
        assert refused.value.code == "invalid_ruleset" and refused.value.facts["knob"] == "decks"
        with pytest.raises(DomainError) as unknown:
            await service.create(seats=HUMANS, preset="nope")
        assert unknown.value.code == "unknown_preset"
        with pytest.raises(DomainError) as short:
            await service.create(seats=HUMANS, deck=["AS", "2S"])
        assert short.value.code == "invalid_deck"
        with pytest.raises(ServiceError) as bot:
            await service.create(seats=(SeatSpec(kind="bot", open=True), *HUMANS))
        assert bot.value.code == "invalid_seats"
        assert [game async for game in store.game_ids()] == []

    anyio.run(scenario)


def test_a_recorded_outcome_is_returned_for_a_retry_even_after_the_game_moved_on() -> None:
    async def scenario() -> None:
        service = GameService(InMemoryEventStore())
        created = await service.create(seats=HUMANS, seed=8)
        game = await service.game(created.game_id)
        state = game.record.state
        draw = random_player(state, state.turn, random.Random(0))
        first = await service.commands.handle(created.game_id, state.turn, draw, command_id="x")
        game = await service.game(created.game_id)
        play = random_player(game.record.state, state.turn, random.Random(0))
        await service.commands.handle(created.game_id, state.turn, play)
        again = await service.commands.handle(created.game_id, state.turn, draw, command_id="x")
        assert again.body == first.body
        assert again.body == first.body
        with pytest.raises(ServiceError) as reused:
            await service.commands.handle(created.game_id, state.turn, play, command_id="x")
        assert reused.value.code == "command_id_reused"

    anyio.run(scenario)


def test_the_lobby_index_rebuilds_from_the_logs() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        service = GameService(store)
        open_game = await service.create(seats=(SeatSpec(kind="human", open=True), HUMANS[0]))
        active = await service.create(seats=HUMANS)
        for game_id in (open_game.game_id, active.game_id):
            await store.unindex_game(game_id)
        # An import still being appended is nobody's yet: skipped, not a failed rebuild.
        half = await service.create(seats=HUMANS)
        await store.unindex_game(half.game_id)
        await store.put_meta(half.game_id, {"importing": b"1"})
        assert await service.reader.rebuild_lobby() == 2
        assert [e.game_id for e in await service.lobby("waiting", 10, 0)] == [open_game.game_id]
        assert [e.game_id for e in await service.lobby("active", 10, 0)] == [active.game_id]

    anyio.run(scenario)


@pytest.mark.parametrize("cached", [b"garbage", b"\x81\xa7version\x02"], ids=["junk", "partial"])
def test_a_game_whose_cached_state_is_unreadable_is_folded_from_its_log(cached: bytes) -> None:
    """The folded state cached beside the log is a projection: written wrong (by hand, a
    torn write, a release that wrote another shape), it is folded again from the log,
    not the game's end. Before, every process that did not remember the game (a
    worker's job, an API node after a restart) failed on it: a bot never played again."""
    store = InMemoryEventStore()

    async def scenario() -> None:
        created = await GameService(store).create(seats=HUMANS, seed=3)
        game_id = created.game_id
        await store.put_view(game_id, STATE_KEY, created.version, cached)
        # A process that does not remember the game: a worker's job, a restarted node.
        fresh = GameService(store)
        game = await fresh.game(game_id)
        assert game.record.state == replay(
            [envelope.event for envelope in await _events(fresh, game_id)]
        )
        state = game.record.state
        command = random_player(state, state.turn, random.Random(1))
        handled = await fresh.commands.handle(game_id, state.turn, command)
        assert handled.version > created.version

    anyio.run(scenario)


def test_a_game_whose_seating_copy_is_unreadable_is_seated_by_its_log() -> None:
    """The seating copied into the meta beside the log is a projection too: written
    wrong, the log's seating is read instead. Before, every read of the game failed
    (500), and so did its bot's and timer's jobs."""
    store = InMemoryEventStore()

    async def scenario() -> None:
        service = GameService(store)
        created = await service.create(seats=HUMANS, seed=3)
        game_id = created.game_id
        await store.put_meta(game_id, {SEATING_FIELD: b"garbage"})
        fresh = GameService(store)
        assert await fresh.seat_of(game_id, created.tokens[1]) == 1
        game = await fresh.game(game_id)
        state = game.record.state
        command = random_player(state, state.turn, random.Random(1))
        handled = await fresh.commands.handle(game_id, state.turn, command)
        assert handled.version > created.version

    anyio.run(scenario)
