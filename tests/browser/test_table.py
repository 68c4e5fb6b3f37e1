"""The web table in a real browser: a whole hand by clicks, a refused move (from a seat
token of an old session), the phone's width, and nothing fetched from another origin.
Players and tables (and the reload mid-turn) are in test_tables.py."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_artifacts import keep_screenshot

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}
# Bots answer within milliseconds; this bounds a turn that never comes.
TURN_TIMEOUT_MS = 20_000

OpenPage = Callable[[dict[str, int]], Any]


@pytest.fixture
def open_page(browser: Any, server: str) -> Iterator[OpenPage]:
    """A fresh browser context a test; each records every URL it requests, and every
    one must be of the server's own origin."""
    contexts: list[Any] = []
    requested: list[str] = []
    errors: list[str] = []

    def open_one(viewport: dict[str, int]) -> Any:
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.on("request", lambda request: requested.append(request.url))
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_one
    for context in contexts:
        context.close()
    foreign = [url for url in requested if not url.startswith(f"{server}/")]
    assert requested and not foreign, foreign
    assert not errors, errors


def play_now(page: Any, server: str, preset: str, opponents: int) -> None:
    page.goto(f"{server}/")
    page.get_by_text("Table options").click()
    page.select_option("#play-preset", preset)
    page.select_option("#play-opponents", str(opponents))
    page.select_option("#play-level", "2")
    page.get_by_test_id("play").click()
    page.wait_for_selector(".hand .card")


def wait_for_my_turn(page: Any) -> None:
    page.wait_for_function(
        """() => document.querySelector('[data-testid=hand-end]') ||
                 document.querySelector('[data-testid=whose-turn]')?.textContent === 'Your turn'""",
        timeout=TURN_TIMEOUT_MS,
    )


def click_for(page: Any, locator: Any, path: str) -> None:
    """Clicks and waits for the request it makes to be answered and the page redrawn."""
    with page.expect_response(lambda response: path in response.url):
        locator.click()
    page.wait_for_selector("[aria-busy=true]", state="detached")


def hand_cards(page: Any) -> list[str]:
    cards: list[str] = page.locator(".hand .card").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"
    )
    return cards


def play_my_turn(page: Any) -> None:
    """One turn by clicks: the stock, then what the hint points at, until a discard."""
    stock = page.locator("button.pile.stock")
    if stock.is_enabled():
        click_for(page, stock, "/commands")
    for _ in range(12):
        if page.get_by_test_id("hand-end").count() or not page.locator(".hand .card").count():
            return
        click_for(page, page.get_by_role("button", name="Hint"), "/bots/suggest")
        actions = page.locator(".you .actions")
        lay = actions.get_by_role("button", name="Lay meld")
        lay_all = actions.get_by_role("button", name="Lay these melds down")
        hold = actions.get_by_role("button", name="Hold this meld")
        discard = actions.locator("button", has_text="Discard")
        target = page.locator("button.meld.hinted")
        if lay.count():
            click_for(page, lay, "/commands")
        elif lay_all.count():
            click_for(page, lay_all, "/commands")
        elif hold.count():
            hold.click()
        elif target.count():
            target.click()
            chooser = page.locator(".chooser button")
            if chooser.count():
                click_for(page, chooser.first, "/commands")
        elif discard.count():
            click_for(page, discard, "/commands")
            return
        else:
            hint = page.locator(".hint-text").all_text_contents()
            pytest.fail(f"the hint offered nothing to click: {hint}")
        if "Your turn" not in page.get_by_test_id("whose-turn").text_content():
            return
    pytest.fail("a turn took more than 12 moves")


def test_a_whole_palace_hand_against_three_bots_by_clicks(
    open_page: OpenPage, server: str, artifacts: Path
) -> None:
    page = open_page(DESKTOP)
    play_now(page, server, "palace", 3)
    deadline = time.monotonic() + 120
    turns = 0
    while not page.get_by_test_id("hand-end").count():
        assert time.monotonic() < deadline, "the hand did not end in time"
        wait_for_my_turn(page)
        if page.get_by_test_id("hand-end").count():
            break
        play_my_turn(page)
        turns += 1
    summary = page.get_by_test_id("hand-end")
    rows = summary.locator("tbody tr")
    assert rows.count() == 4 and turns > 0
    # Every seat's remaining cards, hand value, score and total.
    for seat in range(4):
        cells = rows.nth(seat).locator("td")
        assert cells.count() == 4
        assert all(cells.nth(i).text_content().strip().lstrip("-").isdigit() for i in (1, 2, 3))
    page.screenshot(path=str(artifacts / "hand-end-desktop.png"))
    # Palace plays three hands: the next one is dealt already.
    page.get_by_role("button", name="Next hand").click()
    assert page.locator(".status .hand-number").text_content().endswith("hand 2")


@pytest.mark.parametrize(("viewport", "name"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_the_table_fits_the_screen(
    open_page: OpenPage, server: str, artifacts: Path, viewport: dict[str, int], name: str
) -> None:
    page = open_page(viewport)
    play_now(page, server, "palace", 3)
    wait_for_my_turn(page)
    click_for(page, page.locator("button.pile.stock"), "/commands")
    # A picked card shows its marks; the hint shows what it would play.
    click_for(page, page.get_by_role("button", name="Hint"), "/bots/suggest")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]
    for part in (".status", ".seats", ".felt", ".hand", ".you .actions"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    # The whole hand is on screen: every card is visible without scrolling sideways.
    for card in page.locator(".hand .card").all():
        box = card.bounding_box()
        assert box is not None and box["x"] + box["width"] <= viewport["width"]
    page.screenshot(path=str(artifacts / f"table-{name}.png"), full_page=True)
    keep_screenshot(artifacts, f"table-{name}.png")


def test_a_refused_move_shows_the_servers_detail(open_page: OpenPage, server: str) -> None:
    # Two humans: the test waits for no bot, so a worker busy with other tests' games
    # cannot make it late. The page plays whichever seat the deal puts first.
    created = httpx.post(
        f"{server}/games", json={"preset": "basic", "seats": [{"kind": "human"}] * 2}
    ).json()
    game_id = created["game_id"]
    view_url = f"{server}/games/{game_id}/view"
    first = httpx.get(view_url, headers={"authorization": f"Bearer {created['tokens']['0']}"})
    seat = str(first.json()["turn"])
    token = created["tokens"][seat]
    headers = {"authorization": f"Bearer {token}"}
    page = open_page(DESKTOP)
    # The page's long polls stall, as on a slow network: it cannot learn of the draw below.
    page.route("**/events?*wait=25*", lambda route: None)
    page.goto(f"{server}/")
    held = {game_id: {"tokens": {seat: token}, "label": "test", "saved_at": "2026-01-01T00:00:00Z"}}
    page.evaluate("held => localStorage.setItem('rummy.games', held)", json.dumps(held))
    # The page reads the view more than once as it opens: the draw below must come after
    # its last read, so the test waits for the page to be following the log.
    with page.expect_request(lambda request: "wait=25" in request.url):
        page.goto(f"{server}/#/game/{game_id}")
    wait_for_my_turn(page)
    # Another device holding the seat draws first.
    command = {"type": "draw", "source": "stock"}
    commands_url = f"{server}/games/{game_id}/commands"
    assert httpx.post(commands_url, json=command, headers=headers).status_code == 200
    refused = httpx.post(commands_url, json=command, headers=headers)
    assert refused.status_code == 409
    click_for(page, page.locator("button.pile.stock"), "/commands")
    assert page.get_by_test_id("problem").text_content() == refused.json()["detail"]
