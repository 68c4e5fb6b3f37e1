"""An imported log's seats change hands only as the service changes them: a claim
takes a human seat nobody holds, a leave gives back a seat a claim holds, and the
start fills or removes (once) the seats nobody holds. Anything else is refused with
422 `invalid_log_field` before anything is written."""

from __future__ import annotations

from typing import Any

import pytest
from http_players import player
from http_table import auth, create, finish
from litestar import Litestar
from litestar.testing import TestClient
from replay_play import joined, lines

Client = TestClient[Litestar]
NDJSON = {"content-type": "application/x-ndjson"}
GAME_ID = "ef" * 16


@pytest.fixture
def started(client: Client) -> list[dict[str, Any]]:
    """The header and game_started of a finished four-seat table's log, seat 3 a bot's."""
    seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 3
    game = create(client, seats=seats, seed=7, rules={"game_end": "hands:1"})
    game_id, host = game["game_id"], game["tokens"]["0"]
    bo = client.post(f"/games/{game_id}/seats/1", headers=auth(player(client, "Bo")["token"]))
    assert bo.status_code == 201, bo.text
    begun = client.post(f"/games/{game_id}/start", json={"fill": "remove"}, headers=auth(host))
    assert begun.status_code == 200, begun.text
    finish(client, {"game_id": game_id, "tokens": {"0": host, "1": bo.json()["token"]}}, 3)
    header, first = lines(client.get(f"/games/{game_id}/log").content)[:2]
    header["seat_kinds"][3] = {"kind": "bot", "level": 2}
    first["event"]["bots"] = [0, 0, 0, 2]
    return [header, first]


def _with(started: list[dict[str, Any]], *events: dict[str, Any]) -> bytes:
    first = started[1]
    items = [*started]
    for version, event in enumerate(events, 2):
        items.append({**first, "version": version, "event": event})
    return joined(items)


def _claim(seat: int, claim: str = "abcdef01") -> dict[str, Any]:
    return {"type": "seat_claimed", "seat": seat, "claim": claim}


def _reserved(seat: int, mark: str = "0123456789abcdef") -> dict[str, Any]:
    return {"type": "seat_reserved", "seat": seat, "mark": mark}


def _left(seat: int) -> dict[str, Any]:
    return {"type": "seat_left", "seat": seat}


def test_claims_and_leaves_the_service_writes_are_imported(
    client: Client, started: list[dict[str, Any]]
) -> None:
    body = _with(started, _claim(1), _left(1), _claim(1, "abcdef02"), _claim(2))
    imported = client.post("/games/import", content=body, headers=NDJSON)
    assert imported.status_code == 201, imported.text
    # A seat an older release's claim held (kept in its meta), given back since.
    imported = client.post("/games/import", content=_with(started, _left(2)), headers=NDJSON)
    assert imported.status_code == 201, imported.text
    # An older release's start removed seat 1 and failed before its deal: the table
    # waited on, and someone claimed seat 2 (seat 1 once the seats closed up).
    removed = {"type": "seats_removed", "seats": [1]}
    body = _with(started, removed, _claim(1))
    imported = client.post("/games/import", content=body, headers=NDJSON)
    assert imported.status_code == 201, imported.text
    # A seat claimed and given back, then filled by the start's bot.
    started[0]["seat_kinds"][2] = {"kind": "bot", "level": 1}
    fill = {"type": "seat_filled", "seat": 2, "level": 1}
    body = _with(started, _claim(2), _left(2), _claim(1), fill)
    imported = client.post("/games/import", content=body, headers=NDJSON)
    assert imported.status_code == 201, imported.text
    # A rematch's seats kept at its opening, then one claimed.
    body = _with(started, _reserved(1), _claim(1))
    imported = client.post("/games/import", content=body, headers=NDJSON)
    assert imported.status_code == 201, imported.text


@pytest.mark.parametrize(
    ("events", "version", "field"),
    [
        # A bot's seat at creation is nobody's to claim.
        ([_claim(3)], 2, "event.seat"),
        # A seat held under a claim is taken until it is given back.
        ([_claim(1), _claim(1, "abcdef02")], 3, "event.seat"),
        # Only a claim's seat goes back to the lobby: not a bot's, not one given back.
        ([_left(3)], 2, "event.seat"),
        ([_claim(1), _left(1), _left(1)], 4, "event.seat"),
        # The start removes the open seats once, and none a claim holds.
        (
            [{"type": "seats_removed", "seats": [2]}, {"type": "seats_removed", "seats": [1]}],
            3,
            "event.seats",
        ),
        ([_claim(1), {"type": "seats_removed", "seats": [1]}], 3, "event.seats"),
        ([{"type": "seats_removed", "seats": [3]}], 2, "event.seats"),
        # A seat is kept for a player by their mark, before anyone claimed it.
        ([_reserved(1, "Ada")], 2, "event.mark"),
        ([_claim(1), _reserved(1)], 3, "event.seat"),
        ([_claim(1), _left(1), _reserved(1)], 4, "event.seat"),
        ([_reserved(3)], 2, "event.seat"),
        # A bot fills a seat nobody claimed, numbered as before any removal.
        ([_claim(1), {"type": "seat_filled", "seat": 1, "level": 2}], 3, "event.seat"),
        (
            [
                {"type": "seats_removed", "seats": [2]},
                {"type": "seat_filled", "seat": 1, "level": 2},
            ],
            3,
            "event.seat",
        ),
    ],
)
def test_seats_changing_hands_as_no_service_would_are_refused(
    client: Client,
    started: list[dict[str, Any]],
    events: list[dict[str, Any]],
    version: int,
    field: str,
) -> None:
    if any(event["type"] == "seat_filled" for event in events):
        started[0]["seat_kinds"][1] = {"kind": "bot", "level": 2}
    response = client.post(
        f"/games/import?game_id={GAME_ID}", content=_with(started, *events), headers=NDJSON
    )
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["code"] == "invalid_log_field", problem
    assert (problem["facts"]["field"], problem["facts"]["version"]) == (field, version), problem
    assert client.get(f"/games/{GAME_ID}").status_code == 404


def test_a_host_named_by_anything_but_a_mark_is_refused(
    client: Client, started: list[dict[str, Any]]
) -> None:
    """`game_started` names its host by a player's mark; an imported mark names no one
    here (marks are keyed by the table) and hosts nothing."""
    started[1]["event"]["host"] = "Ada"
    forged = client.post(
        f"/games/import?game_id={GAME_ID}", content=joined(started), headers=NDJSON
    )
    assert forged.status_code == 422, forged.text
    facts = forged.json()["facts"]
    assert (forged.json()["code"], facts["field"], facts["version"]) == (
        "invalid_log_field",
        "event.host",
        1,
    )
    started[1]["event"]["host"] = "0123456789abcdef"
    imported = client.post("/games/import", content=joined(started), headers=NDJSON)
    assert imported.status_code == 201, imported.text
    token = imported.json()["tokens"]["0"]
    summary = client.get(f"/games/{imported.json()['game_id']}", headers=auth(token))
    assert summary.json()["hosting"] is False
