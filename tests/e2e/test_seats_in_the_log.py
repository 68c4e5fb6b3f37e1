"""Who plays each seat is the log's to say: a bot filling an open seat at the start, a
resignation's bot, a hand-over and its take-back are events, none a field of the meta
record; deleting every projection changes no answer; tables stored by an earlier
release (fills kept in the meta) seat their bots once `rummy upgrade` ran."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from http_players import open_table, play_hand, player, problem
from http_table import auth, create
from litestar import Litestar
from litestar.testing import TestClient

from domain.views import view_for
from service.app.game_record import SEATING_FIELD
from service.app.games import GameService
from service.app.upgrade import upgrade
from service.app.writes import Write
from service.http.app import create_app
from service.store import InMemoryEventStore

Client = TestClient[Litestar]
# Fields the meta record kept about who plays a seat before the log said it.
_SEAT_CONTROL_FIELDS = ("filled:", "resigned:", "bot:", "auto:")


def _events(client: Client, game_id: str, token: str) -> list[dict[str, Any]]:
    page = client.get(f"/games/{game_id}/events", headers=auth(token)).json()
    return [envelope["event"] for envelope in page["events"]]


def _meta_fields(client: Client, store: InMemoryEventStore, game_id: str) -> list[str]:
    async def read() -> dict[str, bytes]:
        return await store.get_meta(game_id)

    return sorted(client.blocking_portal.call(read))


def _control_fields(client: Client, store: InMemoryEventStore, game_id: str) -> list[str]:
    fields = _meta_fields(client, store, game_id)
    return [field for field in fields if field.startswith(_SEAT_CONTROL_FIELDS)]


def _started_with_a_bot(client: Client, level: int = 3) -> tuple[str, dict[str, Any]]:
    """A three-seat table: the host, a player who claimed seat 1, and seat 2 left to a bot."""
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada, count=3)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).status_code == 201
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "bots", "level": level}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text
    return game_id, {"ada": ada, "bob": bob}


def test_a_bot_filling_an_open_seat_at_the_start_is_an_event(
    client: Client, store: InMemoryEventStore
) -> None:
    game_id, people = _started_with_a_bot(client, level=3)
    events = _events(client, game_id, people["ada"]["token"])
    types = [event["type"] for event in events]
    assert {"type": "seat_filled", "seat": 2, "level": 3} in events
    assert types.index("seat_filled") < types.index("hand_dealt")
    view = client.get(f"/games/{game_id}/view", headers=auth(people["ada"]["token"])).json()
    assert view["controllers"][2] == {"kind": "bot", "level": 3}
    assert [(label["kind"], label["level"]) for label in view["seat_labels"]] == [
        ("human", None),
        ("human", None),
        ("bot", 3),
    ]
    assert _control_fields(client, store, game_id) == []


def test_a_resignation_names_its_bot_in_the_log(client: Client, store: InMemoryEventStore) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada)["game_id"]
    client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"]))
    resigned = client.post(
        f"/games/{game_id}/resign", json={"level": 4}, headers=auth(bob["token"])
    )
    assert resigned.status_code == 200, resigned.text
    assert resigned.json()["events"][0]["event"] == {"type": "seat_resigned", "seat": 1, "level": 4}
    summary = client.get(f"/games/{game_id}").json()
    assert summary["view"]["controllers"][1] == {"kind": "bot", "level": 4}
    assert summary["seats"][1]["resigned"] is True
    # Its bot plays to the end: the seat changes hands no more.
    for answer in (
        client.post(f"/games/{game_id}/seats/1/bot", json={"level": 1}, headers=auth(bob["token"])),
        client.delete(f"/games/{game_id}/seats/1/bot", headers=auth(bob["token"])),
    ):
        problem(answer, 409, "seat_resigned")
    assert _control_fields(client, store, game_id) == []


def test_a_hand_over_and_its_take_back_are_only_events(
    client: Client, store: InMemoryEventStore
) -> None:
    game = create(client, seed=5)
    game_id, owner = game["game_id"], auth(game["tokens"]["1"])
    assert client.post(f"/games/{game_id}/seats/1/bot", json={"level": 2}, headers=owner).is_success
    assert client.get(f"/games/{game_id}").json()["view"]["controllers"][1]["kind"] == "autopilot"
    assert _control_fields(client, store, game_id) == []
    assert client.delete(f"/games/{game_id}/seats/1/bot", headers=owner).is_success
    assert client.get(f"/games/{game_id}").json()["view"]["controllers"][1]["kind"] == "human"
    assert _control_fields(client, store, game_id) == []


def test_removing_open_seats_renumbers_who_plays_the_others(client: Client) -> None:
    ada = player(client, "Ada")
    seats = [
        {"kind": "human"},
        {"kind": "human", "open": True},
        {"kind": "human", "open": True},
        {"kind": "bot", "level": 3},
    ]
    game_id = open_table(client, ada, seats=seats)["game_id"]
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text
    view = client.get(f"/games/{game_id}/view", headers=auth(ada["token"])).json()
    assert view["controllers"] == [{"kind": "human", "level": None}, {"kind": "bot", "level": 3}]


def test_removing_an_open_seat_before_a_claimed_one_keeps_the_claimant_human(
    client: Client,
) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    seats = [
        {"kind": "human"},
        {"kind": "human", "open": True},
        {"kind": "human", "open": True},
        {"kind": "bot", "level": 4},
    ]
    game_id = open_table(client, ada, seats=seats)["game_id"]
    assert client.post(f"/games/{game_id}/seats/2", headers=auth(bob["token"])).status_code == 201
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text
    view = client.get(f"/games/{game_id}/view", headers=auth(bob["token"])).json()
    assert view["seat"] == 1
    assert [c["kind"] for c in view["controllers"]] == ["human", "human", "bot"]
    assert [label["kind"] for label in view["seat_labels"]] == ["human", "human", "bot"]


def test_every_answer_survives_deleting_every_projection(
    client: Client, store: InMemoryEventStore
) -> None:
    # Seat tokens (a fresh in-memory app knows no players of another).
    open_seat = {"kind": "human", "open": True}
    game = create(client, seats=[{"kind": "human"}, open_seat, open_seat], seed=7)
    game_id, host = game["game_id"], auth(game["tokens"]["0"])
    claimed = client.post(f"/games/{game_id}/seats/1")
    guest = auth(claimed.json()["token"])
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "bots", "level": 2}, headers=host
    )
    assert started.status_code == 200, started.text
    assert client.post(f"/games/{game_id}/seats/1/bot", json={"level": 4}, headers=guest).is_success
    routes = [
        (f"/games/{game_id}", {}),
        (f"/games/{game_id}/view", host),
        (f"/games/{game_id}/view", guest),
        (f"/games/{game_id}/events", host),
    ]
    after = _answers_without_projections(client, store, game_id, routes)
    assert b'"kind":"autopilot","level":4' in after[0] and b'"kind":"bot","level":2' in after[0]


def test_a_waiting_tables_answers_survive_deleting_its_seating_copy(
    client: Client, store: InMemoryEventStore
) -> None:
    """The meta's copy of the seating is a projection of the log: without it (and
    without the views), a waiting table's seats, tokens and lobby line are the same."""
    open_seat = {"kind": "human", "open": True}
    game = create(client, seats=[{"kind": "human"}, open_seat, open_seat, open_seat], seed=7)
    game_id, host = game["game_id"], auth(game["tokens"]["0"])
    guests = [
        auth(client.post(f"/games/{game_id}/seats/{seat}").json()["token"]) for seat in (1, 3)
    ]
    left = client.delete(f"/games/{game_id}/seats/1", headers=guests[0])
    assert left.status_code == 204, left.text
    routes = [
        (f"/games/{game_id}", {}),
        ("/games?status=waiting", {}),
        (f"/games/{game_id}/view", host),
        (f"/games/{game_id}/view", guests[1]),
        (f"/games/{game_id}/view", guests[0]),
        (f"/games/{game_id}/events", host),
    ]
    after = _answers_without_projections(client, store, game_id, routes)
    assert b'"open_seats":[1,2]' in after[1], after[1]
    assert b'"seat":3' in after[3] and b"wrong_game" not in after[3]
    assert b"seat was given back" in after[4]


def _answers_without_projections(
    client: Client, store: InMemoryEventStore, game_id: str, routes: list[tuple[str, Any]]
) -> list[bytes]:
    """Each route's answer, which must not change when the game's projections (its
    cached views and the meta's copy of its seating) are deleted and a fresh process
    serves it."""
    before = [_answer(client.get(path, headers=headers)) for path, headers in routes]

    async def forget() -> None:
        await store.drop_views(game_id)
        await store.put_meta(game_id, {SEATING_FIELD: b""})

    client.blocking_portal.call(forget)
    # A fresh process over the same store: nothing remembered, nothing cached.
    with TestClient(app=create_app(store)) as fresh:
        after = [_answer(fresh.get(path, headers=headers)) for path, headers in routes]
    assert after == before
    return after


def _answer(response: Any) -> bytes:
    # A refusal names its request: the one part of an answer that differs each time.
    return re.sub(rb'"request_id":"[0-9a-f]+"', b"", response.content)


def test_a_table_started_by_an_earlier_release_keeps_its_filled_seats_bots(
    client: Client, store: InMemoryEventStore
) -> None:
    """An earlier release kept a start's fills in the meta (`filled:<seat>`), with no
    `seat_filled` in the log: upgraded, the log says it, and the bot plays the seat."""
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada, count=3)["game_id"]
    client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"]))

    async def start_as_the_previous_release() -> dict[int, int]:
        games = GameService(store)
        # Its start's mark on the seat, then its fill, both in the meta.
        await store.put_meta(game_id, {"claimed:2": b"bot", "filled:2": b"1"})
        # Its deal, as this release deals a table whose every seat is taken.
        await games.execute(
            game_id, Write(actor="service", decide=lambda game: games.first_deal(game, None))
        )
        await upgrade(store)
        return (await GameService(store).game(game_id)).bot_levels

    assert client.blocking_portal.call(start_as_the_previous_release) == {2: 1}
    assert _control_fields(client, store, game_id) == []
    assert "claimed:2" not in _meta_fields(client, store, game_id)
    summary = client.get(f"/games/{game_id}").json()
    assert [(seat["kind"], seat["level"]) for seat in summary["seats"]][2] == ("bot", 1)
    view = client.get(f"/games/{game_id}/view", headers=auth(ada["token"])).json()
    assert view["seat_labels"][2]["kind"] == "bot"
    events = _events(client, game_id, ada["token"])
    assert {"type": "seat_filled", "seat": 2, "level": 1} in events
    # The seat is nobody's to claim: the table is dealt.
    refused = client.post(f"/games/{game_id}/seats/2")
    assert refused.status_code == 409, refused.text


def _finished_with_a_filled_seat(client: Client, store: InMemoryEventStore) -> str:
    """A one-hand table whose open seat 1 a level-2 bot filled, played to its end (the
    bot's moves made as its job would make them: no worker runs here)."""
    seats = [{"kind": "human"}, {"kind": "human", "open": True}]
    game = create(client, seats=seats, seed=11, rules={"game_end": "hands:1"})
    game_id, host = game["game_id"], auth(game["tokens"]["0"])
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "bots", "level": 2}, headers=host
    )
    assert started.status_code == 200, started.text
    rng = random.Random(11)

    async def bot_move() -> None:
        games = GameService(store)
        state = (await games.game(game_id)).record.state
        command = rng.choice(view_for(state, 1).legal_commands)
        await games.commands.handle(game_id, 1, command, actor="bot")

    for _ in range(3000):
        summary = client.get(f"/games/{game_id}").json()
        if summary["status"] == "finished":
            return game_id
        if summary["view"]["turn"] == 1:
            client.blocking_portal.call(bot_move)
            continue
        view = client.get(f"/games/{game_id}/view", headers=host).json()
        answer = client.post(
            f"/games/{game_id}/commands", json=rng.choice(view["legal_commands"]), headers=host
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError("the hand did not end")


def test_a_filled_seat_travels_with_the_log_and_a_forged_fill_is_refused(
    client: Client, store: InMemoryEventStore
) -> None:
    game_id = _finished_with_a_filled_seat(client, store)
    exported = client.get(f"/games/{game_id}/log")
    assert exported.status_code == 200, exported.text
    header, *events = [json.loads(line) for line in exported.text.splitlines()]
    assert header["seat_kinds"] == [{"kind": "human", "level": None}, {"kind": "bot", "level": 2}]
    assert {"type": "seat_filled", "seat": 1, "level": 2} in [e["event"] for e in events]
    ndjson = {"content-type": "application/x-ndjson"}
    imported = client.post("/games/import", content=exported.content, headers=ndjson)
    assert imported.status_code == 201, imported.text
    summary = client.get(f"/games/{imported.json()['game_id']}").json()
    assert [(seat["kind"], seat["level"]) for seat in summary["seats"]] == [
        ("human", None),
        ("bot", 2),
    ]
    # A header that disagrees with the fill (another level, or a human seat) is refused.
    for forged_kind in ({"kind": "bot", "level": 3}, {"kind": "human", "level": None}):
        forged = dict(header, seat_kinds=[header["seat_kinds"][0], forged_kind])
        body = "\n".join(json.dumps(item) for item in [forged, *events]).encode()
        refused = client.post("/games/import", content=body, headers=ndjson)
        assert refused.status_code == 422, refused.text
        assert refused.json()["facts"]["field"] == "seat_kinds[1]"


def test_the_meta_of_a_table_keeps_no_seating_but_the_logs_copy(
    client: Client, store: InMemoryEventStore
) -> None:
    """Claims, a leave, a rename and the start: the meta beside the log holds what
    creation fixed, the secrets, and the copy of the log's seating; no field of its
    own says who sits where (issue 27: `claimed:`, `holder:`, `seated:`, `left:`,
    `reopened:`, `leaving:`, `filled:`, `waiting`, a seat's `name:`)."""
    ada, bob, cy = player(client, "Ada"), player(client, "Bob"), player(client, "Cy")
    game_id = open_table(client, ada, count=4)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).is_success
    anonymous = client.post(f"/games/{game_id}/seats/2").json()["token"]
    assert client.delete(f"/games/{game_id}/seats/2", headers=auth(anonymous)).is_success
    assert client.post(f"/games/{game_id}/seats/2", headers=auth(cy["token"])).is_success
    renamed = client.patch("/players/me", json={"name": "Bobby"}, headers=auth(bob["token"]))
    assert renamed.is_success, renamed.text
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "bots", "level": 1}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text
    assert [seat["name"] for seat in started.json()["seats"]] == ["Ada", "Bobby", "Cy", None]

    async def fields() -> set[str]:
        return {field.partition(":")[0] for field in await store.get_meta(game_id)}

    assert client.blocking_portal.call(fields) == {
        # creation: the rules, the deal's seed, the creator's seat (the host is the
        # log's: their mark in `game_started`)
        "info",
        "seed",
        "player",
        "name",
        # secrets: tokens, who made each claim, whom the host's mark stands for; a
        # player's own name since a rename
        "token",
        "claimant",
        "host_player",
        "renamed",
        # the log's seating, copied by the appends that change it
        "seating",
    }


def test_a_start_the_previous_release_left_half_done_does_not_keep_a_seat_from_the_next(
    client: Client, store: InMemoryEventStore
) -> None:
    """That release's start marked each open seat for its bot (`claimed:<seat>` =
    `bot`), then wrote the fills and the deal: crashed in between, it left the table
    waiting with the seat marked. Upgraded, the seat is open: the next start seats a
    bot there, and no seat of the dealt game is one nobody holds."""
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada, count=3)["game_id"]
    client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"]))

    async def crash_midway() -> None:
        await store.put_meta(game_id, {"claimed:2": b"bot"})
        await upgrade(store)

    client.blocking_portal.call(crash_midway)
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "waiting" and summary["seats"][2]["claimed"] is False
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "bots", "level": 1}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text
    assert [(seat["kind"], seat["name"]) for seat in started.json()["seats"]] == [
        ("human", "Ada"),
        ("human", "Bob"),
        ("bot", None),
    ]


def test_a_rematch_keeps_its_seats_by_events_that_name_no_player(
    client: Client, store: InMemoryEventStore
) -> None:
    """A rematch keeps each seat for whoever played it: a `seat_reserved` under the
    player's mark at that table, not a meta field; deleting the table's projections
    keeps the seat kept, and only its player takes it."""
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada, rules={"game_end": "hands:1"}, seed=1)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).is_success
    play_hand(client, game_id, {0: ada["token"], 1: bob["token"]}, 1)
    rematch = client.post(f"/games/{game_id}/rematch", headers=auth(bob["token"]))
    assert rematch.status_code == 201, rematch.text
    new_id = rematch.json()["game_id"]

    events = _events(client, new_id, bob["token"])
    assert [event["type"] for event in events] == ["game_started", "seat_reserved"]
    assert events[1]["seat"] == 0 and re.fullmatch("[0-9a-f]{16}", events[1]["mark"])
    assert ada["player_id"] not in json.dumps(events)
    fields = _meta_fields(client, store, new_id)
    assert not [field for field in fields if field.startswith("reserved:")]
    assert [field for field in fields if field.startswith("reservation:")] == [
        f"reservation:{events[1]['mark']}"
    ]

    # Players live beside the store of this process: the fresh one answers the public
    # routes, and the claims go to this one, the seating's copy deleted.
    routes = [(f"/games/{new_id}", {}), ("/games?status=waiting", {})]
    _answers_without_projections(client, store, new_id, routes)
    eve = player(client, "Eve")
    refused = client.post(f"/games/{new_id}/seats/0", headers=auth(eve["token"]))
    problem(refused, 409, "seat_reserved")
    claimed = client.post(f"/games/{new_id}/seats/0", headers=auth(ada["token"]))
    assert claimed.status_code == 201, claimed.text
    assert client.get(f"/games/{new_id}").json()["status"] == "active"
