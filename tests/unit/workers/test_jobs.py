"""Job logic without Redis: the automatic move, and bots as a service (POST /bots/suggest)."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from domain.commands import Discard, Draw
from domain.rules import build_ruleset
from domain.scoring import value_table
from domain.views import view_for
from service.http.app import create_app
from service.store import InMemoryEventStore
from service.tools.simulation import play_game
from workers.timeouts import automatic_move


def test_the_automatic_move_draws_from_the_stock_then_discards_the_highest_card() -> None:
    ruleset = build_ruleset("basic")
    values = value_table(ruleset)
    for _, _, _, state in play_game(ruleset, 3, seed=2, max_hands=1):
        if state.phase not in ("draw", "play"):
            continue
        view = view_for(state, state.turn)
        move = automatic_move(view, values)
        if state.phase == "draw":
            assert move == Draw(source="stock")
        elif isinstance(move, Discard):
            offered = [c.card for c in view.legal_commands if isinstance(c, Discard)]
            assert values[move.card] == max(values[card] for card in offered)


def _served_view(client: TestClient[Litestar]) -> dict[str, Any]:
    """Seat 0's view of a new two-seat basic game, as GET /games/{id}/view serves it."""
    created = client.post("/games", json={"seats": [{"kind": "human"}] * 2, "seed": 1}).json()
    token = created["tokens"]["0"]
    view: dict[str, Any] = client.get(
        f"/games/{created['game_id']}/view", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return view


def test_suggest_answers_a_legal_command_for_a_served_view() -> None:
    with TestClient(create_app(InMemoryEventStore())) as client:
        view = _served_view(client)
        for level in (1, 2, 3, 4):
            answer = client.post("/bots/suggest", json={"view": view, "level": level, "seed": 3})
            assert answer.status_code == 200, answer.text
            command = answer.json()["command"]
            assert (command in view["legal_commands"]) or (
                command is None and not view["legal_commands"]
            )
        bad = {**view, "hand": ["ZZ"]}
        assert client.post("/bots/suggest", json={"view": bad}).status_code == 422


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seat": 7}, "seat"),
        ({"turn": -1}, "turn"),
        ({"seats": 9}, "seats"),
        ({"hand_sizes": [10]}, "hand_sizes"),
        ({"opened": [False] * 3}, "opened"),
        ({"stock_count": -5}, "stock_count"),
        ({"hand": ["2C", "3C"]}, "hand"),
    ],
)
def test_suggest_refuses_a_view_no_table_could_show(change: dict[str, object], field: str) -> None:
    with TestClient(create_app(InMemoryEventStore())) as client:
        view = _served_view(client)
        answer = client.post("/bots/suggest", json={"view": {**view, **change}, "level": 4})
        assert answer.status_code == 422, answer.text
        assert answer.json()["code"] == "invalid_view"
        assert answer.json()["facts"]["field"] == field
