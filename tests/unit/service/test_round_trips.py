"""The hot paths' store calls, the views' wire form, and the in-process caches
under several processes (two GameServices over one store)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import anyio
import msgspec
import pytest

from domain.views import SeatView, view_for
from service.app.games import GameService, SeatSpec
from service.app.wire_form import encode_view
from service.http.schemas_commands import from_domain
from service.http.schemas_views import CommandResult, View
from service.store import AppendResult, InMemoryEventStore, Snapshot
from service.tools.simulation import random_player

HUMANS = (SeatSpec(kind="human"), SeatSpec(kind="human"))


class FakeCountingStore(InMemoryEventStore):
    """The in-memory store, counting its calls: each is one round trip on Redis."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: Counter[str] = Counter()

    async def append(self, game_id: str, events: Sequence[bytes], **kwargs: Any) -> AppendResult:
        self.calls["append"] += 1
        return await super().append(game_id, events, **kwargs)

    async def snapshot(self, game_id: str, viewers: Sequence[str] = (), **kwargs: Any) -> Snapshot:
        self.calls["snapshot"] += 1
        return await super().snapshot(game_id, viewers, **kwargs)

    async def get_meta(self, game_id: str) -> dict[str, bytes]:
        self.calls["get_meta"] += 1
        return await super().get_meta(game_id)

    async def put_meta(self, game_id: str, fields: Mapping[str, bytes]) -> None:
        self.calls["put_meta"] += 1
        await super().put_meta(game_id, fields)

    async def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Any]:
        self.calls["read"] += 1
        return await super().read(game_id, after, limit)

    async def version(self, game_id: str) -> int:
        self.calls["version"] += 1
        return await super().version(game_id)

    async def put_view(self, game_id: str, viewer: str, version: int, data: bytes) -> None:
        self.calls["put_view"] += 1
        await super().put_view(game_id, viewer, version, data)

    async def list_games(self, status: str, limit: int = 50, offset: int = 0) -> list[str]:
        self.calls["list_games"] += 1
        return await super().list_games(status, limit, offset)

    async def headlines(self, game_ids: Sequence[str]) -> list[Snapshot]:
        self.calls["headlines"] += 1
        return await super().headlines(game_ids)

    async def get_view(self, game_id: str, viewer: str) -> Any:
        self.calls["get_view"] += 1
        return await super().get_view(game_id, viewer)

    def total(self) -> int:
        return sum(self.calls.values())


def _old_view_out(view: SeatView) -> View:
    """The API's view as the route built it before: every field, commands converted."""
    fields = msgspec.structs.asdict(view)
    fields["legal_commands"] = tuple(from_domain(command) for command in view.legal_commands)
    # A view built without its record says no version (every served view says one).
    return View(**fields, version=None)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", ["basic", "palace", "duel", "classic"])
def test_the_wire_form_of_a_view_is_the_apis_encoding(preset: str) -> None:
    async def scenario() -> int:
        service = GameService(InMemoryEventStore())
        seats = 3 if preset != "duel" else 2
        created = await service.create(seats=(SeatSpec(kind="human"),) * seats, preset=preset)
        rng = random.Random(preset)
        checked = 0
        for _ in range(400):
            state = (await service.game(created.game_id)).record.state
            for viewer in (None, *range(seats)):
                view = view_for(state, viewer)
                # Seat labels are spliced in as a view is served (with_labels), not cached.
                old = msgspec.json.encode(_old_view_out(view))
                assert encode_view(view) == old.replace(b',"seat_labels":[]}', b"}")
                checked += len(view.legal_commands)
            if state.phase == "over":
                break
            await service.commands.handle(
                created.game_id, state.turn, random_player(state, state.turn, rng)
            )
        return checked

    assert anyio.run(scenario) > 100


def test_a_command_is_one_store_call_and_a_view_read_is_one() -> None:
    async def scenario() -> None:
        store = FakeCountingStore()
        service = GameService(store)
        created = await service.create(seats=HUMANS, seed=3)
        game_id, tokens = created.game_id, created.tokens
        rng = random.Random(3)
        for _ in range(30):
            store.calls.clear()
            seat = await service.seat_of(game_id, tokens[0])
            await service.encoded_view(game_id, seat)
            # The last seat to act reads the view its append cached; the other
            # seat's is built from the record this process holds.
            other = await service.seat_of(game_id, tokens[1])
            view = msgspec.json.decode(await service.encoded_view(game_id, other), type=SeatView)
            assert store.calls == Counter(snapshot=2), store.calls
            # A process that never saw the game gets the state with the snapshot.
            store.calls.clear()
            elsewhere = GameService(store)
            for viewer in (0, 1, None):
                served = await elsewhere.encoded_view(game_id, viewer)
                assert served == await service.encoded_view(game_id, viewer)
            assert store.calls == Counter(snapshot=6), store.calls
            state = (await service.game(game_id)).record.state
            store.calls.clear()
            token = tokens[state.turn]
            turn = await service.seat_of(game_id, token)
            handled = await service.commands.handle(
                game_id, turn, random_player(state, turn, rng), expected_version=None
            )
            body = handled.body
            assert store.calls == Counter(append=1), store.calls
            result = msgspec.json.decode(body, type=CommandResult)
            assert result.view.seat == turn
            assert view.seat == other

    anyio.run(scenario)


def test_a_process_behind_the_store_decides_on_the_latest_state() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        first, second = GameService(store), GameService(store)
        created = await first.create(seats=HUMANS, seed=5)
        game_id = created.game_id
        await second.game(game_id)  # `second` remembers the game at its start
        rng = random.Random(5)
        for step in range(40):
            acting = first if step % 3 else second
            game = await acting.game(game_id) if step % 2 else None
            state = (game or await first.game(game_id)).record.state
            if state.phase == "over":
                break
            seat = await acting.seat_of(game_id, created.tokens[state.turn])
            version = (await store.version(game_id)) if step % 4 == 0 else None
            # Whatever the acting process remembers, the command is decided on the
            # latest state: no stale not_your_turn, no stale version conflict.
            handled = await acting.commands.handle(
                game_id, seat, random_player(state, seat, rng), expected_version=version
            )
            outcome = handled
            assert outcome.version == await store.version(game_id)
            for reader in (first, second):
                for viewer, token in created.tokens.items():
                    assert await reader.seat_of(game_id, token) == viewer
                    served = msgspec.json.decode(
                        await reader.encoded_view(game_id, viewer), type=SeatView
                    )
                    latest = (await reader.game(game_id)).record.state
                    assert served == view_for(latest, viewer)

    anyio.run(scenario)


def test_a_stale_process_still_refuses_a_stale_expected_version() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        first, second = GameService(store), GameService(store)
        created = await first.create(seats=HUMANS, seed=8)
        game_id = created.game_id
        before = (await second.game(game_id)).record
        state = before.state
        await first.commands.handle(
            game_id, state.turn, random_player(state, state.turn, random.Random(1))
        )
        with pytest.raises(Exception) as refused:
            await second.commands.handle(
                game_id,
                state.turn,
                random_player(state, state.turn, random.Random(1)),
                expected_version=before.version,
            )
        assert getattr(refused.value, "code", None) == "version_conflict"
        assert refused.value.facts["current_version"] == await store.version(game_id)  # type: ignore[attr-defined]

    anyio.run(scenario)


def test_a_retry_gets_the_recorded_answer_from_any_process() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        first, second = GameService(store), GameService(store)
        created = await first.create(seats=HUMANS, seed=11)
        game_id = created.game_id
        await second.game(game_id)
        state = (await first.game(game_id)).record.state
        command = random_player(state, state.turn, random.Random(2))
        handled = await first.commands.handle(game_id, state.turn, command, command_id="once")
        # The game moved on, and `second` remembers it from before the command.
        for service in (first, second, GameService(store)):
            again = await service.commands.handle(game_id, state.turn, command, command_id="once")
            assert again.body == handled.body
        answered = msgspec.json.decode(handled.body, type=CommandResult)
        assert answered.version == handled.version

    anyio.run(scenario)


def test_a_seat_claimed_through_another_process_is_known() -> None:
    async def scenario() -> None:
        store = InMemoryEventStore()
        first, second = GameService(store), GameService(store)
        created = await first.create(
            seats=(SeatSpec(kind="human"), SeatSpec(kind="human", open=True))
        )
        game_id = created.game_id
        assert await second.seat_of(game_id, created.tokens[0]) == 0  # facts remembered
        token = await first.claim(game_id, 1)
        assert await second.seat_of(game_id, token) == 1
        summary = await second.game(game_id)
        assert summary.claimed == frozenset({1}) and summary.open_seats == ()

    anyio.run(scenario)


def test_a_lobby_page_is_two_store_calls_whatever_its_length() -> None:
    open_seat = (SeatSpec(kind="human"), SeatSpec(kind="human", open=True))

    async def scenario() -> None:
        store = FakeCountingStore()
        service = GameService(store)
        waiting = [await service.create(seats=open_seat, seed=seed) for seed in range(12)]
        claimed = waiting.pop(3)
        await service.claim(claimed.game_id, 1)
        store.calls.clear()

        page = await service.lobby("waiting", 50, 0)

        assert store.calls == Counter(list_games=1, headlines=1), store.calls
        assert [entry.game_id for entry in page] == [game.game_id for game in waiting[::-1]]
        assert {(entry.status, entry.open_seats) for entry in page} == {("waiting", (1,))}
        active = await service.lobby("active", 50, 0)
        assert [(entry.game_id, entry.status, entry.open_seats) for entry in active] == [
            (claimed.game_id, "active", ())
        ]
        assert active[0].version == (await service.game(claimed.game_id)).record.version

    anyio.run(scenario)
