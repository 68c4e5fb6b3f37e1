"""A table started with its open seats removed, exported and imported or forked: the new
game has the seats the original played with, not the ones it was created with."""

from __future__ import annotations

from typing import Any

import msgspec
from http_players import open_table, play_hand, player
from http_table import auth
from litestar import Litestar
from litestar.testing import TestClient
from replay_play import lines, played

Client = TestClient[Litestar]
NDJSON = {"content-type": "application/x-ndjson"}


def _started_short(client: Client) -> tuple[str, dict[int, str]]:
    """Ada hosts four seats, Bob takes the last, Ada starts without the two left open
    and they play the one hand to the end: a game of two seats from a table of four."""
    ada, bob = player(client, "Ada"), player(client, "Bob")
    seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 3
    game_id = open_table(client, ada, seats=seats, seed=11, rules={"game_end": "hands:1"})[
        "game_id"
    ]
    client.post(f"/games/{game_id}/seats/3", headers=auth(bob["token"]))
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text
    tokens = {0: ada["token"], 1: bob["token"]}
    play_hand(client, game_id, tokens, seed=11)
    return game_id, tokens


def _seats(summary: dict[str, Any]) -> list[tuple[str, int | None]]:
    return [(seat["kind"], seat["level"]) for seat in summary["seats"]]


def _game(client: Client, game_id: str) -> dict[str, Any]:
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200, response.text
    summary: dict[str, Any] = response.json()
    return summary


def _seat_views(client: Client, game_id: str, tokens: dict[str, str]) -> list[dict[str, Any]]:
    views = []
    for seat, token in sorted(tokens.items()):
        view = client.get(f"/games/{game_id}/view", headers=auth(token))
        assert view.status_code == 200, view.text
        body: dict[str, Any] = view.json()
        assert body["seat"] == int(seat)
        views.append({key: value for key, value in body.items() if key != "seat_labels"})
    return views


def test_an_import_has_the_seats_left_after_the_removal(client: Client) -> None:
    game_id, tokens = _started_short(client)
    original = _game(client, game_id)
    assert original["status"] == "finished" and len(original["seats"]) == 2
    log = client.get(f"/games/{game_id}/log")
    assert log.status_code == 200, log.text
    imported = client.post("/games/import", content=log.content, headers=NDJSON)
    assert imported.status_code == 201, imported.text
    created = imported.json()
    # One token per seat played: none for the seats removed before the deal.
    assert sorted(created["tokens"]) == ["0", "1"]
    copy = _game(client, created["game_id"])
    assert _seats(copy) == _seats(original)
    assert copy["view"]["seats"] == original["view"]["seats"] == 2
    assert copy["status"] == "finished"
    assert {key: value for key, value in copy["view"].items() if key != "seat_labels"} == {
        key: value for key, value in original["view"].items() if key != "seat_labels"
    }
    # Each seat sees in the copy what it saw in the original.
    originals = {str(seat): token for seat, token in tokens.items()}
    assert _seat_views(client, created["game_id"], created["tokens"]) == _seat_views(
        client, game_id, originals
    )
    # And the copy exports the same events again.
    again = client.get(f"/games/{created['game_id']}/log")
    assert again.status_code == 200, again.text
    assert played(lines(again.content)) == played(lines(log.content))


def test_a_fork_has_the_seats_left_after_the_removal(client: Client) -> None:
    game_id, _ = _started_short(client)
    original = _game(client, game_id)
    # A version inside the hand: the fork plays on with the two seats.
    forked = client.post(f"/games/{game_id}/fork", json={"version": 6, "deck": "keep"})
    assert forked.status_code == 201, forked.text
    created = forked.json()
    assert sorted(created["tokens"]) == ["0", "1"]
    copy = _game(client, created["game_id"])
    assert _seats(copy) == _seats(original)
    assert copy["view"]["seats"] == 2 and copy["status"] == "active"
    for seat, token in created["tokens"].items():
        view = client.get(f"/games/{created['game_id']}/view", headers=auth(token)).json()
        assert view["seat"] == int(seat) and len(view["hand"]) > 0


def _finish_with_bots(client: Client, game_id: str, tokens: dict[int, str]) -> None:
    """Legal play to the game's end: the human seats by their tokens, the bot seats as
    their jobs would (no worker runs beside a TestClient)."""
    from domain.views import view_for

    games = client.app.state.games

    async def bot_move(seat: int) -> None:
        view = view_for((await games.game(game_id)).record.state, seat)
        command = view.legal_commands[0] if view.phase == "draw" else view.legal_commands[-1]
        await games.commands.handle(game_id, seat, command, actor="bot")

    for _ in range(3000):
        summary = _game(client, game_id)
        if summary["status"] == "finished":
            return
        turn = summary["view"]["turn"]
        if turn not in tokens:
            with client.portal() as portal:
                portal.call(bot_move, turn)
            continue
        view = client.get(f"/games/{game_id}/view", headers=auth(tokens[turn])).json()
        legal = view["legal_commands"]
        command = legal[0] if view["phase"] == "draw" else legal[-1]
        client.post(f"/games/{game_id}/commands", json=command, headers=auth(tokens[turn]))
    raise AssertionError("the game did not end")


def test_a_bot_seat_behind_a_removed_one_stays_where_it_was(client: Client) -> None:
    """Ada, an open seat, an open seat Bob takes, a bot: started without the seat left
    open, Bob's seat closes up to 1 and the bot's to 2. The export's header and a fork
    named Bob's seat a bot (the bots of the meta were read closed up, against the seats
    as created): the fork dealt no token for it and its bot played Bob's cards."""
    ada, bob = player(client, "Ada"), player(client, "Bob")
    seats = [{"kind": "human"}, {"kind": "human", "open": True}]
    seats += [{"kind": "human", "open": True}, {"kind": "bot", "level": 3}]
    rules = {"game_end": "hands:1"}
    game_id = open_table(client, ada, seats=seats, seed=11, rules=rules)["game_id"]
    assert client.post(f"/games/{game_id}/seats/2", headers=auth(bob["token"])).is_success
    started = client.post(
        f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(ada["token"])
    )
    assert started.status_code == 200, started.text
    _finish_with_bots(client, game_id, {0: ada["token"], 1: bob["token"]})
    original = _game(client, game_id)
    assert _seats(original) == [("human", None), ("human", None), ("bot", 3)]

    log = client.get(f"/games/{game_id}/log")
    assert log.status_code == 200, log.text
    header = msgspec.json.decode(log.text.splitlines()[0])
    assert [kind["kind"] for kind in header["seat_kinds"]] == ["human", "human", "human", "bot"]
    imported = client.post("/games/import", content=log.content, headers=NDJSON)
    assert imported.status_code == 201, imported.text
    assert sorted(imported.json()["tokens"]) == ["0", "1"]
    assert _seats(_game(client, imported.json()["game_id"])) == _seats(original)

    forked = client.post(f"/games/{game_id}/fork", json={"version": 8, "deck": "keep"})
    assert forked.status_code == 201, forked.text
    assert sorted(forked.json()["tokens"]) == ["0", "1"]
    assert _seats(_game(client, forked.json()["game_id"])) == _seats(original)


def test_an_import_forks_before_the_start_that_removed_seats(client: Client) -> None:
    """An imported game keeps only the seats its log's start left, as the original's
    export does; a fork of it at a version before that start (the seats all there)
    read those few against the log's many and was refused (422 `invalid_fork_version`,
    "seat_kinds lists 2 seats"), where the same fork of the original is made."""
    game_id, _ = _started_short(client)
    log = client.get(f"/games/{game_id}/log")
    imported = client.post("/games/import", content=log.content, headers=NDJSON)
    assert imported.status_code == 201, imported.text
    for source in (game_id, imported.json()["game_id"]):
        # Version 2: Bob's claim, before the start that removed seats 1 and 2.
        forked = client.post(f"/games/{source}/fork", json={"version": 2, "deck": "keep"})
        assert forked.status_code == 201, forked.text
        created = forked.json()
        assert sorted(created["tokens"]) == ["0", "1", "2", "3"]
        assert _seats(_game(client, created["game_id"])) == [("human", None)] * 4
