"""Whole games over HTTP, every preset: legal random play to the end, scores equal a
replay, no leak."""

from __future__ import annotations

import random
from typing import Any

import anyio
import pytest
from http_table import Folded, auth, check_no_leak, check_view, create, pick, stored_log
from litestar import Litestar
from litestar.testing import TestClient

from domain.game import replay
from service.app.envelope import Envelope
from service.store import InMemoryEventStore

MAX_COMMANDS = 3000

# One-hand games (reveal_after_hand off for some, so mid-game reads stay redacted
# throughout), several seat counts: every preset is played to its end.
GAMES = [
    ("basic", 2, {"game_end": "hands:1", "reveal_after_hand": False}, 11),
    ("basic", 4, {"game_end": "hands:1"}, 12),
    ("palace", 3, {"game_end": "hands:1", "reveal_after_hand": False}, 13),
    ("duel", 2, {"game_end": "hands:1"}, 14),
    ("classic", 3, {"game_end": "hands:1", "reveal_after_hand": False}, 15),
]


def _log(store: InMemoryEventStore, game_id: str) -> list[Envelope]:
    return anyio.run(stored_log, store, game_id)


@pytest.mark.parametrize(("preset", "seats", "rules", "seed"), GAMES)
def test_a_game_played_over_http_ends_as_its_replay_says_and_leaks_nothing(
    client: TestClient[Litestar],
    store: InMemoryEventStore,
    preset: str,
    seats: int,
    rules: dict[str, Any],
    seed: int,
) -> None:
    rng = random.Random(seed)
    created = create(
        client, preset=preset, rules=rules, seed=seed, seats=[{"kind": "human"}] * seats
    )
    game_id, tokens = created["game_id"], created["tokens"]
    assert sorted(tokens) == [str(seat) for seat in range(seats)]
    folded = Folded()
    summary = client.get(f"/games/{game_id}").json()
    turn, version = summary["view"]["turn"], summary["version"]
    for step in range(MAX_COMMANDS):
        view = client.get(f"/games/{game_id}/view", headers=auth(tokens[str(turn)])).json()
        log = _log(store, game_id)
        check_view(view, folded.at(log, version), turn)
        command = pick(view["legal_commands"], rng) | {"expected_version": version}
        answer = client.post(
            f"/games/{game_id}/commands", json=command, headers=auth(tokens[str(turn)])
        )
        assert answer.status_code == 200, (seed, command, answer.text)
        result = answer.json()
        log = _log(store, game_id)
        check_no_leak(log, result["events"], turn, result["version"])
        check_view(result["view"], folded.at(log, result["version"]), turn)
        # Another seat, then a spectator, reads what this command added.
        reader = (turn + 1) % seats if step % 2 == 0 else None
        headers = auth(tokens[str(reader)]) if reader is not None else {}
        page = client.get(f"/games/{game_id}/events?after={version}", headers=headers).json()
        check_no_leak(log, page["events"], reader, page["version"])
        turn, version = result["view"]["turn"], result["version"]
        if result["view"]["phase"] == "over":
            break
    else:
        pytest.fail(f"seed {seed}: the game did not end within {MAX_COMMANDS} commands")

    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "finished"
    log = _log(store, game_id)
    check_view(summary["view"], folded.at(log, summary["version"]), None)
    final = replay(envelope.event for envelope in log)
    assert final.phase == "over"
    assert summary["view"]["totals"] == list(final.totals)
    assert summary["view"]["winners"] == list(final.winners)
    # The whole log, as each seat and a spectator may read it.
    for viewer in [*range(seats), None]:
        headers = auth(tokens[str(viewer)]) if viewer is not None else {}
        page = client.get(f"/games/{game_id}/events?limit=1000", headers=headers).json()
        assert [event["version"] for event in page["events"]] == list(range(1, len(log) + 1))
        check_no_leak(log, page["events"], viewer, page["version"])


def test_the_seat_view_carries_its_version_and_the_turn_deadline(
    client: TestClient[Litestar],
) -> None:
    game = create(client, seed=3, turn_time_limit_s=600)
    game_id = game["game_id"]
    summary = client.get(f"/games/{game_id}").json()
    token = game["tokens"][str(summary["view"]["turn"])]
    view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
    assert view["version"] == summary["version"] == summary["view"]["version"]
    assert view["turn_deadline"] is not None and view["turn_deadline"].endswith("+00:00")
    # The version it carries is the one to act on: no 409 version_conflict.
    command = {**view["legal_commands"][0], "expected_version": view["version"]}
    answer = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
    assert answer.status_code == 200, answer.text
    assert answer.json()["view"]["version"] == answer.json()["version"]
    untimed = create(client, seed=3)
    assert client.get(f"/games/{untimed['game_id']}").json()["view"]["turn_deadline"] is None


def test_stacked_decks_deal_the_first_hands_in_order(client: TestClient[Litestar]) -> None:
    from domain.rules import build_ruleset

    pack = list(build_ruleset("basic", {}).pack())
    first, second = pack, pack[::-1]
    body = {"decks": [first, second], "rules": {"game_end": "hands:3"}, "seed": 1}
    game = create(client, **body)
    game_id = game["game_id"]
    rng = random.Random(1)
    dealt: list[dict[str, Any]] = []
    for _ in range(3000):
        events = client.get(f"/games/{game_id}/events", params={"limit": 1000}).json()["events"]
        dealt = [e["event"] for e in events if e["event"]["type"] == "hand_dealt"]
        if len(dealt) >= 3 or client.get(f"/games/{game_id}").json()["status"] == "finished":
            break
        turn = client.get(f"/games/{game_id}").json()["view"]["turn"]
        token = game["tokens"][str(turn)]
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        client.post(
            f"/games/{game_id}/commands",
            json=pick(view["legal_commands"], rng),
            headers=auth(token),
        )
    # The spectator sees each hand's turned-up card: the card after the dealt ones.
    dealt_cards = 2 * 10
    assert [hand["up_card"] for hand in dealt[:2]] == [first[dealt_cards], second[dealt_cards]]
    assert len(dealt) == 3  # the third hand is shuffled as usual


def test_a_stacked_deck_that_is_not_the_pack_is_refused_at_creation(
    client: TestClient[Litestar],
) -> None:
    from domain.rules import build_ruleset

    pack = list(build_ruleset("basic", {}).pack())
    response = client.post(
        "/games",
        json={"seats": [{"kind": "human"}] * 2, "decks": [pack, pack[:-1]]},
    )
    assert response.status_code == 422
    problem = response.json()
    assert problem["code"] == "invalid_deck" and problem["facts"]["hand_number"] == 2
    both = client.post("/games", json={"seats": [{"kind": "human"}] * 2, "deck": pack, "decks": []})
    assert both.status_code == 422 and both.json()["code"] == "invalid_deck"
