"""The bot routes' bodies are held to their schemas as every other body is (400
`invalid_body` naming the place: api-spec/README.md, Limits). Before, a hand-over of
`{"levle": 4}` handed the seat to a level-2 bot, and a suggestion asked with a
misspelt knob got level 2's move: a typo silently changed who plays, or how well.
"""

from __future__ import annotations

from typing import Any

from http_players import problem
from http_table import auth, create


def test_a_hand_over_with_a_field_outside_its_schema_is_refused(client: Any) -> None:
    game = create(client, seed=4)
    answer = client.post(
        f"/games/{game['game_id']}/seats/1/bot",
        json={"levle": 4},
        headers=auth(game["tokens"]["1"]),
    )
    body = problem(answer, 400, "invalid_body")
    assert body["facts"]["path"] == "$.levle", body


def test_a_suggestion_asked_with_a_field_outside_its_schema_is_refused(client: Any) -> None:
    game = create(client, seed=4)
    view = client.get(f"/games/{game['game_id']}/view", headers=auth(game["tokens"]["0"])).json()
    answer = client.post("/bots/suggest", json={"view": view, "levle": 4})
    body = problem(answer, 400, "invalid_body")
    assert body["facts"]["path"] == "$.levle", body


def test_a_seat_out_of_range_is_named_alone_when_the_body_is_missing_too(client: Any) -> None:
    # Litestar reports its handler's body parameter beside the path's: the facts named
    # `data`, which is no parameter of the contract's.
    game = create(client, seed=4)
    answer = client.post(f"/games/{game['game_id']}/seats/9/bot", headers=auth(game["tokens"]["1"]))
    body = problem(answer, 400, "invalid_parameter")
    assert body["facts"]["parameters"] == ["seat"], body
