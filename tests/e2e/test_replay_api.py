"""Replay over HTTP: the whole log, import on another server, states at every version, tampering."""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from http_table import auth
from litestar import Litestar
from litestar.testing import AsyncTestClient, TestClient
from redis.asyncio import Redis
from replay_play import finished_game, joined, lines, play, played, versions_of

from service.app.games import GameService, SeatSpec
from service.http.app import create_app
from service.logs.logfile import export_log
from service.store import InMemoryEventStore, RedisEventStore
from service.store.embedded_redis import EmbeddedRedis

Client = TestClient[Litestar]
NDJSON = {"content-type": "application/x-ndjson"}


def _problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["code"] == code, body
    return body


def _finished(store: InMemoryEventStore, seed: int, **options: Any) -> Any:
    return anyio.run(lambda: finished_game(GameService(store), seed, **options))


@pytest.fixture
def finished_log(client: Client, store: InMemoryEventStore) -> bytes:
    created = _finished(store, seed=21)
    response = client.get(f"/games/{created.game_id}/log")
    assert response.status_code == 200
    return response.content


# ------------------------------------------------------------------ export, import


def test_the_log_is_json_lines_or_the_same_lines_as_text_for_a_client_that_asks(
    client: Client, store: InMemoryEventStore
) -> None:
    created = _finished(store, seed=22)
    lines = client.get(f"/games/{created.game_id}/log")
    assert lines.headers["content-type"] == "application/x-ndjson"
    text = client.get(f"/games/{created.game_id}/log", headers={"accept": "text/plain"})
    assert text.headers["content-type"] == "text/plain; charset=utf-8"
    assert text.content == lines.content
    both = "application/x-ndjson, text/plain;q=0.5"
    assert (
        client.get(f"/games/{created.game_id}/log", headers={"accept": both}).headers[
            "content-type"
        ]
        == "application/x-ndjson"
    )


@pytest.mark.parametrize(
    ("accept", "served"),
    [
        # Weighed, not searched for: JSON lines are named, yet text is preferred.
        ("application/x-ndjson;q=0.1, text/plain", "text/plain; charset=utf-8"),
        ("text/plain;q=0.4, application/x-ndjson;q=0.6", "application/x-ndjson"),
        ("text/*", "text/plain; charset=utf-8"),
        ("application/json, text/plain, */*", "text/plain; charset=utf-8"),
        ("*/*", "application/x-ndjson"),
        # Nothing it serves is asked for: JSON lines, as without an `Accept`.
        ("application/json", "application/x-ndjson"),
        # A weight past any number is no weight: the default, not a 500.
        ("text/plain;q=inf", "application/x-ndjson"),
        # q=0 says "not this type": text is never chosen so, even before JSON lines.
        ("text/plain;q=0, application/x-ndjson;q=0", "application/x-ndjson"),
        ("text/plain;q=0, */*;q=0.1", "application/x-ndjson"),
        ("application/x-ndjson;q=0, text/plain;q=0.2", "text/plain; charset=utf-8"),
    ],
)
def test_the_logs_media_type_follows_the_accept_headers_weights(
    client: Client, store: InMemoryEventStore, accept: str, served: str
) -> None:
    created = _finished(store, seed=22)
    response = client.get(f"/games/{created.game_id}/log", headers={"accept": accept})
    assert response.status_code == 200
    assert response.headers["content-type"] == served
    # One URL, two types by Accept: a shared cache must not serve one to a client
    # that asked for the other (RFC 9110, 12.5.5).
    assert response.headers["vary"] == "Accept"


@pytest.fixture
async def two_servers(tmp_path: Path) -> AsyncIterator[tuple[EmbeddedRedis, EmbeddedRedis]]:
    with EmbeddedRedis(tmp_path / "one") as one, EmbeddedRedis(tmp_path / "two") as two:
        yield one, two


@pytest.mark.anyio
async def test_a_game_exported_from_one_redis_imports_into_another_with_every_state_equal(
    two_servers: tuple[EmbeddedRedis, EmbeddedRedis],
) -> None:
    # Each app runs in its test client's loop, with clients of its own; the game is
    # played in this loop, through another client.
    one, two = (Redis.from_url(server.url) for server in two_servers)
    first = create_app(RedisEventStore(one), on_shutdown=[one.aclose])
    second = create_app(RedisEventStore(two), on_shutdown=[two.aclose])
    player = Redis.from_url(two_servers[0].url)
    try:
        created = await finished_game(GameService(RedisEventStore(player)), seed=5, hands=1)
    finally:
        await player.aclose()
    async with AsyncTestClient(first) as source, AsyncTestClient(second) as target:
        exported = await source.get(f"/games/{created.game_id}/log")
        assert exported.status_code == 200
        assert exported.headers["content-type"].startswith("application/x-ndjson")
        imported = await target.post("/games/import", content=exported.content, headers=NDJSON)
        assert imported.status_code == 201, imported.text
        game_id, last = imported.json()["game_id"], imported.json()["version"]
        assert sorted(imported.json()["tokens"]) == ["0", "1"]
        assert last == len(lines(exported.content)) - 1
        for version in range(1, last + 1):
            before = (await source.get(f"/games/{created.game_id}/states/{version}")).json()
            after = (await target.get(f"/games/{game_id}/states/{version}")).json()
            assert before["visibility"] == after["visibility"] == "full"
            assert (before["state"], before["view"]) == (after["state"], after["view"]), version
        lobby = (await target.get("/games?status=finished")).json()["games"]
        assert [entry["game_id"] for entry in lobby] == [game_id]
        again = (await target.get(f"/games/{game_id}/log")).content
        assert played(lines(again)) == played(lines(exported.content))
        # A seat of the imported game reads its own view with its fresh token.
        token = imported.json()["tokens"]["1"]
        view = await target.get(f"/games/{game_id}/view", headers=auth(token))
        assert view.json()["seat"] == 1 and view.json()["phase"] == "over"


def test_the_log_has_no_token_or_seed_and_is_served_once_the_game_is_over(
    client: Client, store: InMemoryEventStore
) -> None:
    service = GameService(store)
    seed = 8_123_456_789_012_345
    created = anyio.run(
        lambda: service.create(
            seats=(SeatSpec(kind="human"),) * 2, seed=seed, rules={"game_end": "hands:1"}
        )
    )
    _problem(client.get(f"/games/{created.game_id}/log"), 409, "game_in_progress")
    anyio.run(lambda: play(service, created.game_id, seed=77))
    log = client.get(f"/games/{created.game_id}/log").content
    assert lines(log)[0]["type"] == "header" and lines(log)[0]["format"] == "rummy-log/1"
    for secret in [*created.tokens.values(), str(seed), '"seed"', '"token']:
        assert secret.encode() not in log
    _problem(client.get(f"/games/{'0' * 32}/log"), 404, "game_not_found")


def test_an_imported_game_in_progress_plays_on_with_fresh_tokens(
    client: Client, store: InMemoryEventStore
) -> None:
    service = GameService(store)

    async def half_played() -> bytes:
        created = await service.create(seats=(SeatSpec(kind="human"),) * 2, seed=8)
        await play(service, created.game_id, seed=8, commands=6)
        # An operator's export (rummy export) may take a game in progress.
        return await export_log(store, created.game_id)

    imported = client.post("/games/import", content=anyio.run(half_played), headers=NDJSON)
    assert imported.status_code == 201, imported.text
    game_id, tokens = imported.json()["game_id"], imported.json()["tokens"]
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "active" and summary["preset"] == "imported"
    turn = str(summary["view"]["turn"])
    view = client.get(f"/games/{game_id}/view", headers=auth(tokens[turn])).json()
    command = view["legal_commands"][0]
    answer = client.post(f"/games/{game_id}/commands", json=command, headers=auth(tokens[turn]))
    assert answer.status_code == 200, answer.text


def test_an_imported_finished_game_is_answered_finished_as_its_summary_says(
    client: Client, finished_log: bytes
) -> None:
    imported = client.post("/games/import", content=finished_log, headers=NDJSON)
    assert imported.status_code == 201, imported.text
    summary = client.get(f"/games/{imported.json()['game_id']}").json()
    assert summary["status"] == "finished"
    assert imported.json()["status"] == summary["status"]


def test_a_chosen_id_is_used_once(client: Client, finished_log: bytes) -> None:
    game_id = "ab" * 16
    first = client.post(f"/games/import?game_id={game_id}", content=finished_log)
    assert first.status_code == 201 and first.json()["game_id"] == game_id
    again = client.post(f"/games/import?game_id={game_id}", content=finished_log)
    _problem(again, 409, "game_exists")
    _problem(
        client.post("/games/import?game_id=nope", content=finished_log), 400, "invalid_parameter"
    )
    # A chosen id with a newline after its 32 digits is no id either (Python's `$`
    # matches before a last newline): the parameter is refused, not "no game".
    _problem(
        client.post(f"/games/import?game_id={'cd' * 16}%0A", content=finished_log),
        400,
        "invalid_parameter",
    )


def test_a_log_larger_than_the_limit_is_413(client: Client) -> None:
    response = client.post("/games/import", content=b" " * (8 * 1024 * 1024 + 1), headers=NDJSON)
    _problem(response, 413, "body_too_large")


# ------------------------------------------------------------------ tampering


def _changed_card(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    discard = next(item for item in items[1:] if item["event"]["type"] == "card_discarded")
    card = discard["event"]["card"]
    discard["event"]["card"] = "2C" if card != "2C" else "3C"
    return items


def _dropped(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # Drop a draw and number the rest again: no gap, but a discard with no draw.
    draw = versions_of(items, "cards_drawn")[0]
    kept = [item for item in items if item.get("version") != draw]
    for number, item in enumerate(kept[1:], 1):
        item["version"] = number
    return kept


def _skipped(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for item in items[5:]:
        item["version"] += 1
    return items


def _wrong_commitment(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    reveal = next(item for item in items[1:] if item["event"]["type"] == "deck_revealed")
    reveal["event"]["salt"] = "0" * 32
    return items


def _redacted(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    deal = next(item for item in items[1:] if item["event"]["type"] == "hand_dealt")
    deal["event"]["deck"] = None
    return items


def _other_format(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    items[0]["format"] = "rummy-log/9"
    return items


def _other_header(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    items[0]["seats"] = 3
    items[0]["seat_kinds"] = [{"kind": "human"}] * 3
    return items


@pytest.mark.parametrize(
    ("tamper", "code", "version"),
    [
        (_changed_card, "illegal_event", True),
        (_dropped, "illegal_event", True),
        (_skipped, "version_gap", True),
        (_wrong_commitment, "bad_commitment", True),
        (_redacted, "redacted_log", True),
        (_other_format, "unsupported_format", False),
        (_other_header, "header_mismatch", True),
    ],
)
def test_a_tampered_log_is_refused_naming_the_first_bad_event(
    client: Client, finished_log: bytes, tamper: Any, code: str, version: bool
) -> None:
    body = joined(tamper(lines(finished_log)))
    problem = _problem(client.post("/games/import", content=body, headers=NDJSON), 422, code)
    assert problem["facts"]["reason"]
    assert (problem["facts"]["version"] is not None) == version
    # Nothing was stored: the source game is the only one.
    assert len(client.get("/games?status=finished").json()["games"]) == 1


def test_garbage_is_a_malformed_log(client: Client, finished_log: bytes) -> None:
    for body in (b"", b"not json\n", finished_log + b"{oops\n"):
        problem = _problem(client.post("/games/import", content=body), 422, "malformed_log")
        assert problem["facts"]["reason"]


@pytest.mark.parametrize(
    "forged", ["", "../../x", "a b", "x" * 5000], ids=["empty", "path", "space", "long"]
)
def test_a_header_whose_game_id_is_no_id_is_a_malformed_log(
    client: Client, finished_log: bytes, forged: str
) -> None:
    # The header's id is what the rematch links of the log are checked against: a
    # log names some server's game, and no server's game is called this.
    header, rest = finished_log.split(b"\n", 1)
    document = json.loads(header)
    body = json.dumps({**document, "game_id": forged}).encode() + b"\n" + rest
    problem = _problem(client.post("/games/import", content=body), 422, "malformed_log")
    assert "game_id" in problem["detail"]
    assert len(client.get("/games?status=finished").json()["games"]) == 1


def test_a_client_can_check_every_deal_against_its_commitment(finished_log: bytes) -> None:
    # What any client can do with the public log: no code of this project involved.
    items = lines(finished_log)
    deals = {i["event"]["hand_number"]: i["event"] for i in items[1:] if "deck" in i["event"]}
    reveals = [item["event"] for item in items[1:] if item["event"]["type"] == "deck_revealed"]
    assert sorted(reveal["hand_number"] for reveal in reveals) == sorted(deals) == [1, 2]
    for reveal in reveals:
        deal = deals[reveal["hand_number"]]
        payload = reveal["salt"] + ":" + ",".join(deal["deck"])
        assert hashlib.sha256(payload.encode()).hexdigest() == deal["commitment"]
        # Revealed only after the hand ended: the commitment came first.
        revealed_at = next(i["version"] for i in items[1:] if i["event"] is reveal)
        ended = [v for v in versions_of(items, "hand_ended")]
        assert any(v < revealed_at for v in ended)


# ------------------------------------------------------------------ states


def test_states_in_progress_show_each_caller_its_own_view(
    client: Client, store: InMemoryEventStore
) -> None:
    service = GameService(store)
    rules = {"reveal_after_hand": False}
    created = anyio.run(
        lambda: service.create(seats=(SeatSpec(kind="human"),) * 2, seed=3, rules=rules)
    )
    game_id = created.game_id
    anyio.run(lambda: play(service, game_id, seed=3, commands=4))
    path = f"/games/{game_id}/states/2"
    seat = client.get(path, headers=auth(created.tokens[1])).json()
    assert (seat["visibility"], seat["state"], seat["view"]["seat"]) == ("seat", None, 1)
    assert seat["version"] == 2 and len(seat["view"]["hand"]) == seat["view"]["hand_sizes"][1]
    assert seat["view"]["version"] == 2  # it was null: a past view says its version
    spectator = client.get(path).json()
    assert (spectator["visibility"], spectator["view"]["hand"]) == ("spectator", None)
    last = client.get(f"/games/{game_id}").json()["version"]
    problem = _problem(client.get(f"/games/{game_id}/states/{last + 1}"), 404, "version_not_found")
    assert problem["facts"]["current_version"] == last
    _problem(client.get(path, headers=auth("nope")), 401, "invalid_token")


def test_a_state_says_who_plays_each_seat_as_the_summary_does(client: Client) -> None:
    """A spectator's (or a seat's) view at a version names who plays each seat,
    `controllers` and `seat_labels`, as the summary's spectator view does: they were
    null and empty there."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": 3}]
    created = client.post("/games", json={"seats": seats, "seed": 3}).json()
    game_id, token = created["game_id"], created["tokens"]["0"]
    summary = client.get(f"/games/{game_id}").json()
    expected = summary["view"]["controllers"], summary["view"]["seat_labels"]
    assert [(played["kind"], played.get("level")) for played in expected[0]] == [
        ("human", None),
        ("bot", 3),
    ]
    assert [(label["kind"], label["level"]) for label in expected[1]] == [
        ("human", None),
        ("bot", 3),
    ]
    for version in (1, summary["version"]):
        path = f"/games/{game_id}/states/{version}"
        for headers in ({}, auth(token)):
            view = client.get(path, headers=headers).json()["view"]
            assert (view["controllers"], view["seat_labels"]) == expected, (version, headers)


def test_a_past_hand_is_shown_whole_under_reveal_after_hand(
    client: Client, store: InMemoryEventStore
) -> None:
    service = GameService(store)

    async def into_hand_two() -> str:
        created = await service.create(
            seats=(SeatSpec(kind="human"),) * 2, seed=4, rules={"game_end": "hands:3"}
        )
        while (await service.game(created.game_id)).record.state.hand_number < 2:
            await play(service, created.game_id, seed=4, commands=1)
        return created.game_id

    game_id = anyio.run(into_hand_two)
    log = lines(anyio.run(lambda: export_log(store, game_id)))
    ended = versions_of(log, "hand_ended")[0]
    assert client.get(f"/games/{game_id}/states/{ended - 1}").json()["visibility"] == "full"
    assert client.get(f"/games/{game_id}/states/{ended}").json()["state"]["phase"] == "deal"
    now = client.get(f"/games/{game_id}/states/{ended + 2}").json()
    assert (now["visibility"], now["state"]) == ("spectator", None)


def test_a_private_log_is_for_its_seats_only(client: Client, store: InMemoryEventStore) -> None:
    # Without reveal_after_hand: /events would show a past hand's cards to anyone anyway.
    hidden = {"reveal_after_hand": False}
    created = _finished(store, seed=6, hands=1, private_log=True, rules=hidden)
    other = _finished(store, seed=7, hands=1, rules=hidden)
    game_id = created.game_id
    assert client.get(f"/games/{game_id}/states/5").json()["visibility"] == "spectator"
    mine = client.get(f"/games/{game_id}/states/5", headers=auth(created.tokens[0])).json()
    assert mine["visibility"] == "full" and len(mine["state"]["hands"]) == 2
    _problem(client.get(f"/games/{game_id}/log"), 401, "missing_token")
    _problem(client.get(f"/games/{game_id}/log", headers=auth(other.tokens[0])), 403, "wrong_game")
    log = client.get(f"/games/{game_id}/log", headers=auth(created.tokens[1]))
    assert log.status_code == 200
    public = client.get(f"/games/{other.game_id}/states/5").json()
    assert public["visibility"] == "full"


def test_a_timed_games_log_imports_with_its_deadlines(
    client: Client, store: InMemoryEventStore
) -> None:
    # Deadlines are the service's clock, not commands: the check passes over them.
    created = _finished(store, seed=12, hands=1, turn_time_limit_s=60.0)
    log = client.get(f"/games/{created.game_id}/log").content
    assert versions_of(lines(log), "turn_deadline_set")
    imported = client.post("/games/import", content=log, headers=NDJSON)
    assert imported.status_code == 201, imported.text
