"""A game whose meta record cannot be read (a seed that is no number, beside an info
that is no JSON: a record edited by hand) refuses its every request with 409
`game_unreadable`, as problem+json and never a 500; the other games play on, the
lobby skips it, and its jobs (bot turns, abandon checks) do nothing instead of
failing at every retry."""

from __future__ import annotations

import anyio
import pytest
from http_players import problem
from http_table import auth
from litestar.testing import TestClient

from service.app.games import GameService
from service.http.app import create_app
from service.store import InMemoryEventStore
from workers.abandon import run_abandon_check
from workers.turns import play_bot_turn

_BROKEN = [
    {"seed": b"x"},
    {"seed": b"x", "info": b"{not json"},
    {"own_hands_from": b"z"},
    {"salt:0": b"\xff"},
]


@pytest.mark.parametrize("fields", _BROKEN, ids=lambda fields: "+".join(fields))
def test_a_game_whose_record_cannot_be_read_refuses_alone(
    store: InMemoryEventStore, fields: dict[str, bytes]
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": 1}]
    with TestClient(create_app(store)) as client:
        made = [client.post("/games", json={"seats": seats}).json() for _ in range(2)]
    broken, sound = (game["game_id"] for game in made)
    token, sound_token = (game["tokens"]["0"] for game in made)
    anyio.run(store.put_meta, broken, fields)
    # A process that never read the game before (one that did keeps the facts it
    # read then, whole): the API's and a worker's.
    with TestClient(create_app(store)) as client:
        reads = ("", "/view", "/states/1", "/events", "/log", "/ratings")
        for path in reads:
            answer = client.get(f"/games/{broken}{path}", headers=auth(token))
            body = problem(answer, 409, "game_unreadable")
            assert body["facts"] == {"game_id": broken}
        for path, payload in (
            ("/commands", {"type": "draw", "source": "stock"}),
            ("/commands/check", {"type": "draw", "source": "stock"}),
            ("/tickets", None),
        ):
            answer = client.post(f"/games/{broken}{path}", json=payload, headers=auth(token))
            problem(answer, 409, "game_unreadable")
        assert client.get(f"/games/{sound}/view", headers=auth(sound_token)).status_code == 200
        drawn = client.post(
            f"/games/{sound}/commands",
            json={"type": "draw", "source": "stock"},
            headers=auth(sound_token),
        )
        assert drawn.status_code == 200, drawn.text
        listed = client.get("/games", params={"status": "active"})
        assert [game["game_id"] for game in listed.json()["games"]] == [sound]

    async def jobs() -> None:
        games = GameService(store)
        played = await play_bot_turn(games, games.commands, broken, 2)
        assert played.appended == 0
        assert await run_abandon_check(games, broken, 1) == "not_in_play"

    anyio.run(jobs)


@pytest.mark.parametrize("value", [b"@\xff\xfe", b"zz", b"\xff"], ids=["claim", "seat", "bytes"])
def test_a_seat_token_edited_by_hand_opens_nothing_and_the_game_plays_on(
    store: InMemoryEventStore, value: bytes
) -> None:
    """A token's field is a secret beside the log: one that cannot be read (not UTF-8,
    no seat number) is a token that opens nothing, not a game nobody can read."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    with TestClient(create_app(store)) as client:
        made = client.post("/games", json={"seats": seats}).json()
    game_id, tokens = made["game_id"], made["tokens"]
    meta = anyio.run(store.get_meta, game_id)
    edited = next(
        field for field, seat in meta.items() if field.startswith("token:") and seat == b"1"
    )
    anyio.run(store.put_meta, game_id, {edited: value})
    with TestClient(create_app(store)) as client:
        assert client.get(f"/games/{game_id}", headers=auth(tokens["0"])).status_code == 200
        view = client.get(f"/games/{game_id}/view", headers=auth(tokens["0"]))
        assert view.status_code == 200, view.text
        refused = client.get(f"/games/{game_id}/view", headers=auth(tokens["1"]))
        assert refused.status_code in (401, 403), refused.text
        drawn = client.post(
            f"/games/{game_id}/commands",
            json={"type": "draw", "source": "stock"},
            headers=auth(tokens["0"]),
        )
        assert drawn.status_code == 200, drawn.text
