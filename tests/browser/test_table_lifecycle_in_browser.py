"""The web table's players and tables in a real browser: two players at a private table
joined by code, each seeing only its own hand; friends on one screen behind a cover;
a host's start, a resignation and a rematch; a replay of a finished game; a reload that
resumes with the player token."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from table_setup import (
    Table,
    keep_player,
    new_player,
    pack,
    stacked_deck,
    waiting_table_of,
)
from test_table import (
    DESKTOP,
    TURN_TIMEOUT_MS,
    OpenPage,
    click_for,
    hand_cards,
    open_page,
    play_my_turn,
    play_now,
    wait_for_my_turn,
)

# Long (tables from creation to rematch by clicks): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow

__all__ = ["open_page"]  # the fixture, shared with test_table

GAME_TIMEOUT_MS = 60_000
AT_VERSION = """v => document.querySelector('[data-testid=replay-at]')
                  .textContent.startsWith(`Step ${v} of`)"""


def new_table(
    page: Any, server: str, *, private: bool, rules: dict[str, str] | None = None
) -> None:
    """A basic table for two from the form: you, and a seat open for someone to join."""
    page.goto(f"{server}/#/new")
    page.select_option("#new-preset", "basic")
    page.select_option("#new-seats", "2")
    page.select_option("#new-seat-1", "open")
    if rules:
        page.get_by_text("Table options").click()
    for knob, value in (rules or {}).items():
        page.fill(f"#knob-{knob}", value)
    if private:
        page.check("#new-private")
    page.get_by_role("button", name="Create the table").click()
    page.get_by_test_id("waiting").wait_for()


def whose_turn(pages: list[Any]) -> Any:
    """The page whose player is to act (each page follows the game live)."""
    deadline = time.monotonic() + TURN_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        for page in pages:
            if page.get_by_test_id("whose-turn").text_content() == "Your turn":
                return page
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody's turn came")


def dom_cards(page: Any) -> set[str]:
    cards: list[str] = page.locator("[data-card]").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"
    )
    return set(cards)


def held_storage(page: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    player = json.loads(page.evaluate("localStorage.getItem('rummy.player')") or "null")
    games = json.loads(page.evaluate("localStorage.getItem('rummy.games')") or "{}")
    return player, games


def test_two_players_at_a_private_table_joined_by_code_see_only_their_own_hands(
    open_page: OpenPage, server: str, artifacts: Path
) -> None:
    host = open_page(DESKTOP)
    new_table(host, server, private=True)
    code = host.get_by_test_id("table-code").text_content()
    host.screenshot(path=str(artifacts / "waiting-desktop.png"))
    game_id = code.split(":")[0]
    # A private table is in no lobby.
    listed = httpx.get(f"{server}/games", params={"status": "waiting"}).json()["games"]
    assert game_id not in [entry["game_id"] for entry in listed]

    guest = open_page(DESKTOP)
    guest.goto(f"{server}/")
    guest.fill("#join-code", code)
    guest.get_by_test_id("join-by-code").click()
    # The last open seat taken: the first hand is dealt at both tables.
    for page in (host, guest):
        page.wait_for_selector(".hand .card", timeout=TURN_TIMEOUT_MS)
    assert guest.url.endswith(f"#/game/{game_id}")

    turns = 0
    while turns < 4:
        page = whose_turn([host, guest])
        play_my_turn(page)
        turns += 1
        if page.get_by_test_id("hand-end").count():
            break
    for me, other in ((host, guest), (guest, host)):
        # Wait until the page shows the table as it now is, then compare the hands.
        other.wait_for_function(
            "n => document.querySelectorAll('.hand .card').length === n",
            arg=len(hand_cards(other)),
        )
        theirs = set(hand_cards(other))
        assert theirs and not theirs & dom_cards(me), "a page shows the other player's cards"
    # Both played by their player tokens alone: no seat token is kept.
    for page in (host, guest):
        player, games = held_storage(page)
        assert player["token"].count(".") == 1
        assert not any(game.get("tokens") for game in games.values())


def test_friends_on_one_screen_see_a_cover_and_no_hand_between_turns(
    open_page: OpenPage, server: str
) -> None:
    page = open_page(DESKTOP)
    page.goto(f"{server}/")
    page.get_by_text("Table options").click()
    page.select_option("#play-preset", "basic")
    page.select_option("#play-opponents", "1")
    page.check("#play-friend")
    page.get_by_test_id("play").click()
    hands = []
    for _ in range(2):
        cover = page.get_by_role("dialog")
        cover.get_by_text("Pass the device to").wait_for(timeout=TURN_TIMEOUT_MS)
        # Behind the cover the hand is backs only: no card of it is in the page.
        assert page.locator(".hand .card.back").count() >= 10
        assert page.locator(".hand [data-card]").count() == 0
        page.get_by_role("button", name="I'm ready: show my hand").click()
        assert "your turn" in page.get_by_test_id("whose-turn").text_content()
        hands.append(set(hand_cards(page)))
        click_for(page, page.locator("button.pile.stock"), "/commands")
        page.locator(".hand .card").first.click()
        click_for(page, page.locator(".you .actions button", has_text="Discard"), "/commands")
    # Two seats, two different hands.
    assert hands[0] != hands[1] and len(hands[0]) == len(hands[1]) == 10


def test_the_host_starts_with_bots_plays_the_rematch_and_resigns(
    open_page: OpenPage, server: str
) -> None:
    page = open_page(DESKTOP)
    new_table(page, server, private=False, rules={"game_end": "hands:1"})
    first_game = page.url.rsplit("/", 1)[1]
    # The lobby lists the waiting table, filtered by rules and seats, with its open seat.
    watcher = open_page(DESKTOP)
    watcher.goto(f"{server}/#/lobby")
    watcher.select_option("#lobby-preset", "basic")
    watcher.select_option("#lobby-seats", "2")
    entry = watcher.get_by_test_id("lobby").locator(
        "li", has=watcher.locator(f'a[href$="{first_game}"]')
    )
    entry.get_by_role("button", name="Sit at seat 2").wait_for()

    page.select_option("#fill-level", "1")
    click_for(page, page.get_by_test_id("start"), "/start")
    page.wait_for_selector(".hand .card", timeout=TURN_TIMEOUT_MS)
    assert "Bot · level 1" in page.locator(".seats").text_content()
    # The seat on autopilot (another client of the same player): bots play the hand out.
    player, _ = held_storage(page)
    handed = httpx.post(
        f"{server}/games/{first_game}/seats/0/bot",
        json={"level": 1},
        headers={"authorization": f"Bearer {player['token']}"},
    )
    assert handed.status_code == 200, handed.text
    page.get_by_test_id("game-over").wait_for(timeout=GAME_TIMEOUT_MS)
    click_for(page, page.get_by_test_id("rematch"), "/rematch")
    page.wait_for_function(
        "old => location.hash.startsWith('#/game/') && !location.hash.endsWith(old)",
        arg=first_game,
    )
    rematch = page.url.rsplit("/", 1)[1]
    assert httpx.get(f"{server}/games/{rematch}").json()["rematch_of"] == first_game
    # The same player sits again, the bot stays: the rematch is dealt at once.
    page.wait_for_selector(".hand .card", timeout=TURN_TIMEOUT_MS)
    page.get_by_role("button", name="Resign").click()
    click_for(page, page.get_by_role("button", name="Really resign? A bot plays on"), "/resign")
    page.get_by_test_id("game-over").wait_for(timeout=GAME_TIMEOUT_MS)
    assert "resigned" in page.locator(".seats").text_content()
    # From the resignation on, the seat's moves are its bot's, not the player's.
    lines = page.locator(".log ol li").all_text_contents()
    resigned_at = lines.index("You resigned: a bot plays on.")
    after = lines[resigned_at + 1 :]
    assert not [line for line in after if line.startswith("You ")], after
    # A resigned seat offers no rematch.
    assert not page.get_by_test_id("rematch").count()


def test_a_replay_steps_through_a_finished_game(open_page: OpenPage, server: str) -> None:
    seats = [{"kind": "bot", "level": 1}, {"kind": "bot", "level": 1}]
    created = httpx.post(
        f"{server}/games",
        json={"preset": "basic", "seats": seats, "rules": {"game_end": "hands:1"}},
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    for _ in range(200):
        summary = httpx.get(f"{server}/games/{game_id}").json()
        if summary["status"] == "finished":
            break
        time.sleep(0.05)
    assert summary["status"] == "finished"
    page = open_page(DESKTOP)
    page.goto(f"{server}/#/replay/{game_id}")
    at = page.get_by_test_id("replay-at")
    at.wait_for()
    last = f"Step {summary['version']} of {summary['version']}"
    assert at.text_content().startswith(last)
    # Each step in plain words: the last one says what the revealed deck is for.
    assert "version" not in at.text_content().lower()
    assert at.text_content().endswith("The game is over") or "shuffle was fair" in str(
        at.text_content()
    )
    page.get_by_role("button", name="First").click()
    page.wait_for_function(AT_VERSION, arg=1)
    shown = []
    for step in range(2, 6):
        page.get_by_role("button", name="Next ▶").click()
        page.wait_for_function(AT_VERSION, arg=step)
        shown.append(at.text_content())
    # Each step names its event; once over, every hand is shown face up.
    assert len(set(shown)) == 4
    assert page.locator(".replay-hand [data-card]").count() > 0


def test_a_reload_mid_turn_resumes_with_the_player_token(open_page: OpenPage, server: str) -> None:
    page = open_page(DESKTOP)
    play_now(page, server, "basic", 1)
    wait_for_my_turn(page)
    click_for(page, page.locator("button.pile.stock"), "/commands")
    before = sorted(hand_cards(page))
    player, games = held_storage(page)
    assert not any(game.get("tokens") for game in games.values())
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.headers.get("authorization", "")))
    page.reload()
    page.wait_for_selector(".hand .card")
    wait_for_my_turn(page)
    assert sorted(hand_cards(page)) == before
    assert f"Bearer {player['token']}" in seen
    page.locator(".hand .card").first.click()
    click_for(page, page.locator(".you .actions button", has_text="Discard"), "/commands")
    assert len(hand_cards(page)) == 10


def test_a_full_private_tables_code_opens_it_to_watch(open_page: OpenPage, server: str) -> None:
    host, guest = new_player(server), new_player(server)
    body = {"preset": "basic", "seats": [{"kind": "human"}, {"kind": "human", "open": True}]}
    body["private"] = True
    created = httpx.post(
        f"{server}/games", json=body, headers={"authorization": f"Bearer {host['token']}"}
    ).json()
    game_id, code = created["game_id"], created["invite_code"]
    claimed = httpx.post(
        f"{server}/games/{game_id}/seats/1",
        params={"invite": code},
        headers={"authorization": f"Bearer {guest['token']}"},
    )
    assert claimed.status_code == 201, claimed.text
    # A third person with the code: no seat left, so the table opens to watch.
    page = open_page(DESKTOP)
    page.goto(f"{server}/#/join/{game_id}/{code}")
    page.get_by_text("You are watching this table.").wait_for(timeout=TURN_TIMEOUT_MS)
    assert page.locator(".hand [data-card]").count() == 0
    assert page.locator(".seats .seat").count() == 2


def test_a_host_whose_browser_forgot_the_table_still_starts_it(
    open_page: OpenPage, server: str
) -> None:
    """The table made elsewhere (another client of the same player): this browser holds
    the player but no note of the table. It asked its own memory who hosts, and showed
    Leave (refused to the creator's seat) and no Start; the summary says `hosting`."""
    player = new_player(server)
    game_id = waiting_table_of(server, player)
    page = open_page(DESKTOP)
    keep_player(page, server, player)
    page.goto(f"{server}/#/game/{game_id}")
    page.get_by_test_id("waiting").wait_for()
    assert not page.get_by_role("button", name="Leave the table").count()
    page.get_by_test_id("start").click()
    page.locator(".table-screen").wait_for(timeout=GAME_TIMEOUT_MS)


def test_the_waiting_room_shows_who_sits_down_and_leaves_as_it_happens(
    open_page: OpenPage, server: str
) -> None:
    """Claims and departures are events in the log: the waiting room follows them live,
    well within its expiry poll (15 s)."""
    host, guest = new_player(server), new_player(server)
    seats = [{"kind": "human"}] + [{"kind": "human", "open": True}] * 2
    made = httpx.post(
        f"{server}/games",
        json={"seats": seats},
        headers={"authorization": f"Bearer {host['token']}"},
    )
    assert made.status_code == 201, made.text
    game_id = made.json()["game_id"]
    page = open_page(DESKTOP)
    keep_player(page, server, host)
    page.goto(f"{server}/#/game/{game_id}")
    waiting = page.get_by_test_id("waiting")
    waiting.wait_for()
    guest_auth = {"authorization": f"Bearer {guest['token']}"}
    sat = httpx.post(f"{server}/games/{game_id}/seats/1", headers=guest_auth)
    assert sat.status_code == 201, sat.text
    waiting.get_by_text(guest["name"]).wait_for(timeout=5_000)
    left = httpx.delete(f"{server}/games/{game_id}/seats/1", headers=guest_auth)
    assert left.status_code == 204, left.text
    waiting.get_by_text(guest["name"]).wait_for(state="detached", timeout=5_000)


def test_a_rematchs_kept_seat_is_shown_kept_and_not_offered_in_the_lobby(
    open_page: OpenPage, server: str
) -> None:
    """Ada went out in one hand against Bob, and Bob asked for the rematch: seat 1 is
    kept for Ada. Someone else sees it kept in the waiting room, and the lobby offers
    them no seat there."""
    ada, bob = new_player(server), new_player(server)
    melds = [["AC", "2C", "3C", "4C"], ["5D", "6D", "7D"], ["8H", "9H", "TH"]]
    deck = stacked_deck(pack(), [[card for meld in melds for card in meld], []], 10, stock=["KS"])
    body = {
        "preset": "basic",
        "seats": [{"kind": "human"}, {"kind": "human", "open": True}],
        "rules": {"game_end": "hands:1", "first_player": "left_of_dealer"},
        "deck": deck,
    }
    table = Table(server, ada, body)
    game = f"{server}/games/{table.game_id}"
    claimed = httpx.post(f"{game}/seats/1", headers={"authorization": f"Bearer {bob['token']}"})
    assert claimed.status_code == 201, claimed.text
    table.play(0, {"type": "draw", "source": "stock"})
    table.play(0, {"type": "lay_melds", "melds": melds})
    assert table.play(0, {"type": "discard", "card": "KS"})["view"]["phase"] == "over"
    rematch = httpx.post(f"{game}/rematch", headers={"authorization": f"Bearer {bob['token']}"})
    assert rematch.status_code == 201, rematch.text
    next_game = rematch.json()["game_id"]

    page = open_page(DESKTOP)
    keep_player(page, server, new_player(server))
    page.goto(f"{server}/#/game/{next_game}")
    waiting = page.get_by_test_id("waiting")
    waiting.wait_for()
    assert "1 open seat (1 kept for the last game's players)" in waiting.text_content()
    kept = waiting.locator("li[data-seat='0']")
    assert kept.text_content().startswith("Seat 1: Kept for its player from the last game")
    # Only its player is offered the seat (the server says whose it is).
    assert not kept.get_by_role("button").count()
    page.goto(f"{server}/#/lobby")
    row = page.locator("[data-testid=lobby] li").filter(
        has=page.locator(f'a[href="#/game/{next_game}"]')
    )
    # Not among the tables with a seat open; listed, with no seat to sit at, with the rest.
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=lobby]').textContent.includes('Loading')"
    )
    assert not row.count()
    page.locator("#lobby-open").uncheck()
    row.wait_for()
    assert not row.get_by_role("button").count()

    # Ada is offered her seat, or to decline it: then it is the lobby's again.
    hers = open_page(DESKTOP)
    keep_player(hers, server, ada)
    hers.goto(f"{server}/#/game/{next_game}")
    mine = hers.get_by_test_id("waiting").locator("li[data-seat='0']")
    mine.get_by_text("Kept for you from the last game").wait_for()
    assert mine.get_by_role("button", name="Sit at seat 1").count() == 1
    mine.get_by_role("button", name="Not this time").click()
    hers.wait_for_function("() => location.hash === '#/'")
    seat = httpx.get(f"{server}/games/{next_game}").json()["seats"][0]
    assert (seat["claimed"], seat["reserved"]) == (False, False)
