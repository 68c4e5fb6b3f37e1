"""A rematch no client can block and no race can double: the service's own command
ids are filed apart from every id a client may send, and of any number of seats
asking at once exactly one rematch is made, with no other table left behind."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from http_players import open_table, play_one, player
from http_table import auth
from litestar.testing import TestClient

from service.app import tables
from service.app.games import GameService
from service.app.records import info_decoder
from service.store import InMemoryEventStore

Client = TestClient[Any]

# Every shape of command id the service and its workers give their own commands
# (tables.py, workers/turns.py, workers/timeouts.py, workers/abandon.py, control.py),
# and the prefixes the store files ids under.
SYSTEM_ID_SHAPES = [
    "table:rematch",
    "table:rematch:{game}",
    "bot:{version}:{seat}",
    "bot:{game}:{version}:1",
    "timer:{version}:0",
    "timeout:{version}",
    "abandon:{game}",
    "s:table:rematch",
    "c:table:rematch",
    "s:timeout:{version}",
]


def _table_of_two(client: Client, seed: int) -> tuple[str, dict[int, str], dict[str, Any]]:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada, rules={"game_end": "hands:1"}, seed=seed)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).is_success
    return game_id, {0: ada["token"], 1: bob["token"]}, {"ada": ada, "bob": bob}


def _play_out_naming_system_ids(client: Client, game_id: str, tokens: dict[int, str]) -> None:
    """Legal play to the end, every command sent with a system id's shape as its id."""
    rng = random.Random(7)
    for step in range(3000):
        summary = client.get(f"/games/{game_id}").json()
        if summary["status"] == "finished":
            return
        turn, version = summary["view"]["turn"], summary["version"]
        shape = SYSTEM_ID_SHAPES[step % len(SYSTEM_ID_SHAPES)]
        command_id = shape.format(game=game_id, version=version, seat=turn)
        view = client.get(f"/games/{game_id}/view", headers=auth(tokens[turn])).json()
        command = dict(rng.choice(view["legal_commands"]), command_id=command_id)
        answer = client.post(f"/games/{game_id}/commands", json=command, headers=auth(tokens[turn]))
        # A client's reuse of its own id with another command is its own affair (409).
        assert answer.status_code in (200, 409), answer.text
    raise AssertionError("the game did not end")


def test_no_command_id_a_client_sends_blocks_the_rematch(client: Client) -> None:
    game_id, tokens, _ = _table_of_two(client, seed=3)
    _play_out_naming_system_ids(client, game_id, tokens)
    # After the end too: refused (game over), and still nothing of the service's taken.
    late = client.post(
        f"/games/{game_id}/commands",
        json={"type": "draw", "source": "stock", "command_id": "table:rematch"},
        headers=auth(tokens[0]),
    )
    assert late.status_code == 409, late.text
    rematch = client.post(f"/games/{game_id}/rematch", headers=auth(tokens[1]))
    assert rematch.status_code == 201, rematch.text
    assert rematch.json()["created"] is True
    events = client.get(f"/games/{game_id}/events", headers=auth(tokens[0])).json()["events"]
    offered = [e for e in events if e["event"]["type"] == "rematch_offered"]
    assert [e["event"]["game_id"] for e in offered] == [rematch.json()["game_id"]]


def _waiting_games(client: Client, token: str) -> list[str]:
    page = client.get("/players/me/games?status=waiting", headers=auth(token)).json()
    return [game["game_id"] for game in page["games"]]


@pytest.mark.parametrize("round_", range(3))
def test_seats_asking_at_once_get_one_rematch_and_leave_no_other_table(
    client: Client, store: InMemoryEventStore, round_: int
) -> None:
    game_id, tokens, _ = _table_of_two(client, seed=10 + round_)
    rng = random.Random(round_)
    while client.get(f"/games/{game_id}").json()["status"] != "finished":
        play_one(client, game_id, tokens, rng)
    removed = _removals_of(store)
    answers: list[Any] = []
    barrier = threading.Barrier(4)

    def ask(seat: int) -> None:
        barrier.wait(timeout=30)
        answers.append(client.post(f"/games/{game_id}/rematch", headers=auth(tokens[seat])))

    askers = [threading.Thread(target=ask, args=(seat % 2,)) for seat in range(4)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join(timeout=60)
    named = {answer.json()["game_id"] for answer in answers}
    assert len(named) == 1
    assert sum(answer.json()["created"] for answer in answers) == 1
    # The one that made the table is a 201; the others found it made (200).
    statuses = sorted((answer.status_code, answer.json()["created"]) for answer in answers)
    assert statuses == [(200, False)] * 3 + [(201, True)], [a.text for a in answers]
    (rematch,) = named
    # No one holds another table from the race: not in their games, not in the lobby.
    assert _waiting_games(client, tokens[0]) == [rematch]
    assert _waiting_games(client, tokens[1]) == [rematch]
    lobby = client.get("/games", params={"status": "open"}).json()["games"]
    assert [game["game_id"] for game in lobby if game.get("rematch_of") == game_id] in (
        [],
        [rematch],
    )
    # Nor in the store; and no loser made a table to remove it (its lobby line and
    # its first bot turn outlived it): the offer is recorded before the table is made.
    assert _rematches_stored(client, store, game_id) == [rematch]
    assert removed == []


def _removals_of(store: InMemoryEventStore) -> list[str]:
    """The ids of the games removed from `store` from now on."""
    removed: list[str] = []
    remove = store.remove_game

    async def recording(game_id: str) -> None:
        removed.append(game_id)
        await remove(game_id)

    store.remove_game = recording  # type: ignore[method-assign]
    return removed


def test_a_rematch_whose_maker_died_before_making_it_is_made_by_the_next_ask(
    client: Client, store: InMemoryEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The offer is in the log, the table never came (the process died between the
    two writes): an ask meanwhile waits for it, and once MAKING_S passed the next
    ask makes another, named by a second offer."""
    game_id, tokens, _ = _table_of_two(client, seed=4)
    rng = random.Random(4)
    while client.get(f"/games/{game_id}").json()["status"] != "finished":
        play_one(client, game_id, tokens, rng)
    monkeypatch.setattr(tables, "MAKING_S", 0.5)

    async def dies(*_: Any, **__: Any) -> None:
        raise RuntimeError("the process died here")

    games: GameService = client.app.state.games
    with monkeypatch.context() as dying:
        dying.setattr(games, "create", dies)
        ask = tables.rematch(games, game_id, tables.Caller(player=None, seats=(0,)))
        with pytest.raises(RuntimeError):
            client.blocking_portal.call(lambda: ask)
    made = client.post(f"/games/{game_id}/rematch", headers=auth(tokens[1]))
    assert made.status_code == 201, made.text
    again = client.post(f"/games/{game_id}/rematch", headers=auth(tokens[0]))
    assert (again.status_code, again.json()["game_id"]) == (200, made.json()["game_id"])
    events = client.get(f"/games/{game_id}/events", headers=auth(tokens[0])).json()["events"]
    offered = [e["event"]["game_id"] for e in events if e["event"]["type"] == "rematch_offered"]
    assert len(offered) == 2 and offered[-1] == made.json()["game_id"]
    assert _rematches_stored(client, store, game_id) == [made.json()["game_id"]]


def _rematches_stored(client: Client, store: InMemoryEventStore, game_id: str) -> list[str]:
    async def stored() -> list[str]:
        found = []
        async for candidate in store.meta_ids():
            meta = await store.get_meta(candidate)
            if "info" in meta and info_decoder.decode(meta["info"]).table.rematch_of == game_id:
                found.append(candidate)
        return found

    return client.blocking_portal.call(stored)
