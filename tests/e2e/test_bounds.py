"""Bounds over HTTP: every number has a range, and JSON no parser reads alike is refused.

Each refusal is a problem with a stable code naming the place, never a 500,
and the refused request changes nothing (the game's version, the lobby)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from http_table import auth, create
from litestar import Litestar
from litestar.testing import TestClient
from replay_play import finished_game, joined, lines

from domain.knob_ranges import KNOB_RANGES
from service.app.games import GameService
from service.app.json_guard import MAX_DEPTH
from service.store import InMemoryEventStore

Client = TestClient[Litestar]
JSON = {"content-type": "application/json"}
NDJSON = {"content-type": "application/x-ndjson"}
TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["code"] == code, body
    return body


def _nested(depth: int) -> bytes:
    return b'{"seats":' + b"[" * depth + b"]" * depth + b"}"


def _version(client: Client, game_id: str) -> int:
    version: int = client.get(f"/games/{game_id}").json()["version"]
    return version


def _lobby(client: Client) -> list[Any]:
    return [
        g
        for status in ("open", "active")
        for g in client.get(f"/games?status={status}").json()["games"]
    ]


# ------------------------------------------------------------------ JSON itself


def _json_routes(client: Client) -> list[str]:
    game = create(client, seed=3)
    return [
        "/games",
        f"/games/{game['game_id']}/commands",
        f"/games/{game['game_id']}/fork",
        f"/games/{game['game_id']}/seats/0/bot",
        "/bots/suggest",
    ]


def test_json_nested_a_thousand_levels_deep_is_a_400_stating_the_limit_on_every_route(
    client: Client,
) -> None:
    for path in _json_routes(client):
        for body in (b"[" * 1000 + b"]" * 1000, _nested(1000), b"[" * 60_000):
            problem = _problem(client.post(path, content=body, headers=JSON), 400, "json_too_deep")
            assert problem["facts"]["limit"] == MAX_DEPTH
            assert str(MAX_DEPTH) in problem["detail"]


def test_json_at_the_depth_limit_is_read_and_one_level_more_is_not(client: Client) -> None:
    # {"seats": [[...]]}: the object is one level, the lists the rest.
    at_limit = client.post("/games", content=_nested(MAX_DEPTH - 1), headers=JSON)
    assert _problem(at_limit, 400, "invalid_body")["facts"]["path"].startswith("$.seats")
    _problem(client.post("/games", content=_nested(MAX_DEPTH), headers=JSON), 400, "json_too_deep")


def test_a_key_given_twice_is_refused_and_plays_nothing(client: Client) -> None:
    game = create(client, seed=3)
    game_id = game["game_id"]
    turn = client.get(f"/games/{game_id}").json()["view"]["turn"]
    token = game["tokens"][str(turn)]
    client.post(f"/games/{game_id}/commands", json={"type": "draw"}, headers=auth(token))
    before = _version(client, game_id)
    hand = client.get(f"/games/{game_id}/view", headers=auth(token)).json()["hand"]
    body = f'{{"type":"draw","type":"discard","card":"{hand[0]}"}}'.encode()
    response = client.post(
        f"/games/{game_id}/commands", content=body, headers={**JSON, **auth(token)}
    )
    problem = _problem(response, 400, "duplicate_key")
    assert problem["facts"] == {"key": "type", "path": "$"}
    assert _version(client, game_id) == before


def test_a_repeated_key_deep_in_a_body_is_named_with_its_place(client: Client) -> None:
    body = b'{"seats":[{"kind":"human"},{"kind":"human","kind":"bot"}]}'
    problem = _problem(client.post("/games", content=body, headers=JSON), 400, "duplicate_key")
    assert problem["facts"] == {"key": "kind", "path": "$.seats[1]"}
    # The same key in two objects, or a colon inside a string, is no repeat.
    fine = b'{"seats":[{"kind":"human"},{"kind":"human"}],"rules":{"game_end":"hands:1"}}'
    assert client.post("/games", content=fine, headers=JSON).status_code == 201


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"seats": TWO_HUMANS, "rules": {"reuse_limit": 10**23}}, "$.rules.reuse_limit"),
        ({"seats": TWO_HUMANS, "rules": {"hand_size": {"2": 10**20}}}, "$.rules.hand_size.2"),
        (
            {"seats": TWO_HUMANS, "rules": {"initial_meld_min": -(10**30)}},
            "$.rules.initial_meld_min",
        ),
        ({"seats": TWO_HUMANS, "seed": 2**64}, "$.seed"),
        ({"seats": [{"kind": "bot", "level": 10**40}, {"kind": "human"}]}, "$.seats[0].level"),
    ],
)
def test_an_integer_beyond_64_bits_is_a_422_naming_its_place_and_writes_nothing(
    client: Client, body: dict[str, Any], path: str
) -> None:
    problem = _problem(client.post("/games", json=body), 422, "integer_out_of_range")
    assert problem["facts"]["path"] == path
    assert _lobby(client) == []


def test_an_integer_of_thousands_of_digits_is_out_of_range_too_not_malformed(
    client: Client,
) -> None:
    # Past 4,300 digits the decoder refuses an integer as no JSON (Python's limit on
    # reading digits): the body is valid JSON, and its integer out of range as any other.
    digits = b"9" * 5000
    for body, path in (
        (b'{"seats":[{"kind":"human"},{"kind":"human"}],"seed":' + digits + b"}", "$.seed"),
        (b'{"seats":[{"kind":"human"},{"kind":"human"}],"seed":-' + digits + b"}", "$.seed"),
        (b'{"seats":[{"kind":"human"}],"rules":{"hand_size":{"2":[' + digits + b"]}}}", None),
    ):
        response = client.post("/games", content=body, headers=JSON)
        problem = _problem(response, 422, "integer_out_of_range")
        assert problem["facts"]["path"] == (path or "$.rules.hand_size.2[0]")
    assert _lobby(client) == []


def test_an_integer_beyond_64_bits_in_a_command_or_a_suggestion_is_a_422(client: Client) -> None:
    game = create(client, seed=3)
    token = next(iter(game["tokens"].values()))
    response = client.post(
        f"/games/{game['game_id']}/commands",
        json={"type": "draw", "expected_version": 10**30},
        headers=auth(token),
    )
    assert _problem(response, 422, "integer_out_of_range")["facts"]["path"] == "$.expected_version"
    view = client.get(f"/games/{game['game_id']}/view", headers=auth(token)).json()
    response = client.post("/bots/suggest", json={"view": {**view, "stock_count": 10**30}})
    assert _problem(response, 422, "integer_out_of_range")["facts"]["path"] == "$.view.stock_count"


@pytest.mark.parametrize("sent", ["5", 5.0, "5.0", True, [5]])
def test_a_number_sent_as_another_type_is_a_400_naming_its_place_and_plays_nothing(
    client: Client, sent: Any
) -> None:
    game = create(client, seed=3)
    game_id, token = game["game_id"], game["tokens"]["1"]
    before = _version(client, game_id)
    command = {"type": "draw", "source": "stock", "expected_version": sent}
    answer = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
    assert _problem(answer, 400, "invalid_body")["facts"]["path"] == "$.expected_version"
    check = client.post(f"/games/{game_id}/commands/check", json=command, headers=auth(token))
    assert _problem(check, 400, "invalid_body")["facts"]["path"] == "$.expected_version"
    level = client.post(f"/games/{game_id}/seats/1/bot", json={"level": sent}, headers=auth(token))
    assert _problem(level, 400, "invalid_body")["facts"]["path"] == "$.level"
    assert _version(client, game_id) == before
    created = client.post("/games", json={"seats": TWO_HUMANS, "seed": sent})
    assert _problem(created, 400, "invalid_body")["facts"]["path"] == "$.seed"


def test_the_largest_seed_is_taken(client: Client) -> None:
    assert create(client, seed=2**63 - 1)["version"] >= 2


# ------------------------------------------------------------------ ranges


@pytest.mark.parametrize(
    ("knob", "value"),
    [
        ("decks", 4),
        ("jokers", 13),
        ("max_run", 14),
        ("initial_meld_min", 1001),
        ("initial_meld_min", -1),
        ("reuse_limit", 21),
        ("reuse_limit", 10**12),
        ("reuse_limit", -1),
        ("hand_size", {"2": 84}),
    ],
)
def test_a_knob_out_of_its_range_is_a_422_naming_the_knob_and_the_range(
    client: Client, knob: str, value: Any
) -> None:
    response = client.post("/games", json={"seats": TWO_HUMANS, "rules": {knob: value}})
    problem = _problem(response, 422, "invalid_ruleset")
    low, high = KNOB_RANGES[knob]
    assert problem["facts"]["knob"] == knob
    assert f"{low} to {high}" in problem["detail"]
    assert _lobby(client) == []


@pytest.mark.parametrize(
    ("knob", "value"),
    [("max_run", 12.0), ("initial_meld_min", 1e2), ("hand_size", {"2": 9.0}), ("rated", 0)],
)
def test_a_knob_is_written_as_its_type_as_any_other_body_value(
    client: Client, knob: str, value: Any
) -> None:
    # As a body's own fields: 12.0 is not the integer 12, 0 is not false.
    response = client.post("/games", json={"seats": TWO_HUMANS, "rules": {knob: value}})
    problem = _problem(response, 422, "invalid_ruleset")
    assert problem["facts"]["knob"] == knob
    assert _lobby(client) == []


@pytest.mark.parametrize("knob", ["initial_meld_min", "reuse_limit", "max_run"])
def test_each_end_of_a_knobs_range_is_playable(client: Client, knob: str) -> None:
    for value in KNOB_RANGES[knob]:
        create(client, rules={knob: value})


@pytest.mark.parametrize(
    ("game_end", "ok"),
    [
        ("hands:99999", False),
        ("hands:101", False),
        ("hands:100", True),
        ("hands:1", True),
        ("target:10000", True),
        ("target:10001", False),
        ("hands:0", False),
        # Python's `$` also matches before a last newline: a form no client means,
        # which the document's pattern (ECMAScript) refuses.
        ("hands:3\n", False),
        ("target:100\n", False),
    ],
)
def test_a_game_ends_within_a_hundred_hands_or_ten_thousand_points(
    client: Client, game_end: str, ok: bool
) -> None:
    response = client.post("/games", json={"seats": TWO_HUMANS, "rules": {"game_end": game_end}})
    if ok:
        assert response.status_code == 201, response.text
        return
    problem = _problem(response, 422, "invalid_ruleset")
    assert problem["facts"]["knob"] == "game_end"
    assert "1 to 100" in problem["detail"] or "1 to 10000" in problem["detail"]
    assert _lobby(client) == []


@pytest.mark.parametrize("players", [[2] * 20_000, [2, 2], [2, 3, 4, 5, 6, 6], [1, 2], [2, 7]])
def test_seat_counts_are_two_to_six_each_listed_once(client: Client, players: list[int]) -> None:
    response = client.post("/games", json={"seats": TWO_HUMANS, "rules": {"players": players}})
    problem = _problem(response, 422, "invalid_ruleset")
    assert problem["facts"]["knob"] == "players"
    assert "2 to 6" in problem["detail"]


@pytest.mark.parametrize("limit", [1e-300, 0.5, 0, -3, 86400.5, 1e308])
def test_a_turn_time_limit_is_one_second_to_a_day(client: Client, limit: float) -> None:
    response = client.post("/games", json={"seats": TWO_HUMANS, "turn_time_limit_s": limit})
    assert _problem(response, 400, "invalid_body")["facts"]["path"] == "$.turn_time_limit_s"
    assert _lobby(client) == []


@pytest.mark.parametrize("limit", [1, 86400])
def test_the_ends_of_the_turn_time_range_are_taken(client: Client, limit: float) -> None:
    create(client, turn_time_limit_s=limit)


def test_a_version_beyond_31_bits_is_refused_on_every_route_that_takes_one(
    client: Client,
) -> None:
    game = create(client, seed=3)
    game_id, token = game["game_id"], next(iter(game["tokens"].values()))
    big = 2**31 + 1
    command = client.post(
        f"/games/{game_id}/commands",
        json={"type": "draw", "expected_version": big},
        headers=auth(token),
    )
    assert _problem(command, 400, "invalid_body")["facts"]["path"] == "$.expected_version"
    fork = client.post(f"/games/{game_id}/fork", json={"version": big})
    assert _problem(fork, 400, "invalid_body")["facts"]["path"] == "$.version"
    for path in (f"/games/{game_id}/events?after={big}", f"/games/{game_id}/states/{big}"):
        _problem(client.get(path), 400, "invalid_parameter")


# ------------------------------------------------------------------ imports


def _finished_log(client: Client, store: InMemoryEventStore) -> list[dict[str, Any]]:
    created = anyio.run(lambda: finished_game(GameService(store), 21, hands=1))
    response = client.get(f"/games/{created.game_id}/log")
    assert response.status_code == 200
    return lines(response.content)


def _refused_import(client: Client, log: bytes) -> dict[str, Any]:
    game_id = "ab" * 16
    problem = _problem(
        client.post(f"/games/import?game_id={game_id}", content=log, headers=NDJSON),
        422,
        "malformed_log",
    )
    # Refused before its first write: the game does not exist.
    _problem(client.get(f"/games/{game_id}"), 404, "game_not_found")
    return problem


@pytest.mark.parametrize(("value", "phrase"), [(50, "$.ruleset.reuse_limit"), (10**23, "2^63")])
def test_an_import_with_a_knob_out_of_range_is_refused_before_its_first_write(
    client: Client, store: InMemoryEventStore, value: int, phrase: str
) -> None:
    items = _finished_log(client, store)
    items[0]["ruleset"]["reuse_limit"] = value
    items[1]["event"]["ruleset"]["reuse_limit"] = value
    assert phrase in _refused_import(client, joined(items))["detail"]


def test_an_import_with_a_repeated_key_or_a_deep_line_is_refused(
    client: Client, store: InMemoryEventStore
) -> None:
    text = joined(_finished_log(client, store))
    first, rest = text.split(b"\n", 1)
    repeated = first[:-1] + b',"seats":2}\n' + rest
    problem = _refused_import(client, repeated)
    assert "line 1" in problem["detail"] and "'seats'" in problem["detail"]
    deep = text + b"[" * 500 + b"]" * 500 + b"\n"
    assert str(MAX_DEPTH) in _refused_import(client, deep)["detail"]


def test_an_import_whose_clock_event_names_no_seat_is_refused(
    client: Client, store: InMemoryEventStore
) -> None:
    created = anyio.run(
        lambda: finished_game(GameService(store), 12, hands=1, turn_time_limit_s=60.0)
    )
    items = lines(client.get(f"/games/{created.game_id}/log").content)
    deadline = next(item for item in items[1:] if item["event"]["type"] == "turn_deadline_set")
    deadline["event"]["seat"] = 2**40
    game_id = "cd" * 16
    response = client.post(
        f"/games/import?game_id={game_id}", content=joined(items), headers=NDJSON
    )
    assert _problem(response, 422, "illegal_event")["facts"]["version"] == deadline["version"]
    _problem(client.get(f"/games/{game_id}"), 404, "game_not_found")


# ------------------------------------------------------------------ the document


def test_the_document_states_the_ranges_the_server_enforces(client: Client) -> None:
    schemas = client.get("/schema/openapi.json").json()["components"]["schemas"]
    overrides = schemas["RuleOverrides"]
    assert overrides["additionalProperties"] is False
    assert schemas["CreateGame"]["properties"]["rules"] == {
        "$ref": "#/components/schemas/RuleOverrides"
    }
    for knob in ("decks", "jokers", "max_run", "initial_meld_min", "reuse_limit"):
        for name in ("RuleSet", "RuleOverrides"):
            stated = schemas[name]["properties"][knob]
            assert (stated["minimum"], stated["maximum"]) == KNOB_RANGES[knob], (name, knob)
    players = overrides["properties"]["players"]
    assert players["uniqueItems"] and players["items"]["maximum"] == 6
    assert overrides["properties"]["hand_size"]["additionalProperties"]["maximum"] == 83
    limit = schemas["CreateGame"]["properties"]["turn_time_limit_s"]
    assert (limit["minimum"], limit["maximum"]) == (1, 86400)
    version = schemas["DrawCommand"]["properties"]["expected_version"]
    assert version["maximum"] == 2**31
