"""Who sees hidden cards, route by route: a `private_log` game shows them to its seats
only (each seat what it may see), during the game and after it; a public one shows a
finished game, and ended hands under `reveal_after_hand`, to anyone."""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest
from http_table import auth, check_no_leak, check_view, stored_log, unredacted_through
from litestar import Litestar
from litestar.testing import TestClient
from replay_play import play

from domain.game import replay
from service.app.games import GameService, SeatSpec
from service.store import InMemoryEventStore

Client = TestClient[Litestar]
VIEWERS = [None, 0, 1]


def _game(store: InMemoryEventStore, *, private: bool, finished: bool) -> tuple[str, list[str]]:
    """A two-seat game of two hands, played into its second hand or to its end."""

    async def played() -> tuple[str, list[str]]:
        service = GameService(store)
        human = SeatSpec(kind="human")
        created = await service.create(
            seats=(human, human), seed=5, rules={"game_end": "hands:2"}, private_log=private
        )
        game_id = created.game_id
        if finished:
            await play(service, game_id, seed=5)
        else:
            step = 0
            while (await service.game(game_id)).record.state.hand_number < 2:
                step += 1
                await play(service, game_id, seed=step, commands=1)
            await play(service, game_id, seed=6, commands=3)
        return game_id, [created.tokens[0], created.tokens[1]]

    return anyio.run(played)


def _headers(tokens: list[str], viewer: int | None) -> dict[str, str]:
    return auth(tokens[viewer]) if viewer is not None else {}


@pytest.mark.parametrize("viewer", VIEWERS, ids=["spectator", "seat0", "seat1"])
@pytest.mark.parametrize("finished", [False, True], ids=["during", "after"])
@pytest.mark.parametrize("private", [True, False], ids=["private", "public"])
def test_every_route_serves_hidden_cards_only_as_the_game_allows(
    client: Client, store: InMemoryEventStore, private: bool, finished: bool, viewer: int | None
) -> None:
    game_id, tokens = _game(store, private=private, finished=finished)
    headers = _headers(tokens, viewer)
    log = anyio.run(lambda: stored_log(store, game_id))
    last = len(log)
    shown = unredacted_through(log, viewer, last, private_log=private)
    # The rule as the user meets it: a private game's spectator sees no hidden card, ever.
    if private and viewer is None:
        assert shown == 0
    else:
        assert shown > 0  # an ended hand at least, under the default reveal_after_hand

    # /events (long poll) and /events/stream
    page = client.get(f"/games/{game_id}/events?limit=1000", headers=headers).json()
    assert [event["version"] for event in page["events"]] == list(range(1, last + 1))
    check_no_leak(log, page["events"], viewer, last, private_log=private)
    streamed = _streamed(client, game_id, headers, last)
    assert [event["version"] for event in streamed] == list(range(1, last + 1))
    check_no_leak(log, streamed, viewer, last, private_log=private)

    # /states/{v}: the full state exactly where the viewer may see everything
    for version in range(1, last + 1):
        answer = client.get(f"/games/{game_id}/states/{version}", headers=headers)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        state = replay(envelope.event for envelope in log[:version])
        check_view(body["view"], state, viewer)
        full = version <= shown
        assert (body["visibility"] == "full") == full, (version, body["visibility"])
        assert (body["state"] is not None) == full

    # /games/{id} and the lobby: the spectator's view, no hidden card
    summary = client.get(f"/games/{game_id}").json()
    check_view(summary["view"], replay(envelope.event for envelope in log), None)
    status = "finished" if finished else "active"
    lobby = client.get(f"/games?status={status}&limit=100").json()["games"]
    entry = next(item for item in lobby if item["game_id"] == game_id)
    assert not {"hands", "deck", "stock", "hand"} & set(entry)

    # /log and /fork: whole logs, for those who may see everything once the game is over
    logged = client.get(f"/games/{game_id}/log", headers=headers)
    forked = client.post(f"/games/{game_id}/fork", json={"version": 2}, headers=headers)
    if private and viewer is None:
        assert (logged.status_code, logged.json()["code"]) == (401, "missing_token")
        assert (forked.status_code, forked.json()["code"]) == (401, "missing_token")
    elif not finished:
        assert (logged.status_code, logged.json()["code"]) == (409, "game_in_progress")
        assert (forked.status_code, forked.json()["code"]) == (409, "game_in_progress")
    else:
        assert logged.status_code == 200
        assert forked.status_code == 201, forked.text
        # A private game's fork stays private: its spectators see no hidden card either.
        fork_id = forked.json()["game_id"]
        fork_log = anyio.run(lambda: stored_log(store, fork_id))
        fork_page = client.get(f"/games/{fork_id}/events?limit=1000").json()
        check_no_leak(fork_log, fork_page["events"], None, len(fork_log), private_log=private)


def _streamed(client: Client, game_id: str, headers: dict[str, str], last: int) -> list[Any]:
    """The stream's envelopes up to version `last`, read straight from the app (the test
    client would wait for the end of a stream, which a game in progress never reaches)."""
    envelopes: list[Any] = []
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": f"/games/{game_id}/events/stream",
        "raw_path": f"/games/{game_id}/events/stream".encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
    }

    async def read() -> None:
        done = anyio.Event()
        buffer = b""

        async def receive() -> dict[str, Any]:
            await done.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            nonlocal buffer
            if message["type"] == "http.response.start":
                assert message["status"] == 200, message
            buffer += message.get("body", b"")
            *complete, buffer = buffer.split(b"\n")
            for line in complete:
                if line.startswith(b"data:"):
                    envelopes.append(json.loads(line[5:]))
            if envelopes and envelopes[-1]["version"] >= last:
                done.set()

        with anyio.move_on_after(10):
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(client.app, scope, receive, send)
                await done.wait()
                tasks.cancel_scope.cancel()

    client.blocking_portal.call(read)
    return envelopes
