"""Problems over HTTP: bodies, sizes, unknown games, cards, tokens; retries and races."""

from __future__ import annotations

import json
from typing import Any

import anyio
import httpx
import pytest
from http_table import auth, create
from litestar import Litestar
from litestar.testing import AsyncTestClient, TestClient
from live_server import serving

from service.http.app import create_app
from service.store import InMemoryEventStore

Client = TestClient[Litestar]


def _problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["status"] == status and body["code"] == code
    return body


def _turn(client: Client, game: dict[str, Any]) -> tuple[int, str]:
    turn = client.get(f"/games/{game['game_id']}").json()["view"]["turn"]
    return turn, game["tokens"][str(turn)]


def test_malformed_json_is_a_400_problem(client: Client) -> None:
    response = client.post(
        "/games", content=b'{"seats": [', headers={"content-type": "application/json"}
    )
    _problem(response, 400, "malformed_json")


@pytest.mark.parametrize(
    ("body", "escape"),
    [
        (rb'{"name":"\ud800"}', r"\ud800"),
        (rb'{"name":"\uD83Dx"}', r"\uD83D"),
        (rb'{"name":"ok \\ud800 \udc00"}', r"\udc00"),
        (rb'{"name":"\ud800\u0041"}', r"\ud800"),
    ],
)
def test_a_lone_surrogate_escape_is_named_not_called_truncated(
    client: Client, body: bytes, escape: str
) -> None:
    # msgspec reads a high surrogate escape without its low half as "Input data was
    # truncated": a client would look for a cut-off body, not at the escape.
    response = client.post("/players", content=body, headers={"content-type": "application/json"})
    detail = _problem(response, 400, "malformed_json")["detail"]
    assert "truncated" not in detail
    assert "surrogate" in detail and escape in detail, detail


def test_a_body_outside_the_schema_names_the_place(client: Client) -> None:
    response = client.post("/games", json={"seats": [{"kind": "robot"}, {"kind": "human"}]})
    body = _problem(response, 400, "invalid_body")
    assert body["facts"]["path"] == "$.seats[0].kind"


def test_a_field_outside_the_schema_is_named_at_its_own_place(client: Client) -> None:
    seats = [{"kind": "human", "colour": "red"}, {"kind": "human"}]
    for body, place in (
        ({"seats": seats}, "$.seats[0].colour"),
        ({"seats": seats[1:] * 2, "seat s": 2}, '$["seat s"]'),
    ):
        response = client.post("/games", json=body)
        assert _problem(response, 400, "invalid_body")["facts"]["path"] == place


def test_a_missing_body_is_named_at_the_root_not_by_the_handlers_parameter(
    client: Client,
) -> None:
    game = create(client)
    for path in ("/games", f"/games/{game['game_id']}/commands", "/players", "/bots/suggest"):
        response = client.post(
            path, headers={"content-type": "application/json"} | auth(game["tokens"]["0"])
        )
        body = _problem(response, 400, "invalid_body")
        assert body["facts"]["path"] == "$", (path, body)
        assert "`data`" not in body["detail"], (path, body)


def test_an_oversized_body_is_a_413_problem(client: Client) -> None:
    response = client.post(
        "/games", content=b" " * (70 * 1024), headers={"content-type": "application/json"}
    )
    _problem(response, 413, "body_too_large")


def test_a_query_parameter_given_twice_is_refused_not_overridden(client: Client) -> None:
    body = _problem(client.get("/games?offset=-1&offset=2"), 400, "invalid_parameter")
    assert body["facts"]["parameters"] == ["offset"]
    _problem(client.get("/games?status=open&limit=5&status=active"), 400, "invalid_parameter")
    assert client.get("/games?status=open&limit=5&offset=0").status_code == 200
    assert client.get("/games?unread=1&unread=2").status_code == 200


def test_an_integer_query_parameter_is_written_as_an_integer(client: Client) -> None:
    game = client.post("/games", json={"seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    events = f"/games/{game['game_id']}/events"
    seat = {"authorization": f"Bearer {game['tokens']['0']}"}
    for after in ("5.0", "1e3", "0.0"):
        body = _problem(
            client.get(events, params={"after": after}, headers=seat), 400, "invalid_parameter"
        )
        assert body["facts"]["parameters"] == ["after"]
    for limit in ("5.0", "1e1"):
        _problem(client.get("/games", params={"limit": limit}), 400, "invalid_parameter")
    assert client.get(events, params={"after": "1", "limit": "5"}, headers=seat).status_code == 200
    assert client.get("/games", params={"limit": "5", "offset": "0"}).status_code == 200


def test_an_integer_header_is_written_as_an_integer_as_a_query_parameter_is(
    client: Client,
) -> None:
    game = client.post("/games", json={"seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    stream = f"/games/{game['game_id']}/events/stream"
    for resume in ("1e0", "0.0", "2.0"):
        body = _problem(
            client.get(stream, headers={"last-event-id": resume}), 400, "invalid_parameter"
        )
        assert body["facts"]["parameters"] == ["last_event_id"], body


def test_options_on_any_route_answers_its_methods(client: Client) -> None:
    # Litestar's own OPTIONS handlers passed through the header check too (a 500 each,
    # when the check cached its findings by weak reference, which they do not take).
    for path in ("/health", "/games", f"/games/{'0' * 32}/events/stream"):
        answer = client.options(path)
        assert answer.status_code == 204, (path, answer.text)
        assert "GET" in answer.headers["allow"], path


def test_an_unknown_game_is_a_404_problem(client: Client) -> None:
    _problem(client.get("/games/" + "0" * 32), 404, "game_not_found")
    _problem(client.get("/games/not-an-id/events"), 404, "game_not_found")


def test_an_invalid_ruleset_names_its_knob(client: Client) -> None:
    response = client.post(
        "/games", json={"seats": [{"kind": "human"}] * 2, "rules": {"max_run": 2}}
    )
    assert _problem(response, 422, "invalid_ruleset")["facts"]["knob"] == "max_run"
    response = client.post("/games", json={"seats": [{"kind": "human"}] * 3, "preset": "duel"})
    assert _problem(response, 422, "invalid_ruleset")["facts"]["knob"] == "players"


def test_an_unknown_card_is_a_422_invalid_card(client: Client) -> None:
    game = create(client, seed=3)
    seat, token = _turn(client, game)
    client.post(f"/games/{game['game_id']}/commands", json={"type": "draw"}, headers=auth(token))
    response = client.post(
        f"/games/{game['game_id']}/commands",
        json={"type": "discard", "card": "ZZ"},
        headers=auth(token),
    )
    _problem(response, 422, "invalid_card")
    bad_deck = client.post("/games", json={"seats": [{"kind": "human"}] * 2, "deck": ["1X"]})
    _problem(bad_deck, 422, "invalid_card")


def test_domain_refusals_are_problems_with_their_codes(client: Client) -> None:
    game = create(client, seed=3)
    seat, _ = _turn(client, game)
    other = game["tokens"][str(1 - seat)]
    response = client.post(
        f"/games/{game['game_id']}/commands", json={"type": "draw"}, headers=auth(other)
    )
    _problem(response, 409, "not_your_turn")


def test_tokens_missing_wrong_and_of_another_game(client: Client) -> None:
    first, second = create(client, seed=1), create(client, seed=2)
    path = f"/games/{first['game_id']}/view"
    _problem(client.get(path), 401, "missing_token")
    _problem(client.get(path, headers=auth("not-a-token")), 401, "invalid_token")
    _problem(client.get(path, headers={"Authorization": "Basic abc"}), 401, "invalid_token")
    _problem(client.get(path, headers=auth(second["tokens"]["0"])), 403, "wrong_game")
    assert client.get(path, headers=auth(first["tokens"]["1"])).json()["seat"] == 1


def test_two_authorization_headers_are_refused_not_one_picked() -> None:
    # Proxies and servers disagree on which of two wins: a seat's token beside
    # another's was served as the first, whichever a proxy had checked.
    with serving(create_app(InMemoryEventStore())) as base, httpx.Client(base_url=base) as http:
        game = http.post("/games", json={"seats": [{"kind": "human"}] * 2}).json()
        path = f"/games/{game['game_id']}/view"
        first, second = game["tokens"]["0"], game["tokens"]["1"]
        for pair in ((first, second), (first, first)):
            headers = httpx.Headers([("authorization", f"Bearer {token}") for token in pair])
            _problem(http.get(path, headers=headers), 401, "invalid_token")
            _problem(
                http.post(
                    f"/games/{game['game_id']}/commands",
                    json={"type": "draw", "source": "stock"},
                    headers=headers,
                ),
                401,
                "invalid_token",
            )
        assert http.get(path, headers=auth(second)).json()["seat"] == 1
        assert http.get(f"/games/{game['game_id']}").json()["version"] == game["version"]


# Player tokens are `<player id>.<secret>`, the id of [A-Za-z0-9]: a letter or digit
# of another script (é, ÿ, ²) is no player's, and was a 500 (the store refused the id).
# A header's bytes are latin-1: these are letters and digits there too.
_NOT_ASCII_IDS = ["é", "ÿ", "a²", "µ"]


@pytest.mark.parametrize("player_id", _NOT_ASCII_IDS)
def test_a_player_token_naming_an_id_of_another_script_is_invalid(player_id: str) -> None:
    # Over a real server: a header carries these bytes as sent (latin-1) only on the wire.
    with serving(create_app(InMemoryEventStore())) as base, httpx.Client(base_url=base) as http:
        game = http.post("/games", json={"seats": [{"kind": "human"}] * 2}).json()
        header = {"Authorization": f"Bearer {player_id}.secret".encode("latin-1")}
        for path in ("/players/me", f"/games/{game['game_id']}/view"):
            _problem(http.get(path, headers=header), 401, "invalid_token")


@pytest.mark.parametrize("player_id", [*_NOT_ASCII_IDS, "ǅ", "٣"])
def test_a_live_hello_with_such_a_token_is_refused_with_4401(
    client: Client, player_id: str
) -> None:
    game = create(client)
    with client.websocket_connect(f"/games/{game['game_id']}/live") as socket:
        socket.send_text(json.dumps({"token": f"{player_id}.secret"}))
        refused = json.loads(socket.receive_text())
    assert refused["problem"]["code"] == "invalid_token", refused


def test_an_open_seat_is_claimed_once(client: Client) -> None:
    game = create(
        client,
        seats=[{"kind": "human"}, {"kind": "human", "open": True}, {"kind": "bot", "level": 2}],
    )
    assert list(game["tokens"]) == ["0"]
    lobby = client.get("/games?status=open").json()["games"]
    assert [(entry["game_id"], entry["open_seats"]) for entry in lobby] == [(game["game_id"], [1])]
    claimed = client.post(f"/games/{game['game_id']}/seats/1")
    assert claimed.status_code == 201
    token = claimed.json()["token"]
    assert client.get(f"/games/{game['game_id']}/view", headers=auth(token)).json()["seat"] == 1
    _problem(client.post(f"/games/{game['game_id']}/seats/1"), 409, "seat_taken")
    _problem(client.post(f"/games/{game['game_id']}/seats/0"), 409, "seat_not_open")
    _problem(client.post(f"/games/{game['game_id']}/seats/2"), 409, "seat_not_open")
    _problem(client.post(f"/games/{game['game_id']}/seats/3"), 404, "seat_not_found")
    assert client.get("/games?status=open").json()["games"] == []
    assert [e["game_id"] for e in client.get("/games?status=active").json()["games"]] == [
        game["game_id"]
    ]


def test_a_retry_with_the_same_command_id_gets_the_original_answer(client: Client) -> None:
    game = create(client, seed=5)
    seat, token = _turn(client, game)
    path = f"/games/{game['game_id']}/commands"
    command = {"type": "draw", "command_id": "c-1", "expected_version": 2}
    first = client.post(path, json=command, headers=auth(token))
    assert first.status_code == 200
    again = client.post(path, json=command, headers=auth(token))
    assert again.status_code == 200 and again.json() == first.json()
    assert client.get(f"/games/{game['game_id']}").json()["version"] == first.json()["version"]
    reused = client.post(
        path, json={"type": "draw", "source": "discard", "command_id": "c-1"}, headers=auth(token)
    )
    _problem(reused, 409, "command_id_reused")


def test_a_stale_expected_version_is_a_conflict_with_the_current_version(client: Client) -> None:
    game = create(client, seed=5)
    _, token = _turn(client, game)
    path = f"/games/{game['game_id']}/commands"
    response = client.post(path, json={"type": "draw", "expected_version": 1}, headers=auth(token))
    assert _problem(response, 409, "version_conflict")["facts"]["current_version"] == 2


@pytest.mark.anyio
async def test_of_concurrent_commands_exactly_one_wins(app: Litestar) -> None:
    async with AsyncTestClient(app) as client:
        created = (
            await client.post("/games", json={"seats": [{"kind": "human"}] * 2, "seed": 9})
        ).json()
        game_id = created["game_id"]
        turn = (await client.get(f"/games/{game_id}")).json()["view"]["turn"]
        headers = auth(created["tokens"][str(turn)])
        statuses: list[int] = []
        codes: list[str] = []

        async def draw(index: int) -> None:
            body = {"type": "draw", "command_id": f"race-{index}", "expected_version": 2}
            response = await client.post(f"/games/{game_id}/commands", json=body, headers=headers)
            statuses.append(response.status_code)
            if response.status_code != 200:
                codes.append(response.json()["code"])

        async with anyio.create_task_group() as group:
            for index in range(8):
                group.start_soon(draw, index)
    assert statuses.count(200) == 1
    assert statuses.count(409) == 7 and set(codes) == {"version_conflict"}


def test_health_metrics_and_rulesets(client: Client) -> None:
    assert client.get("/health").json()["status"] == "ok"
    presets = client.get("/rulesets").json()["presets"]
    assert set(presets) == {"basic", "palace", "duel", "classic"}
    create(client)
    text = client.get("/metrics").text
    assert 'rummy_http_requests_total{method="POST",route="/games",status="201"} 1' in text
    assert "rummy_http_request_duration_seconds_bucket" in text


def test_small_refusals_say_how_to_fix_the_request(client: TestClient[Litestar]) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    preset = client.post("/games", json={"seats": seats, "preset": "gin"})
    assert preset.status_code == 422 and preset.json()["code"] == "unknown_preset"
    assert "basic, classic, duel, palace" in preset.json()["detail"]
    ten = client.post("/games", json={"seats": seats, "deck": ["10C"]})
    assert ten.json()["code"] == "invalid_card" and "ten is T ('TC')" in ten.json()["detail"]
    bot = client.post("/games", json={"seats": [{"kind": "human"}, {"kind": "bot"}]})
    assert bot.status_code == 422 and bot.json()["code"] == "invalid_seats"
    assert bot.json()["facts"]["path"] == "$.seats[1].level"
    game = client.post("/games", json={"seats": seats, "seed": 1}).json()
    command = client.post(
        f"/games/{game['game_id']}/commands",
        json={"type": "pass"},
        headers={"Authorization": f"Bearer {game['tokens']['0']}"},
    )
    assert command.status_code == 400
    assert "draw, lay_melds, lay_off, swap_joker, discard, knock" in command.json()["detail"]
    huge = client.post(
        "/games",
        content=b"[" + b"0," * 40_000 + b"0]",
        headers={"content-type": "application/json"},
    )
    assert huge.status_code == 413 and huge.json()["facts"]["limit_bytes"] == 65536
    assert "65536 bytes" in huge.json()["detail"]


def test_every_response_carries_a_request_id_and_problems_quote_it(
    client: TestClient[Litestar],
) -> None:
    ok = client.get("/health")
    assert len(ok.headers["x-request-id"]) == 32
    assert ok.headers.get_list("x-request-id") == [ok.headers["x-request-id"]]  # once
    other = client.get("/health")
    assert other.headers["x-request-id"] != ok.headers["x-request-id"]
    mine = client.get("/games/nope", headers={"X-Request-ID": "trace-42"})
    assert mine.headers["x-request-id"] == "trace-42"
    assert mine.json()["request_id"] == "trace-42"
    # An id that is not short and plain is replaced, never echoed.
    odd = client.get("/health", headers={"X-Request-ID": "a b;c"})
    assert odd.headers["x-request-id"] != "a b;c" and len(odd.headers["x-request-id"]) == 32


def test_a_websockets_refusal_quotes_its_request_id(client: TestClient[Litestar]) -> None:
    game = create(client)
    with client.websocket_connect(
        f"/games/{game['game_id']}/live", headers={"X-Request-ID": "trace-44"}
    ) as socket:
        socket.send_text(json.dumps({"token": "no-such-token"}))
        refused = json.loads(socket.receive_text())
    assert refused["problem"]["code"] == "invalid_token"
    assert refused["problem"]["request_id"] == "trace-44"
