"""An import takes nothing on trust: a field beside the rules' events that no service
would have written (a time, a level, an actor, a rematch link to itself) is refused with 422
`invalid_log_field` naming it, before anything is written."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

import anyio
import pytest
from http_table import auth
from litestar import Litestar
from litestar.testing import TestClient
from replay_play import finished_game, joined, lines

from service.app.games import GameService
from service.store import InMemoryEventStore

Client = TestClient[Litestar]
NDJSON = {"content-type": "application/x-ndjson"}
GAME_ID = "cd" * 16


@pytest.fixture
def finished_log(client: Client, store: InMemoryEventStore) -> bytes:
    created = anyio.run(lambda: finished_game(GameService(store), 21))
    response = client.get(f"/games/{created.game_id}/log")
    assert response.status_code == 200
    return response.content


def _refused(client: Client, body: bytes, field: str) -> dict[str, Any]:
    response = client.post(f"/games/import?game_id={GAME_ID}", content=body, headers=NDJSON)
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    problem: dict[str, Any] = response.json()
    assert problem["code"] == "invalid_log_field", problem
    assert problem["facts"]["field"] == field, problem
    # Nothing of it was written: the id is free, and answers as no game.
    assert client.get(f"/games/{GAME_ID}").status_code == 404
    return problem


def _each_envelope(items: list[dict[str, Any]], **fields: Any) -> list[dict[str, Any]]:
    for item in items[1:]:
        item.update(fields)
    return items


def test_a_time_that_does_not_parse_is_refused(client: Client, finished_log: bytes) -> None:
    problem = _refused(client, joined(_each_envelope(lines(finished_log), at="x")), "at")
    assert problem["facts"]["version"] == 1


def _week_date(at: str) -> str:
    moment = datetime.fromisoformat(at)
    year, week, day = moment.isocalendar()
    return f"{year}-W{week:02}-{day}T{moment:%H:%M:%S}+00:00"


@pytest.mark.parametrize(
    "written",
    # Python reads each (a time without an offset as UTC), and a copy served each as
    # it came: a browser reads the first as its own local time, no RFC 3339 reader
    # the others.
    [
        lambda at: at.removesuffix("+00:00"),
        _week_date,
        lambda at: at.replace("T", " "),
    ],
    ids=["no offset", "week date", "a space for the T"],
)
def test_a_time_not_written_as_rfc_3339_with_its_offset_is_refused(
    client: Client, finished_log: bytes, written: Callable[[str], str]
) -> None:
    items = lines(finished_log)
    for item in items[1:]:
        item["at"] = written(item["at"])
    assert _refused(client, joined(items), "at")["facts"]["version"] == 1


def test_a_log_dated_in_the_future_is_refused(client: Client, finished_log: bytes) -> None:
    items = lines(finished_log)
    for item in items[1:]:
        item["at"] = "2999" + item["at"][4:]
    items[0]["created_at"] = "2999" + items[0]["created_at"][4:]
    _refused(client, joined(items), "at")


def test_a_log_dated_before_any_service_clock_is_refused(
    client: Client, finished_log: bytes
) -> None:
    # Year 1 east of UTC is no date in UTC: the league's job, which files a game
    # under its UTC day, failed on the imported game at every retry.
    items = lines(finished_log)
    for item in items[1:]:
        item["at"] = "0001-01-01T00:00:01+14:00"
        if item["event"]["type"] == "turn_deadline_set":
            item["event"]["deadline"] = "0001-01-01T00:00:10+14:00"
    items[0]["created_at"] = "0001-01-01T00:00:00+14:00"
    _refused(client, joined(items), "at")


def test_a_creation_time_outside_the_logs_own_times_is_refused(
    client: Client, finished_log: bytes
) -> None:
    # Pinned to the top of the lobby, for ever.
    items = lines(finished_log)
    items[0]["created_at"] = "9999-12-31T23:59:59.999+00:00"
    _refused(client, joined(items), "created_at")
    items[0]["created_at"] = "2001-01-01T00:00:00+00:00"
    _refused(client, joined(items), "created_at")


def test_a_time_that_steps_back_is_refused(client: Client, finished_log: bytes) -> None:
    items = lines(finished_log)
    items[-1]["at"] = "2020-01-01T00:00:00.000+00:00"
    problem = _refused(client, joined(items), "at")
    assert problem["facts"]["version"] == items[-1]["version"]


@pytest.mark.parametrize(
    ("rules", "knob"),
    [
        # No deal could come of these: the import's next deal failed after its first write.
        ({"hand_size": {"2": 60, "3": 7, "4": 7, "5": 6, "6": 6}}, "hand_size"),
        ({"hand_size": {"3": 7}}, "hand_size"),
        # Rules a table is never created with, played on after the import.
        ({"players": [3]}, "players"),
        ({"knocking": True}, "knocking"),
        ({"strict_groups": True, "set_suits": False}, "strict_groups"),
        ({"scoring": "penalty"}, "game_end"),
    ],
)
def test_a_ruleset_no_table_could_be_created_with_is_refused(
    client: Client, finished_log: bytes, rules: dict[str, Any], knob: str
) -> None:
    # A table that had not been dealt yet: only its header and game_started.
    header, started = lines(finished_log)[:2]
    header["ruleset"] |= rules
    started["event"]["ruleset"] = header["ruleset"]
    problem = _refused(client, joined([header, started]), f"ruleset.{knob}")
    assert problem["facts"]["version"] == 1


@pytest.mark.parametrize("level", [5, 99, -3, 2**40, 0])
def test_a_bot_level_no_bot_has_is_refused_and_the_id_stays_free(
    client: Client, finished_log: bytes, level: int
) -> None:
    items = lines(finished_log)
    items[0]["seat_kinds"][1] = {"kind": "bot", "level": level}
    _refused(client, joined(items), "seat_kinds[1].level")
    for path in ("", "/events", "/log", "/view"):
        assert client.get(f"/games/{GAME_ID}{path}").status_code in (401, 404)
    # The id was never taken: a valid log imports to it.
    valid = client.post(f"/games/import?game_id={GAME_ID}", content=finished_log, headers=NDJSON)
    assert valid.status_code == 201, valid.text


@pytest.mark.parametrize(
    ("kinds", "bots"),
    [
        # A level no bot has, at a seat the header names a level-2 bot's: the workers'
        # bot job failed on it at every try, the game stuck at that seat's turn.
        ([{"kind": "human"}, {"kind": "bot", "level": 2}], [0, 2**40]),
        ([{"kind": "human"}, {"kind": "bot", "level": 2}], [0, -1]),
        ([{"kind": "human"}, {"kind": "bot", "level": 2}], [0, 3]),
        # A bot playing a seat the header gives a person (and the import a token).
        ([{"kind": "human"}, {"kind": "human"}], [2, 0]),
        # Levels for fewer seats than the game has: nobody played the last one.
        ([{"kind": "human"}, {"kind": "bot", "level": 2}], [0]),
    ],
)
def test_bots_at_the_start_that_the_header_does_not_name_are_refused(
    client: Client, finished_log: bytes, kinds: list[dict[str, Any]], bots: list[int]
) -> None:
    items = lines(finished_log)
    items[0]["seat_kinds"] = kinds
    for item in items[1:]:
        if item["seat"] == 1 and kinds[1]["kind"] == "bot":
            item["actor"] = "bot"
    started = items[1]["event"]
    assert started["type"] == "game_started"
    started["bots"] = [0, 2] if kinds[1]["kind"] == "bot" else [0, 0]
    assert client.post("/games/import", content=joined(items), headers=NDJSON).status_code == 201
    started["bots"] = bots
    assert _refused(client, joined(items), "event.bots")["facts"]["version"] == 1


def test_actors_rewritten_to_the_timer_are_refused(client: Client, finished_log: bytes) -> None:
    items = lines(finished_log)
    seat_events = [item for item in items[1:] if item["seat"] is not None]
    seat_events[0]["actor"] = "timer"
    _refused(client, joined(items), "actor")


def test_a_bot_seats_moves_claimed_by_a_player_are_refused(
    client: Client, finished_log: bytes
) -> None:
    # Seat 1 is a bot's (a valid header), but its moves say a person made them.
    items = lines(finished_log)
    items[0]["seat_kinds"][1] = {"kind": "bot", "level": 2}
    for item in items[1:]:
        if item["seat"] == 1:
            item["actor"] = "bot"
    assert client.post("/games/import", content=joined(items), headers=NDJSON).status_code == 201
    first = next(item for item in items[1:] if item["seat"] == 1)
    first["actor"] = "player"
    _refused(client, joined(items), "actor")


def test_the_services_event_claimed_by_a_seat_is_refused(
    client: Client, finished_log: bytes
) -> None:
    items = lines(finished_log)
    items[2]["actor"] = "player"  # the first deal
    _refused(client, joined(items), "actor")


@pytest.mark.parametrize("seat", [0, 2**40])
def test_the_services_own_event_naming_a_seat_is_refused(
    client: Client, finished_log: bytes, seat: int
) -> None:
    items = lines(finished_log)
    reveal = next(item for item in items[1:] if item["event"]["type"] == "deck_revealed")
    reveal["seat"] = seat
    _refused(client, joined(items), "seat")


def test_a_command_id_past_its_bound_is_refused(client: Client, finished_log: bytes) -> None:
    items = lines(finished_log)
    seat_events = [item for item in items[1:] if item["seat"] is not None]
    seat_events[0]["command_id"] = "c" * 10_000
    _refused(client, joined(items), "command_id")


@pytest.mark.parametrize("command_id", ["\u202eevil", "a\nb", "\u200b1"])
def test_a_command_id_holding_a_control_or_format_character_is_refused(
    client: Client, finished_log: bytes, command_id: str
) -> None:
    # As a command sent live is (tests/e2e/test_command_id_characters.py): a copy's
    # followers read its ids as the source's did.
    items = lines(finished_log)
    seat_events = [item for item in items[1:] if item["seat"] is not None]
    seat_events[0]["command_id"] = command_id
    _refused(client, joined(items), "command_id")


def test_a_commitment_that_is_no_sha256_is_refused(client: Client, finished_log: bytes) -> None:
    # The last hand of a game imported in progress is never revealed, so never checked.
    items = lines(finished_log)
    assert items[-1]["event"]["type"] == "deck_revealed"
    items.pop()  # the last hand unrevealed
    deal = [item for item in items[1:] if item["event"]["type"] == "hand_dealt"][-1]
    deal["event"]["commitment"] = "x" * 100_000
    _refused(client, joined(items), "event.commitment")


@pytest.mark.parametrize("salt", ["\u202e", "é" * 32])
def test_a_reveal_whose_salt_is_not_ascii_breaks_the_commitment(
    client: Client, finished_log: bytes, salt: str
) -> None:
    # The commitment hashes the salt as ASCII: one that is not failed to encode,
    # and the import answered 500 internal_error.
    items = lines(finished_log)
    reveal = next(item for item in items[1:] if item["event"]["type"] == "deck_revealed")
    reveal["event"]["salt"] = salt
    body = joined(items)
    response = client.post(f"/games/import?game_id={GAME_ID}", content=body, headers=NDJSON)
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "bad_commitment"
    assert response.json()["facts"]["version"] == reveal["version"]
    assert client.get(f"/games/{GAME_ID}").status_code == 404


def test_the_unchanged_log_imports(client: Client, finished_log: bytes) -> None:
    response = client.post("/games/import", content=finished_log, headers=NDJSON)
    assert response.status_code == 201, response.text
    log = client.get(f"/games/{response.json()['game_id']}/log")
    assert log.status_code == 200
    # An export of the import imports too: its claims hold as the original's did.
    again = client.post("/games/import", content=log.content, headers=NDJSON)
    assert again.status_code == 201, again.text


def test_an_imported_game_plays_on_with_its_seats_tokens(
    client: Client, finished_log: bytes
) -> None:
    response = client.post("/games/import", content=finished_log, headers=NDJSON)
    tokens = response.json()["tokens"]
    view = client.get(f"/games/{response.json()['game_id']}/view", headers=auth(tokens["0"]))
    assert view.status_code == 200


# ------------------------------------------------------------------ the table


def _imported(client: Client, body: bytes) -> dict[str, Any]:
    response = client.post("/games/import", content=body, headers=NDJSON)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_an_imported_game_is_stacked_whatever_its_header_says(
    client: Client, finished_log: bytes
) -> None:
    # Whoever holds a log saw every hand dealt in it (this one was even dealt from a
    # seed, which the forged header denies). A log of an earlier release says so in
    # its header alone: its game_started records no opening.
    items = lines(finished_log)
    items[0]["stacked"] = False
    del items[1]["event"]["opening"]
    game_id = _imported(client, joined(items))["game_id"]
    assert client.get(f"/games/{game_id}").json()["stacked"] is True
    copied = lines(client.get(f"/games/{game_id}/log").content)
    assert copied[0]["stacked"] is True
    # The copy's first event says how it was opened here: stacked, its preset unknown.
    opening = copied[1]["event"]["opening"]
    assert (opening["stacked"], opening["preset"]) == (True, "imported")
    assert opening["created_at"] == copied[0]["created_at"]


@pytest.mark.parametrize("field", ["stacked", "created_at"])
def test_a_header_that_belies_the_logs_opening_is_refused(
    client: Client, finished_log: bytes, field: str
) -> None:
    items = lines(finished_log)
    assert items[1]["event"]["opening"][field] == items[0][field]
    # Another time within the log's own (its first event's), or the stacking denied.
    items[0][field] = items[1]["at"] if field == "created_at" else False
    response = client.post("/games/import", content=joined(items), headers=NDJSON)
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "invalid_log_field"
    assert response.json()["facts"]["field"] == f"event.opening.{field}"


def test_a_forged_opening_is_not_the_copys(client: Client, finished_log: bytes) -> None:
    # The log's opening is its source's word: the copy records how it was opened here.
    # A forger's table (hidden, timed, a rematch of another game, 1000 seats, a huge
    # preset) is none of the copy's, and no such value reaches its summary or the lobby.
    items = lines(finished_log)
    source_id = items[0]["game_id"]
    forged = items[1]["event"]["opening"]
    forged |= {"preset": "x" * 50_000, "seats": [{"kind": "human"}] * 1000}
    forged |= {"turn_time_limit_s": -5.0, "private_log": True}
    forged["table"] |= {"private": True, "hot_seat": True, "rematch_of": source_id}
    forged["table"] |= {"expires_after_s": -1.0, "first_dealer": 99}
    game_id = _imported(client, joined(items))["game_id"]
    copied = lines(client.get(f"/games/{game_id}/log").content)
    opening = copied[1]["event"]["opening"]
    assert (opening["preset"], len(opening["seats"])) == ("imported", 2)
    assert (opening["turn_time_limit_s"], opening["private_log"]) == (None, False)
    assert opening["table"] == {
        "private": False,
        "hot_seat": False,
        "rated": opening["table"]["rated"],
        "expires_after_s": None,
        "first_dealer": None,
        "rematch_of": None,
    }
    summary = client.get(f"/games/{game_id}").json()
    assert (summary["preset"], len(summary["seats"])) == ("imported", 2)
    listed = client.get("/games", params={"status": "finished"}).json()["games"]
    assert game_id in [entry["game_id"] for entry in listed]


def _with_rematch(items: list[dict[str, Any]], game_id: str) -> list[dict[str, Any]]:
    last = items[-1]
    items.append(
        {
            "version": last["version"] + 1,
            "at": last["at"],
            "seat": 0,
            "command_id": "table:rematch",
            "event": {"type": "rematch_offered", "seat": 0, "game_id": game_id},
            "actor": "player",
        }
    )
    return items


def test_a_rematch_link_to_a_private_table_tells_nothing_and_leads_nowhere(
    client: Client, finished_log: bytes
) -> None:
    # Someone else's private table, which the forged log links to. Refusing the link
    # (while taking one to no game) told its existence to one holding only its id: a
    # link to it now imports as one to no game does, and leads nowhere.
    other = client.post(
        "/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "private": True}
    )
    assert other.status_code == 201, other.text
    table = other.json()["game_id"]
    to_table = client.post(
        "/games/import", content=joined(_with_rematch(lines(finished_log), table)), headers=NDJSON
    )
    to_nothing = client.post(
        "/games/import",
        content=joined(_with_rematch(lines(finished_log), uuid.uuid4().hex)),
        headers=NDJSON,
    )
    assert (to_table.status_code, to_nothing.status_code) == (201, 201), to_table.text
    copy = to_table.json()
    # Not the copy's next game: its summary names none, and its seat's rematch is new.
    assert client.get(f"/games/{copy['game_id']}").json()["rematch"] is None
    own = client.post(f"/games/{copy['game_id']}/rematch", headers=auth(copy["tokens"]["1"]))
    assert own.status_code == 201, own.text
    assert own.json()["game_id"] != table
    assert client.get(f"/games/{table}").status_code == 404
    assert client.get(f"/games/{table}/view", headers=auth(other.json()["tokens"]["0"])).is_success


def test_a_genuine_rematch_link_imports_and_the_copy_gets_a_rematch_of_its_own(
    client: Client, store: InMemoryEventStore
) -> None:
    created = anyio.run(lambda: finished_game(GameService(store), 22))
    rematch = client.post(f"/games/{created.game_id}/rematch", headers=auth(created.tokens[1]))
    assert rematch.status_code == 201, rematch.text
    log = client.get(f"/games/{created.game_id}/log").content
    assert lines(log)[-1]["event"]["type"] == "rematch_offered"
    imported = _imported(client, log)
    game_id = imported["game_id"]
    # The source's rematch is not the copy's next game (its seats hold nothing there):
    # the summary names none until the copy's seats ask.
    assert client.get(f"/games/{game_id}").json()["rematch"] is None
    # Its own rematch is its own: before, the copy's seats were sent to the source's
    # (created: false), a table where they hold no seat.
    own = client.post(f"/games/{game_id}/rematch", headers=auth(imported["tokens"]["1"]))
    assert own.status_code == 201, own.text
    assert own.json()["created"] is True and own.json()["game_id"] != rematch.json()["game_id"]
    assert client.get(f"/games/{own.json()['game_id']}").json()["rematch_of"] == game_id
    assert client.get(f"/games/{game_id}").json()["rematch"] == own.json()["game_id"]


def test_an_imported_game_can_be_rematched_and_forked(client: Client, finished_log: bytes) -> None:
    created = _imported(client, finished_log)
    game_id, tokens = created["game_id"], created["tokens"]
    rematch = client.post(f"/games/{game_id}/rematch", headers=auth(tokens["1"]))
    assert rematch.status_code == 201, rematch.text
    new = client.get(f"/games/{rematch.json()['game_id']}").json()
    old = client.get(f"/games/{game_id}").json()
    assert new["status"] == "waiting" and new["rematch_of"] == game_id
    # The same rules, as a training table: imported rules are no ladder's.
    assert new["ruleset"] == old["ruleset"] | {"rated": False}
    fork = client.post(f"/games/{game_id}/fork", json={"version": 10, "deck": "keep"})
    assert fork.status_code == 201, fork.text
