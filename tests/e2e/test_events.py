"""The event log over HTTP: long poll and server-sent events, resumable."""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest
from http_table import auth, create, finish
from litestar import Litestar
from litestar.testing import TestClient


def test_the_stream_serves_every_event_and_resumes_from_last_event_id(
    client: TestClient[Litestar],
) -> None:
    game = create(client, seed=21, rules={"game_end": "hands:1"})
    last = finish(client, game, seed=21)
    path = f"/games/{game['game_id']}/events/stream"
    with client.stream("GET", path, headers=auth(game["tokens"]["0"])) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        ids = [int(line[3:].strip()) for line in response.iter_lines() if line.startswith("id:")]
    assert ids == list(range(1, last + 1))
    with client.stream("GET", path, headers={"Last-Event-ID": str(last - 2)}) as response:
        data = [json.loads(line[5:]) for line in response.iter_lines() if line.startswith("data:")]
    # The two events, then the end message.
    assert [envelope["version"] for envelope in data[:-1]] == [last - 1, last]
    assert data[-1] == {"version": last}


def test_an_empty_last_event_id_is_no_resume_point(client: TestClient[Litestar]) -> None:
    # The SSE spec: an empty id resets the last event id, and a client sends it as it is.
    game = create(client, seed=21, rules={"game_end": "hands:1"})
    last = finish(client, game, seed=21)
    path = f"/games/{game['game_id']}/events/stream"
    for after in (0, last - 1):
        with client.stream(
            "GET", path, params={"after": after}, headers={"Last-Event-ID": ""}
        ) as response:
            assert response.status_code == 200
            lines = list(response.iter_lines())
        ids = [int(line[3:].strip()) for line in lines if line.startswith("id:")]
        assert ids == list(range(after + 1, last + 1))


def test_a_long_poll_without_news_answers_empty_after_its_wait(
    client: TestClient[Litestar],
) -> None:
    game = create(client, seed=2)
    page = client.get(f"/games/{game['game_id']}/events?after=2&wait=0.2").json()
    assert page == {"version": 2, "events": [], "next_after": 2, "has_more": False, "ended": False}


def test_a_long_poll_answers_when_the_next_event_arrives() -> None:
    # In one event loop with the service: the test client's transport would
    # serialize the two requests.
    from service.app.games import GameService, SeatSpec
    from service.store import InMemoryEventStore

    async def scenario() -> None:
        service = GameService(InMemoryEventStore())
        created = await service.create(seats=(SeatSpec(kind="human"),) * 2, seed=2)
        turn = (await service.game(created.game_id)).record.state.turn
        pages = []

        async def poll() -> None:
            pages.append(await service.events(created.game_id, None, after=2, wait_s=5, limit=10))

        async with anyio.create_task_group() as group:
            group.start_soon(poll)
            await anyio.sleep(0.05)
            from domain.commands import Draw

            await service.commands.handle(created.game_id, turn, Draw())
        [(version, envelopes)] = pages
        assert version == 3 and [envelope.version for envelope in envelopes] == [3]
        # A spectator does not see which card came off the stock.
        assert envelopes[0].event.cards is None  # type: ignore[union-attr]

    anyio.run(scenario)


def test_the_stream_does_not_end_before_events_appended_after_its_read(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The stream's read lands just before the game's last commands (through
    # another API node); by the time it asks whether the game is over, it is.
    game = create(client, seed=21, rules={"game_end": "hands:1"})
    last = finish(client, game, seed=21)
    games = client.app.state.games
    real_events = games.events
    reads = 0

    async def read_before_the_end(game_id: str, viewer: int | None, **options: Any) -> Any:
        nonlocal reads
        reads += 1
        version, envelopes = await real_events(game_id, viewer, **options)
        if reads == 1:
            kept = tuple(envelope for envelope in envelopes if envelope.version <= last - 3)
            return last - 3, kept
        return version, envelopes

    monkeypatch.setattr(games, "events", read_before_the_end)
    path = f"/games/{game['game_id']}/events/stream"
    with client.stream("GET", path) as response:
        ids = [int(line[3:].strip()) for line in response.iter_lines() if line.startswith("id:")]
    assert ids == list(range(1, last + 1))
