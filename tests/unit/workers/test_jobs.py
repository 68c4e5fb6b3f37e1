"""Job logic without Redis: the automatic move, and bots as a service (POST /bots/suggest)."""

from __future__ import annotations

from litestar.testing import TestClient

from domain.commands import Discard, Draw
from domain.rules import build_ruleset
from domain.scoring import value_table
from domain.views import view_for
from service.app import create_app
from service.simulation import play_game
from service.store import InMemoryEventStore
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


def test_suggest_answers_a_legal_command_for_a_served_view() -> None:
    with TestClient(create_app(InMemoryEventStore())) as client:
        created = client.post("/games", json={"seats": [{"kind": "human"}] * 2, "seed": 1}).json()
        token = created["tokens"]["0"]
        view = client.get(
            f"/games/{created['game_id']}/view", headers={"Authorization": f"Bearer {token}"}
        ).json()
        for level in (1, 2, 3, 4):
            answer = client.post("/bots/suggest", json={"view": view, "level": level, "seed": 3})
            assert answer.status_code == 200, answer.text
            command = answer.json()["command"]
            assert (command in view["legal_commands"]) or (
                command is None and not view["legal_commands"]
            )
        bad = {**view, "hand": ["ZZ"]}
        assert client.post("/bots/suggest", json={"view": bad}).status_code == 422
