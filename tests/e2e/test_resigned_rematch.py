"""A rematch asked by a seat that resigned is refused and leaves no table behind.

`POST /games/{id}/rematch` made the new waiting table first, then appended
`rematch_offered` as the caller's seat, which the rules refuse for a resigned seat
(409 `seat_resigned`). The refusal reached the caller, but the table it had made
stayed: in the caller's `GET /players/me/games`, in the lobby, and in the store until
it expired; each retry made another.
"""

from __future__ import annotations

from typing import Any

from http_players import open_table, player, problem
from http_table import auth, finish_beside_a_resigned_seat
from litestar.testing import TestClient
from test_rematch_ids import _rematches_stored, _waiting_games

from domain.views import view_for
from service.app.writes import Executed
from service.http.app import create_app
from service.store import InMemoryEventStore

ONE_HAND = {"game_end": "hands:1"}


def _finished_with_a_resigned_seat(client: Any) -> tuple[str, str, str]:
    """A finished game of two players, the second resigned during play: its id, the
    resigned player's token and the other's."""
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada, rules=ONE_HAND, seed=5)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).is_success
    assert client.post(f"/games/{game_id}/resign", headers=auth(bob["token"])).is_success
    finish_beside_a_resigned_seat(client, game_id, ada["token"])
    return game_id, bob["token"], ada["token"]


def test_a_resigned_seats_rematch_is_refused_and_leaves_no_table(
    client: Any, store: InMemoryEventStore
) -> None:
    game_id, resigned, other = _finished_with_a_resigned_seat(client)
    for _ in range(3):
        problem(
            client.post(f"/games/{game_id}/rematch", headers=auth(resigned)), 409, "seat_resigned"
        )
    assert _waiting_games(client, resigned) == []
    lobby = client.get("/games", params={"status": "waiting"}).json()["games"]
    assert [game for game in lobby if game.get("rematch_of") == game_id] == []
    assert _rematches_stored(client, store, game_id) == []
    # The seat that played on still may: one rematch, kept for both players.
    rematch = client.post(f"/games/{game_id}/rematch", headers=auth(other))
    assert rematch.status_code == 201, rematch.text
    assert _rematches_stored(client, store, game_id) == [rematch.json()["game_id"]]


def test_a_hot_seat_player_who_resigned_one_seat_asks_the_rematch_as_another(
    client: Any,
) -> None:
    """Before, their first seat asked, which had resigned: 409 `seat_resigned`,
    though they had played the other seat to the end."""
    ada = player(client, "Ada")
    table = open_table(client, ada, hot_seat=True, rules={**ONE_HAND, "rated": False}, seed=5)
    game_id = table["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"])).is_success
    resigned = client.post(f"/games/{game_id}/resign", headers=auth(ada["token"]))
    assert resigned.json()["view"]["resigned"] == [0], resigned.text
    finish_beside_a_resigned_seat(client, game_id, ada["token"], resigned=0)
    rematch = client.post(f"/games/{game_id}/rematch", headers=auth(ada["token"]))
    assert rematch.status_code == 201, rematch.text
    assert rematch.json()["seat"] == 1 and rematch.json()["token"]
    # They sit at both seats again, dealt at once (tests/e2e/test_hot_seat_rematch.py).
    summary = client.get(f"/games/{rematch.json()['game_id']}", headers=auth(ada["token"]))
    assert (summary.json()["status"], summary.json()["kept_for_you"]) == ("active", None)


def test_a_resigned_seats_rematch_beside_a_bot_makes_no_game_at_all() -> None:
    """Beside a bot, the rematch is dealt as it is made: its first bot turn was queued
    and its lobby entry filed before the refusal removed it (the worker then failed
    that job again and again: `no game`). The rules are asked first now."""
    appended: list[Executed] = []

    async def record(appended_now: Executed) -> None:
        appended.append(appended_now)

    body = {"seats": [{"kind": "human"}, {"kind": "bot", "level": 1}], "rules": ONE_HAND}
    with TestClient(create_app(InMemoryEventStore(), on_appended=record)) as client:
        created = client.post("/games", json={**body, "seed": 5}).json()
        game_id, token = created["game_id"], created["tokens"]["0"]
        assert client.post(f"/games/{game_id}/resign", headers=auth(token)).is_success
        games = client.app.state.games

        async def bot_move() -> None:
            state = (await games.game(game_id)).record.state
            view = view_for(state, state.turn)
            command = view.legal_commands[0] if view.phase == "draw" else view.legal_commands[-1]
            await games.commands.handle(game_id, state.turn, command, actor="bot")

        for _ in range(3000):
            if client.get(f"/games/{game_id}").json()["status"] == "finished":
                break
            with client.portal() as portal:
                portal.call(bot_move)
        appended.clear()
        problem(client.post(f"/games/{game_id}/rematch", headers=auth(token)), 409, "seat_resigned")
        assert [entry.game_id for entry in appended] == []
        assert client.get("/games", params={"status": "active"}).json()["games"] == []
