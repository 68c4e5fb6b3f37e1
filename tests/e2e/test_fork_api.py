"""Forks over HTTP: keep the deck mid-hand, reshuffle at a hand boundary, and who may fork."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from http_players import play_hand
from http_table import auth
from litestar import Litestar
from litestar.testing import TestClient
from replay_play import finished_game, lines, play, played, versions_of

from service.app.games import CreatedGame, GameService, SeatSpec
from service.logs.logfile import export_log
from service.store import InMemoryEventStore

Client = TestClient[Litestar]


def _problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["code"] == code, body
    return body


@pytest.fixture
def source(store: InMemoryEventStore) -> tuple[CreatedGame, list[dict[str, Any]]]:
    service = GameService(store)
    created = anyio.run(lambda: finished_game(service, seed=31, hands=2))
    return created, lines(anyio.run(lambda: export_log(store, created.game_id)))


def _fork(client: Client, game_id: str, **body: Any) -> Any:
    return client.post(f"/games/{game_id}/fork", json=body)


def _command_end(log: list[dict[str, Any]]) -> int:
    """A version after which a command's events end, inside the first hand."""
    return versions_of(log, "card_discarded")[2]


def test_keep_forks_mid_hand_with_the_same_table_and_plays_on(
    client: Client, store: InMemoryEventStore, source: Any
) -> None:
    created, log = source
    version = _command_end(log)
    forked = _fork(client, created.game_id, version=version, deck="keep")
    assert forked.status_code == 201, forked.text
    fork = forked.json()
    assert fork["version"] == version and sorted(fork["tokens"]) == ["0", "1"]
    for seat in (0, 1):
        mine = client.get(
            f"/games/{fork['game_id']}/states/{version}", headers=auth(fork["tokens"][str(seat)])
        )
        theirs = client.get(
            f"/games/{created.game_id}/states/{version}", headers=auth(created.tokens[seat])
        )
        assert mine.json()["view"] == theirs.json()["view"]
    fork_log = lines(anyio.run(lambda: export_log(store, fork["game_id"])))
    assert played(fork_log) == played(log[: version + 1])
    # Its first event says how the fork was opened: a copy, so stacked, at its own time.
    opening = fork_log[1]["event"]["opening"]
    assert (opening["preset"], opening["stacked"]) == ("basic", True)
    assert opening["created_at"] == fork_log[0]["created_at"] != log[0]["created_at"]
    # The fork plays on to its end, and its own log checks out, the kept hand's
    # deal included (its salt came along from the source).
    anyio.run(lambda: play(GameService(store), fork["game_id"], seed=99))
    exported = client.get(f"/games/{fork['game_id']}/log")
    assert exported.status_code == 200
    assert client.post("/games/import", content=exported.content).status_code == 201
    assert 1 in {
        item["event"]["hand_number"]
        for item in lines(exported.content)[1:]
        if item["event"]["type"] == "deck_revealed"
    }


def test_reshuffle_deals_the_next_hand_afresh_at_a_boundary(
    client: Client, store: InMemoryEventStore, source: Any
) -> None:
    created, log = source
    ended = versions_of(log, "hand_ended")[0]
    first = _fork(client, created.game_id, version=ended, deck="reshuffle", seed=5).json()
    second = _fork(client, created.game_id, version=ended, deck="reshuffle", seed=5).json()
    logs = [lines(anyio.run(export_log, store, fork["game_id"])) for fork in (first, second)]
    # Through the ended hand's reveal, then a new deal of hand 2.
    assert played(logs[0])[: ended + 1] == played(log)[: ended + 1]
    assert logs[0][ended + 1]["event"]["type"] == "deck_revealed"
    deals = [fork_log[ended + 2]["event"] for fork_log in logs]
    source_deal = log[ended + 2]["event"]
    assert deals[0]["type"] == "hand_dealt" and deals[0]["hand_number"] == 2
    assert deals[0]["deck"] == deals[1]["deck"] != source_deal["deck"]
    assert first["version"] == ended + 2
    kept = _fork(client, created.game_id, version=ended, deck="keep").json()
    kept_log = lines(anyio.run(lambda: export_log(store, kept["game_id"])))
    assert kept_log[ended + 2]["event"] == source_deal


def test_a_reshuffled_fork_played_out_reveals_its_own_deal_and_imports(
    client: Client, store: InMemoryEventStore, source: Any
) -> None:
    """A reshuffle's new deal is the fork's own: the end of that hand reveals the salt
    of its commitment, not the source's salt of the hand it replaced (whose reveal
    failed the fork's own log on import: 422 bad_commitment)."""
    created, log = source
    ended = versions_of(log, "hand_ended")[0]
    fork = _fork(client, created.game_id, version=ended, deck="reshuffle").json()
    anyio.run(lambda: play(GameService(store), fork["game_id"], seed=99))
    exported = client.get(f"/games/{fork['game_id']}/log")
    assert exported.status_code == 200, exported.text
    imported = client.post("/games/import", content=exported.content)
    assert imported.status_code == 201, imported.text
    source_salts = {
        item["event"]["salt"] for item in log[1:] if item["event"]["type"] == "deck_revealed"
    }
    fork_salts = [
        item["event"]["salt"]
        for item in lines(exported.content)[ended + 2 :]
        if item["event"]["type"] == "deck_revealed"
    ]
    assert fork_salts and not source_salts & set(fork_salts)


def test_forks_refuse_what_they_cannot_do(
    client: Client, store: InMemoryEventStore, source: Any
) -> None:
    created, log = source
    game_id = created.game_id
    mid_hand = _command_end(log)
    problem = _problem(
        _fork(client, game_id, version=mid_hand, deck="reshuffle"), 422, "invalid_fork_version"
    )
    assert problem["facts"]["version"] == mid_hand
    discard = versions_of(log, "card_discarded")[-1]  # the one that ended the game
    _problem(_fork(client, game_id, version=discard, deck="keep"), 422, "invalid_fork_version")
    _problem(_fork(client, game_id, version=len(log) - 1, deck="keep"), 422, "invalid_fork_version")
    _problem(_fork(client, game_id, version=len(log), deck="keep"), 404, "version_not_found")
    _problem(_fork(client, "0" * 32, version=3), 404, "game_not_found")
    human = SeatSpec(kind="human")
    running = anyio.run(lambda: GameService(store).create(seats=(human, human), seed=1))
    refused = _problem(_fork(client, running.game_id, version=2), 409, "game_in_progress")
    assert refused["detail"].endswith("it is forked once the game is over")


def test_a_private_game_forks_for_its_seats_only(client: Client, store: InMemoryEventStore) -> None:
    created = anyio.run(
        lambda: finished_game(GameService(store), seed=32, hands=1, private_log=True)
    )
    _problem(_fork(client, created.game_id, version=2), 401, "missing_token")
    forked = client.post(
        f"/games/{created.game_id}/fork", json={"version": 2}, headers=auth(created.tokens[0])
    )
    assert forked.status_code == 201
    summary = client.get(f"/games/{forked.json()['game_id']}").json()
    assert summary["status"] == "active"
    # The fork keeps the source's privacy: a spectator is refused before anything else.
    fork_id = forked.json()["game_id"]
    _problem(client.post(f"/games/{fork_id}/fork", json={"version": 2}), 401, "missing_token")


def test_a_fork_of_a_timed_game_shows_no_deadline(client: Client) -> None:
    """Forks have no time limit: the source's deadline at the version forked (long past
    by the time the fork is played) is not the fork's, in its view or its summary."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {"seats": seats, "seed": 4, "turn_time_limit_s": 60, "rules": {"game_end": "hands:1"}}
    made = client.post("/games", json=body)
    assert made.status_code == 201, made.text
    game = made.json()
    tokens = {int(seat): token for seat, token in game["tokens"].items()}
    first = client.get(f"/games/{game['game_id']}/view", headers=auth(tokens[0])).json()
    assert first["turn_deadline"] is not None
    play_hand(client, game["game_id"], tokens, 4)
    fork = _fork(client, game["game_id"], version=game["version"], deck="keep")
    assert fork.status_code == 201, fork.text
    forked = fork.json()
    for seat, token in forked["tokens"].items():
        view = client.get(f"/games/{forked['game_id']}/view", headers=auth(token))
        assert view.json()["turn_deadline"] is None, seat
    summary = client.get(f"/games/{forked['game_id']}").json()
    assert summary["turn_time_limit_s"] is None and summary["view"]["turn_deadline"] is None
