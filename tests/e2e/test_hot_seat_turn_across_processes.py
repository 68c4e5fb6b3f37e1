"""A hot-seat player's token acts for the seat they play now, as the store has it.

At a hot-seat table one player token acts for whichever of the player's seats is to
play. API processes share nothing but the store, and the worker plays bot turns,
timeouts and resigned seats in a process of its own: the seat to play must be read
from the game as it is in the store, not from the last state this process happened
to fold. Else the player's view shows a seat whose turn it is not, with nothing to
play (cached fresh by the other process's append, it stays so), while the seat to
play waits for a command nobody is offered.
"""

from __future__ import annotations

from typing import Any

from http_players import open_table, player
from http_table import auth
from litestar.testing import TestClient

from service.http.app import create_app
from service.store import InMemoryEventStore


def _play_turn(client: TestClient[Any], game_id: str, token: str) -> int:
    """The seat to play draws and discards through `client`: the seat that played."""
    drawn = client.post(
        f"/games/{game_id}/commands", json={"type": "draw", "source": "stock"}, headers=auth(token)
    )
    assert drawn.status_code == 200, drawn.text
    view = drawn.json()["view"]
    discard = next(c for c in view["legal_commands"] if c["type"] == "discard")
    played = client.post(f"/games/{game_id}/commands", json=discard, headers=auth(token))
    assert played.status_code == 200, played.text
    return int(view["seat"])


def test_the_view_and_the_command_follow_a_turn_passed_through_another_process(
    store: InMemoryEventStore,
) -> None:
    with TestClient(create_app(store)) as here, TestClient(create_app(store)) as there:
        ada = player(here, "Ada")
        table = open_table(here, ada, hot_seat=True, seed=7, rules={"rated": False})
        game_id, token = table["game_id"], ada["token"]
        claimed = here.post(f"/games/{game_id}/seats/1", headers=auth(token))
        assert claimed.status_code == 201, claimed.text
        seat_tokens = {0: table["tokens"]["0"], 1: claimed.json()["token"]}
        # This process dealt the hand: it knows the game at the first seat's turn.
        first = here.get(f"/games/{game_id}/view", headers=auth(token)).json()
        assert first["seat"] == first["turn"] and first["legal_commands"]
        # That seat plays its turn through another process (another node behind the
        # proxy, by the seat's token; the worker, for a bot or a resigned seat): the
        # turn is her other seat's.
        played = _play_turn(there, game_id, seat_tokens[first["seat"]])
        assert played == first["seat"]
        view = here.get(f"/games/{game_id}/view", headers=auth(token)).json()
        assert view["turn"] == 1 - played
        assert view["seat"] == view["turn"], view
        assert view["legal_commands"], view
        # And her command is for the seat to play, at the first asking.
        assert _play_turn(here, game_id, token) == 1 - played


def test_a_hot_seat_player_sees_the_seat_they_still_play_while_their_resigned_one_is_to_play(
    client: TestClient[Any],
) -> None:
    # The seat to play had resigned: its bot plays it, and it holds nothing of the
    # player's any more (a null hand, no commands). The player's token shows the seat
    # they still play, with its hand, as it does while a bot seat or another's plays.
    ada = player(client, "Ada")
    table = open_table(client, ada, hot_seat=True, seed=7, rules={"rated": False})
    game_id, token = table["game_id"], ada["token"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(token)).status_code == 201
    to_play = client.get(f"/games/{game_id}/view", headers=auth(token)).json()["seat"]
    resigned = client.post(f"/games/{game_id}/resign", headers=auth(token))
    assert resigned.status_code == 200, resigned.text
    # No worker beside a TestClient: the resigned seat's bot has not played yet.
    view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
    assert view["turn"] == to_play and view["resigned"] == [to_play]
    assert view["seat"] == 1 - to_play, view
    assert view["hand"], view
