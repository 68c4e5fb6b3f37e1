"""POST /games/{id}/commands/check: what a command would get, with nothing written, so a
user interface can say why a selection is refused before it is sent."""

from __future__ import annotations

from typing import Any

from http_table import auth, create
from litestar import Litestar
from litestar.testing import TestClient


def _table(client: TestClient[Litestar]) -> tuple[str, dict[str, str], dict[str, Any]]:
    created = create(client, seed=7)
    game_id, tokens = created["game_id"], created["tokens"]
    turn = client.get(f"/games/{game_id}").json()["view"]["turn"]
    view = client.get(f"/games/{game_id}/view", headers=auth(tokens[str(turn)])).json()
    return game_id, tokens, view


def _check(client: TestClient[Litestar], game_id: str, token: str, command: dict[str, Any]) -> Any:
    return client.post(f"/games/{game_id}/commands/check", json=command, headers=auth(token))


def _log(client: TestClient[Litestar], game_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = client.get(f"/games/{game_id}/events").json()["events"]
    return events


def test_a_command_the_seat_may_send_is_accepted_and_nothing_is_written(
    client: TestClient[Litestar],
) -> None:
    game_id, tokens, view = _table(client)
    token = tokens[str(view["seat"])]
    before = _log(client, game_id)
    checked = _check(client, game_id, token, {"type": "draw", "source": "stock"})
    assert checked.status_code == 200, checked.text
    # Only that it would be taken: the card a draw would take stays hidden.
    assert checked.json() == {"accepted": True, "version": view["version"]}
    assert _log(client, game_id) == before
    after = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
    assert after["hand"] == view["hand"] and after["version"] == view["version"]


def test_a_refused_command_gets_the_problem_the_command_itself_gets(
    client: TestClient[Litestar],
) -> None:
    game_id, tokens, view = _table(client)
    token = tokens[str(view["seat"])]
    other = tokens[str(1 - view["seat"])]
    draw = client.post(
        f"/games/{game_id}/commands",
        json={"type": "draw", "source": "stock"},
        headers=auth(token),
    )
    assert draw.status_code == 200
    hand = draw.json()["view"]["hand"]
    refusals = [
        (token, {"type": "lay_melds", "melds": [hand[:3]]}),  # not a meld (or below the minimum)
        (token, {"type": "discard", "card": "XX"}),
        (token, {"type": "draw", "source": "stock"}),  # drawn already this turn
        (other, {"type": "discard", "card": hand[0]}),  # not their turn
        (token, {"type": "discard", "card": hand[0], "expected_version": 1}),
    ]
    for who, command in refusals:
        before = _log(client, game_id)
        checked = _check(client, game_id, who, command)
        assert checked.status_code >= 400, (command, checked.text)
        assert _log(client, game_id) == before
        sent = client.post(f"/games/{game_id}/commands", json=command, headers=auth(who))
        assert (checked.status_code, checked.json()["code"], checked.json()["detail"]) == (
            sent.status_code,
            sent.json()["code"],
            sent.json()["detail"],
        ), command


def test_a_check_needs_the_seats_token(client: TestClient[Litestar]) -> None:
    game_id, _, _ = _table(client)
    anonymous = client.post(
        f"/games/{game_id}/commands/check", json={"type": "draw", "source": "stock"}
    )
    assert anonymous.status_code == 401
    assert anonymous.json()["code"] == "missing_token"
