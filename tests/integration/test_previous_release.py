"""Games stored by the previous release read and play on: its data folder (made by
`python -m service.tools.release_fixture` with that release, kept in
tests/fixtures/previous_release) is served by this tree's `rummy serve`."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from served import rummy_served

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "previous_release"
MANIFEST: dict[str, Any] = json.loads((FIXTURE / "manifest.json").read_text())


def _auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    folder = tmp_path_factory.mktemp("previous-release")
    shutil.copytree(FIXTURE / "data", folder / "data")
    with (
        # Its waiting table was made long ago: today's expiry would close it.
        rummy_served(folder, {"WAITING_TABLE_TTL_S": "0"}) as url,
        httpx.Client(base_url=url, timeout=60) as client,
    ):
        yield client


def _draw_and_discard(http: httpx.Client, game_id: str, seat: dict[str, str]) -> int:
    """The seat's turn: a card from the stock, then its hand's first card discarded;
    the version after it."""
    drawn = http.post(
        f"/games/{game_id}/commands", json={"type": "draw", "source": "stock"}, headers=seat
    )
    assert drawn.status_code == 200, drawn.text
    card = drawn.json()["view"]["hand"][0]
    discarded = http.post(
        f"/games/{game_id}/commands", json={"type": "discard", "card": card}, headers=seat
    )
    assert discarded.status_code == 200, discarded.text
    version: int = discarded.json()["version"]
    return version


def test_a_player_of_the_previous_release_is_still_known_by_their_token(
    http: httpx.Client,
) -> None:
    me = http.get("/players/me", headers=_auth(MANIFEST["player"]["token"]))
    assert me.status_code == 200, me.text
    assert me.json()["name"] == "Ada"


def test_a_game_in_play_reads_as_it_was_and_takes_the_next_command(http: httpx.Client) -> None:
    game = MANIFEST["active"]
    summary = http.get(f"/games/{game['id']}").json()
    assert (summary["status"], summary["version"]) == ("active", game["version"])
    token = game["tokens"][str(summary["view"]["turn"])]
    view = http.get(f"/games/{game['id']}/view", headers=_auth(token)).json()
    command = view["legal_commands"][0] | {"expected_version": game["version"]}
    answer = http.post(f"/games/{game['id']}/commands", json=command, headers=_auth(token))
    assert answer.status_code == 200, answer.text
    assert answer.json()["version"] > game["version"]


def test_a_waiting_table_takes_its_last_player_and_deals(http: httpx.Client) -> None:
    game = MANIFEST["waiting"]
    assert http.get(f"/games/{game['id']}").json()["status"] == "waiting"
    newcomer = http.post("/players", json={"name": "Bea"}).json()
    claimed = http.post(f"/games/{game['id']}/seats/1", headers=_auth(newcomer["token"]))
    assert claimed.status_code in (200, 201), claimed.text
    summary = http.get(f"/games/{game['id']}").json()
    assert summary["status"] == "active" and summary["version"] > game["version"]


def test_a_game_against_a_bot_plays_on_and_the_bot_answers(http: httpx.Client) -> None:
    game = MANIFEST["bot"]
    seat = _auth(game["tokens"]["0"])
    assert http.get(f"/games/{game['id']}").json()["version"] == game["version"]
    after = _draw_and_discard(http, game["id"], seat)
    page = http.get(
        f"/games/{game['id']}/events", params={"after": after, "wait": 30}, headers=seat
    ).json()
    assert page["events"] and {event["actor"] for event in page["events"]} == {"bot"}


def test_an_archived_game_reads_whole(http: httpx.Client) -> None:
    game = MANIFEST["archived"]
    summary = http.get(f"/games/{game['id']}").json()
    assert (summary["status"], summary["version"]) == ("finished", game["version"])
    log = http.get(f"/games/{game['id']}/log", headers=_auth(game["tokens"]["0"]))
    assert log.status_code == 200, log.text
    lines = log.text.splitlines()
    assert len(lines) == 1 + game["version"]  # the header, then every event


def test_every_bot_of_the_previous_release_plays_its_seat(http: httpx.Client) -> None:
    """Stored when the meta said who plays a seat: seat 1 handed to a bot, seat 2
    resigned (its bot's level a field of the meta), seat 3 filled at the start (a field
    of the meta, no event). After the
    host's move, the bots at all three seats move in turn, back to the host."""
    game = MANIFEST["seated_bots"]
    host = _auth(game["tokens"]["0"])
    summary = http.get(f"/games/{game['id']}").json()
    assert (summary["version"], summary["view"]["turn"]) == (game["version"], 0)
    assert [(seat["kind"], seat["resigned"]) for seat in summary["seats"]] == [
        ("human", False),
        ("human", False),
        ("human", True),
        ("bot", False),
    ]
    # Each at the level it was given: handed over at 3, resigned to a 4, filled at 1.
    assert [(c["kind"], c.get("level")) for c in summary["view"]["controllers"]] == [
        ("human", None),
        ("autopilot", 3),
        ("bot", 4),
        ("bot", 1),
    ]
    after, moved = _draw_and_discard(http, game["id"], host), set()
    for _ in range(20):
        # The turn back at the host may be seen before the page that moved it there
        # (a fast bot plays between the two reads): one more page, not waiting, then.
        back = http.get(f"/games/{game['id']}").json()["view"]["turn"] == 0
        page = http.get(
            f"/games/{game['id']}/events",
            params={"after": after, "wait": 0 if back else 30},
            headers=host,
        ).json()
        if page["events"]:
            after = page["events"][-1]["version"]
        moved |= {(e["seat"], e["actor"]) for e in page["events"] if e["seat"] is not None}
        if back or not page["events"]:
            break
    assert {(1, "bot"), (2, "bot"), (3, "bot")} <= moved
    assert http.get(f"/games/{game['id']}").json()["view"]["turn"] == 0
