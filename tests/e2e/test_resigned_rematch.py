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
from test_rematch_ids import _rematches_stored, _waiting_games

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
    summary = client.get(f"/games/{rematch.json()['game_id']}", headers=auth(ada["token"]))
    assert (summary.json()["your_seat"], summary.json()["kept_for_you"]) == (1, 0)
