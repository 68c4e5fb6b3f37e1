"""The web table in a real browser: a whole game by clicks, a refused move (from a seat
token of an old session), the phone's width, and nothing fetched from another origin.
Players and tables (and the reload mid-turn) are in test_table_lifecycle_in_browser.py,
every kind of move in test_moves_in_browser.py, the live channel in test_live_in_browser.py."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_artifacts import keep_screenshot
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from table_setup import open_table, two_people_first_to_play

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}
# Bots answer within milliseconds; this bounds a turn that never comes.
TURN_TIMEOUT_MS = 20_000
# A palace game against three bots by clicks: handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow

OpenPage = Callable[..., Any]
# Paced, each move of another seat shown for a moment before the next, but a short one:
# whole games by clicks fit the suite's time.
QUICK_PACE = """try { localStorage.setItem('rummy.pace', '60'); } catch {}"""
NOT_PACED = """try {
    if (localStorage.getItem('rummy.pace') === null) localStorage.setItem('rummy.pace', '0');
} catch {}"""


@pytest.fixture
def open_page(browser: Any, server: str) -> Iterator[OpenPage]:
    """A fresh browser context a test; each records every URL it requests, and every
    one must be of the server's own origin; no page error, nothing its policy refused."""
    contexts: list[Any] = []
    requested: list[str] = []
    errors: list[str] = []

    def open_one(viewport: dict[str, int], paced: bool = False, **options: Any) -> Any:
        context = browser.new_context(viewport=viewport, **options)
        contexts.append(context)
        if not paced:
            # Other seats' moves shown at once (the player's choice, kept): the tests that
            # wait for bots wait no longer than before. A test may still choose otherwise.
            context.add_init_script(NOT_PACED)
        page = context.new_page()
        page.on("request", lambda request: requested.append(request.url))
        # The live channel: a WebSocket, which is no "request" to Playwright.
        page.on("websocket", lambda socket: requested.append(socket.url))
        page.on("pageerror", lambda error: errors.append(str(error)))
        # Anything the page's Content-Security-Policy refused is the page's own bug.
        page.on("console", lambda message: refused_by_the_policy(message, errors))
        return page

    yield open_one
    for context in contexts:
        context.close()
    own = (f"{server}/", f"{server.replace('http://', 'ws://', 1)}/")
    foreign = [url for url in requested if not url.startswith(own)]
    assert requested and not foreign, foreign
    assert not errors, errors


def refused_by_the_policy(message: Any, errors: list[str]) -> None:
    if "Content Security Policy" in message.text:
        errors.append(message.text)


def play_now(
    page: Any,
    server: str,
    preset: str,
    opponents: int,
    level: int = 2,
    decks: list[list[str]] | None = None,
) -> None:
    """A table made by Play now with the options chosen; with `decks`, its first hands are
    dealt those (the request the page makes, `decks` added on its way)."""
    if decks is not None:
        page.route("**/games", lambda route: _with_decks(route, decks))
    page.goto(f"{server}/")
    page.get_by_text("Table options").click()
    page.select_option("#play-preset", preset)
    page.select_option("#play-opponents", str(opponents))
    page.select_option("#play-level", str(level))
    page.get_by_test_id("play").click()
    page.wait_for_selector(".hand .card")


def _with_decks(route: Any, decks: list[list[str]]) -> None:
    request = route.request
    if request.method != "POST":
        route.fallback()
        return
    route.continue_(post_data=json.dumps({**request.post_data_json, "decks": decks}))


def table_for_two_opened(
    open_page: OpenPage, server: str, viewport: dict[str, int], **options: Any
) -> tuple[Any, Any]:
    """A table for two people (`two_people_first_to_play`), opened by its first player."""
    table = two_people_first_to_play(server)
    page = open_page(viewport, **options)
    open_table(page, server, table.player, table.game_id)
    return table, page


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


def wait_until(page: Any, condition: Callable[[], bool], timeout_s: float = 20) -> None:
    """Lets the page run (and Playwright's handlers fire) until `condition` holds."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "the page never got there"
        page.wait_for_timeout(50)


def hand_cards(page: Any) -> list[str]:
    cards: list[str] = page.locator(".hand .card").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"
    )
    return cards


def play_my_turn(page: Any) -> None:
    """One turn by clicks: the stock, then what the hint points at, until a discard."""
    # "Your turn" can show while the page still shows its own last move (busy: every
    # button off), and a stock read as off then would be skipped for the whole turn.
    page.wait_for_selector("[aria-busy=true]", state="detached")
    stock = page.locator("button.pile.stock")
    if stock.is_enabled() and not _click_unless_the_hand_ends(page, stock, "/commands"):
        return
    for _ in range(12):
        if page.get_by_test_id("hand-end").count() or not page.locator(".hand .card").count():
            return
        hint = page.get_by_role("button", name="Hint")
        if not _click_unless_the_hand_ends(page, hint, "/bots/suggest"):
            return
        actions = page.locator(".you .actions")
        # A joker that may stand at either end of a run offers one button each way.
        lay = actions.get_by_role("button", name="Lay meld").first
        lay_all = actions.get_by_role("button", name="Lay these melds down").first
        hold = actions.get_by_role("button", name="Hold this meld")
        discard = actions.locator("button", has_text="Discard")
        target = page.locator("button.meld.hinted")
        if page.locator("button.pile.stock.hinted").count():
            if not _click_unless_the_hand_ends(page, stock, "/commands"):
                return
        elif lay.count():
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


def play_whole_game(page: Any, seats: int, max_turns: int, artifacts: Path | None = None) -> int:
    """Plays the page's seat by clicks to the game's end (each hand's summary read and
    closed with Next hand), in at most `max_turns` of its turns (a count, not a time:
    a busy machine plays slower, never less); the number of hands played. The first
    hand's summary is kept in `artifacts`, if given."""
    turns = 0
    hands = 0
    while True:
        assert turns <= max_turns, f"the game did not end in {max_turns} turns"
        wait_for_my_turn(page)
        summary = page.get_by_test_id("hand-end")
        if summary.count():
            hands += 1
            rows = summary.locator(".hand-scores tbody tr")
            assert rows.count() == seats
            # Every seat's remaining cards, hand value, score and total.
            for seat in range(seats):
                cells = rows.nth(seat).locator("td")
                assert cells.count() == 4
                figures = (cells.nth(i).text_content().strip().lstrip("-") for i in (1, 2, 3))
                assert all(figure.isdigit() for figure in figures)
            if hands == 1 and artifacts is not None:
                page.screenshot(path=str(artifacts / "hand-end-desktop.png"))
            if page.get_by_test_id("game-over").count():
                break
            page.get_by_role("button", name="Next hand").click()
            # The next hand, or a later one: a bot that plays first may go out before
            # the page shows its hand (its summary then comes up next).
            shown = page.locator(".status .hand-number").text_content()
            assert int(re.search(r"hand (\d+)", shown)[1]) > hands, shown
            continue
        play_my_turn(page)
        turns += 1
    assert turns > 0
    # The game's end names the winners and offers a rematch.
    assert page.get_by_test_id("game-over").text_content().startswith("Game over: ")
    assert page.get_by_test_id("rematch").count() == 1
    return hands


def _click_unless_the_hand_ends(page: Any, locator: Any, path: str) -> bool:
    """`click_for`, unless the last hand's summary comes up over the table first (another
    seat went out just before the new hand's turn was shown): then False. The click is
    tried in short attempts, the summary looked for between them: a summary over the
    button would otherwise hold each such turn for the whole click timeout."""
    deadline = time.monotonic() + 10
    while True:
        if page.get_by_test_id("hand-end").count():
            return False
        try:
            with page.expect_response(lambda response: path in response.url):
                locator.click(timeout=500)
            break
        except PlaywrightTimeoutError:
            if not locator.is_enabled():
                # Under load a click can be made and still run past its short timeout:
                # the page took the move and turned the button off (seen: "You drew
                # from the stock", then ten seconds of clicks on the spent stock).
                break
            if time.monotonic() > deadline:
                raise
    page.wait_for_selector("[aria-busy=true]", state="detached")
    return True


def test_a_whole_palace_game_against_three_bots_by_clicks(
    open_page: OpenPage, server: str, artifacts: Path
) -> None:
    # The bots' moves paced, quickly (the usual pace: test_paced_play_in_browser.py).
    page = open_page(DESKTOP, paced=True)
    page.context.add_init_script(QUICK_PACE)
    play_now(page, server, "palace", 3, level=3)
    # Palace plays three hands.
    assert play_whole_game(page, 4, 150, artifacts) == 3
    page.screenshot(path=str(artifacts / "game-over-desktop.png"))


@pytest.mark.parametrize(("viewport", "name"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_the_table_fits_the_screen(
    open_page: OpenPage, server: str, artifacts: Path, viewport: dict[str, int], name: str
) -> None:
    # Paced, as a player first sees it (the screenshots are committed beside the page).
    page = open_page(viewport, paced=True)
    play_now(page, server, "palace", 3)
    wait_for_my_turn(page)
    click_for(page, page.locator("button.pile.stock"), "/commands")
    # A picked card shows its marks; the hint shows what it would play.
    click_for(page, page.get_by_role("button", name="Hint"), "/bots/suggest")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]
    # Each part and every card of the hand on screen, without scrolling sideways: all
    # measured in one step, as a live update may draw the table again between two reads.
    parts = (".status", ".seats", ".felt", ".hand", ".you .actions", ".hand .card")
    boxes = page.evaluate(
        "parts => parts.map(part => [...document.querySelectorAll(part)].map(element => {"
        "  const box = element.getBoundingClientRect(); return [box.width, box.left, box.right];"
        "}))",
        parts,
    )
    for part, found in zip(parts, boxes, strict=True):
        assert found, f"no {part} on the page"
        for width, left, right in found:
            assert width > 0 and left >= 0 and right <= viewport["width"], (part, found)
    page.screenshot(path=str(artifacts / f"table-{name}.png"), full_page=True)
    keep_screenshot(artifacts, f"table-{name}.png")
    # The form for a new table fits too; a seat's bot level shows only for a bot.
    page.goto(f"{server}/#/new")
    # Every rule is folded under "Table options": Create the table is on the first screen.
    create = page.get_by_role("button", name="Create the table").bounding_box()
    assert create and create["y"] + create["height"] <= viewport["height"], create
    assert page.locator("#knob-decks").is_hidden()
    page.get_by_text("Table options").click()
    assert page.locator("#knob-decks").is_visible()
    page.select_option("#new-seat-1", "open")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.locator('[data-seat-level="1"]').is_hidden()
    page.select_option("#new-seat-1", "bot:2")
    assert page.locator('[data-seat-level="1"]').is_visible()


def test_the_leaderboard_fits_a_phone_with_whole_column_titles(
    open_page: OpenPage, server: str
) -> None:
    entry = {"kind": "human", "rating": 12.5, "mu": 30.1, "sigma": 5.9, "games": 120}
    names = ["Maximiliane-Wolkenstein-Oberhausen", "Level 3 bot"]
    board = {
        "ladder": "palace",
        "offset": 0,
        "limit": 20,
        "total": 2,
        "entries": [
            {**entry, "rank": n + 1, "player": f"p{n}", "name": name, "experience": 12345}
            for n, name in enumerate(names)
        ],
    }
    page = open_page(PHONE)
    page.route(
        "**/leaderboards/palace*",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(board)
        ),
    )
    page.goto(f"{server}/#/leaderboard/palace")
    page.get_by_test_id("leaderboard").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Each column title on one line (its text makes one line box); a long name wraps.
    lines = page.evaluate(
        """[...document.querySelectorAll('[data-testid="leaderboard"] thead th')]
            .filter((th) => th.offsetParent !== null)
            .map((th) => {
                const range = document.createRange();
                range.selectNodeContents(th);
                return [th.textContent, range.getClientRects().length];
            })"""
    )
    assert lines == [["#", 1], ["Name", 1], ["Rating", 1], ["Games", 1], ["Experience", 1]]


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
    # The page's live channel stalls, as on a slow network: it cannot learn of the draw below.
    hellos: list[str] = []
    page.route_web_socket("**/live", lambda socket: socket.on_message(lambda m: hellos.append(m)))
    page.goto(f"{server}/")
    held = {game_id: {"tokens": {seat: token}, "label": "test", "saved_at": "2026-01-01T00:00:00Z"}}
    page.evaluate("held => localStorage.setItem('rummy.games', held)", json.dumps(held))
    # The page reads the view more than once as it opens: the draw below must come after
    # its last read, so the test waits for the page to be following the log.
    page.goto(f"{server}/#/game/{game_id}")
    wait_until(page, lambda: bool(hellos))
    wait_for_my_turn(page)
    # Another device holding the seat draws first.
    command = {"type": "draw", "source": "stock"}
    commands_url = f"{server}/games/{game_id}/commands"
    assert httpx.post(commands_url, json=command, headers=headers).status_code == 200
    refused = httpx.post(commands_url, json=command, headers=headers)
    assert refused.status_code == 409
    click_for(page, page.locator("button.pile.stock"), "/commands")
    assert page.get_by_test_id("problem").text_content() == refused.json()["detail"]
