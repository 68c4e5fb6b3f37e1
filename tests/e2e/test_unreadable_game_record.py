"""A game whose meta record cannot be read (a seed that is no number, beside an info
that is no JSON: a record edited by hand) refuses its every request with 409
`game_unreadable`, as problem+json and never a 500; the other games play on, the
lobby skips it, and its jobs (bot turns, abandon checks) do nothing instead of
failing at every retry."""

from __future__ import annotations

from typing import Any

import anyio
import msgspec
import pytest
from http_players import open_table, player, problem
from http_table import auth
from litestar.testing import TestClient

from domain.rules import build_ruleset
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


def _runs_deck() -> list[str]:
    """A basic two-seat deck that deals each seat a run from ace to ten (clubs, diamonds):
    whoever plays first lays it down and goes out."""
    dealt = [rank + suit for rank in "A23456789T" for suit in "CD"]
    return dealt + [card for card in build_ruleset("basic").pack() if card not in dealt]


def _play_out(client: TestClient[Any], game_id: str, tokens: dict[str, str]) -> Any:
    """The answer to the command that ends the first hand: the seat to play draws,
    lays its run down and discards."""
    turn = client.get(f"/games/{game_id}", headers=auth(tokens["0"])).json()["view"]["turn"]
    token = tokens[str(turn)]
    url = f"/games/{game_id}/commands"
    drawn = client.post(url, json={"type": "draw", "source": "stock"}, headers=auth(token))
    assert drawn.status_code == 200, drawn.text
    legal = drawn.json()["view"]["legal_commands"]
    meld = max(
        (c for c in legal if c["type"] == "lay_melds"),
        key=lambda c: sum(len(cards) for cards in c["melds"]),
    )
    laid = client.post(url, json=meld, headers=auth(token))
    assert laid.status_code == 200, laid.text
    (discard,) = (c for c in laid.json()["view"]["legal_commands"] if c["type"] == "discard")
    return client.post(url, json=discard, headers=auth(token))


# A stacked deck edited by hand: cards that are none, or too few.
_EDITED_DECKS = [["ZZ"] * 52, ["AS"]]


@pytest.mark.parametrize("deck", _EDITED_DECKS, ids=["no cards", "too few"])
def test_a_waiting_tables_stacked_deck_edited_by_hand_is_an_unreadable_game(
    store: InMemoryEventStore, deck: list[str]
) -> None:
    """The deck a private table's creator stacked is a secret beside the log: one the
    rules refuse at the start is the stored record's fault, not the starter's."""
    with TestClient(create_app(store)) as client:
        ada = player(client, "Ada")
        table = open_table(client, ada, private=True, deck=_runs_deck())
        game_id = table["game_id"]
        anyio.run(store.put_meta, game_id, {"first_deck": msgspec.json.encode(deck)})
        started = client.post(
            f"/games/{game_id}/start", json={"fill": "bots"}, headers=auth(ada["token"])
        )
        problem(started, 409, "game_unreadable")
        view = client.get(f"/games/{game_id}", headers=auth(ada["token"])).json()["view"]
        assert view["hand_number"] == 0


@pytest.mark.parametrize("deck", _EDITED_DECKS, ids=["no cards", "too few"])
def test_a_later_hands_stacked_deck_edited_by_hand_writes_nothing(
    store: InMemoryEventStore, deck: list[str]
) -> None:
    """The next hand's stacked deck, refused by the rules when the hand before it
    ends, refuses the command that ended it as the stored record's fault: nothing
    is written, and the game is where it was."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    decks = [_runs_deck(), _runs_deck()]
    with TestClient(create_app(store)) as client:
        ada = player(client, "Ada")
        made = client.post(
            "/games",
            json={"seats": seats, "private": True, "decks": decks},
            headers=auth(ada["token"]),
        ).json()
        game_id = made["game_id"]
        info = msgspec.json.decode(anyio.run(store.get_meta, game_id)["info"])
        info["decks"] = [decks[0], deck]
        anyio.run(store.put_meta, game_id, {"info": msgspec.json.encode(info)})
    with TestClient(create_app(store)) as client:
        before = client.get(f"/games/{game_id}", headers=auth(made["tokens"]["0"])).json()
        ended = _play_out(client, game_id, made["tokens"])
        problem(ended, 409, "game_unreadable")
        after = client.get(f"/games/{game_id}", headers=auth(made["tokens"]["0"])).json()
        assert after["version"] == before["version"] + 2
        assert after["view"]["hand_number"] == 1
