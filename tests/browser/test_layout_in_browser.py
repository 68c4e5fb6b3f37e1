"""The table uses the screen it has: cards grow with the viewport (at least 72 px wide
at 1280×800) and on a phone (360×740) everything still fits, nothing scrolled sideways
(issue 31, desktop and phone layouts)."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect
from table_setup import (
    Table,
    humans,
    new_player,
    open_table,
    pack,
    stacked_deck,
    two_people_first_to_play,
)
from test_table import OpenPage, click_for, open_page, wait_for_my_turn

__all__ = ["open_page"]  # the fixture, shared with test_table

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}


def card_widths(page: Any, selector: str) -> list[float]:
    """The widths of the cards `selector` finds, read in one go once each has a box
    (just after a render, on a busy machine, the cards were once all at 0 px)."""
    widths: list[float] = page.wait_for_function(
        """selector => {
            const widths = [...document.querySelectorAll(selector)]
                .map(card => card.getBoundingClientRect().width);
            return widths.length > 0 && widths.every(width => width > 0) ? widths : null;
        }""",
        arg=selector,
    ).json_value()
    return widths


def open_a_dealt_table(
    open_page: OpenPage, server: str, viewport: dict[str, int], **options: Any
) -> Any:
    table = two_people_first_to_play(server)
    table.draw_and_discard(0)
    table.draw_and_discard(1)
    page = open_page(viewport, **options)
    open_table(page, server, table.player, table.game_id)
    wait_for_my_turn(page)
    wait_for_laid_out_hand(page, 10)
    return page


def wait_for_laid_out_hand(page: Any, count: int) -> list[dict[str, float]]:
    """The boxes of the hand's cards (top rounded), read in one go once it holds
    `count` cards each with a box: measured just after a render, on a busy machine
    every card of the hand was once still without one."""
    boxes: list[dict[str, float]] = page.wait_for_function(
        """count => {
            const boxes = [...document.querySelectorAll('.hand .card')]
                .map(card => card.getBoundingClientRect())
                .map(box => ({ top: Math.round(box.top), width: box.width, right: box.right }));
            return boxes.length === count && boxes.every(box => box.width > 0) ? boxes : null;
        }""",
        arg=count,
    ).json_value()
    return boxes


def test_a_laptops_cards_are_large_enough_to_read_across_the_table(
    open_page: OpenPage, server: str
) -> None:
    page = open_a_dealt_table(open_page, server, LAPTOP)
    hand = card_widths(page, ".hand .card")
    assert len(hand) == 10 and min(hand) >= 72, hand
    # The pile's top card is drawn at the hand's size.
    assert min(card_widths(page, ".pile .card")) >= 72
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]


def test_a_phones_cards_are_smaller_and_everything_fits(open_page: OpenPage, server: str) -> None:
    page = open_a_dealt_table(open_page, server, PHONE)
    hand = card_widths(page, ".hand .card")
    assert len(hand) == 10 and max(hand) < 72, hand
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Measured in one go in the page: each render draws the table anew, and an element
    # read one by one may be replaced (no box) between two reads on a busy machine.
    parts = ".status, .seats, .felt, .hand, .you .actions, .hand .card"
    boxes = page.evaluate(
        """parts => [...document.querySelectorAll(parts)].map(element => {
            const box = element.getBoundingClientRect();
            return { part: element.className, left: box.left, right: box.right };
        })""",
        parts,
    )
    assert {box["part"].split()[0] for box in boxes} >= {"status", "seats", "felt", "hand"}
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= PHONE["width"], box


def test_a_phones_hand_of_eleven_keeps_one_row_of_cards_wide_enough_to_tap(
    open_page: OpenPage, server: str
) -> None:
    page = open_a_dealt_table(open_page, server, PHONE)
    click_for(page, page.locator("button.pile.stock"), "/commands")
    boxes = wait_for_laid_out_hand(page, 11)
    assert len(boxes) == 11, boxes
    # One row (no card below the others), each card at least 24 px wide for a thumb.
    assert len({round(box["top"]) for box in boxes}) == 1, boxes
    assert min(box["width"] for box in boxes) >= 24, boxes
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_phones_palace_hand_lies_in_rows_of_seven_whole_cards(
    open_page: OpenPage, server: str
) -> None:
    """Thirteen cards, then fourteen once drawn: rows of seven cards at full size (a row
    of slivers and a stray two before)."""
    rules = {"first_player": "left_of_dealer"}
    table = Table(
        server, new_player(server), {"preset": "palace", "seats": humans(2), "rules": rules}
    )
    page = open_page(PHONE)
    open_table(page, server, table.player, table.game_id)
    wait_for_my_turn(page)
    for count in (13, 14):
        if count == 14:
            click_for(page, page.locator("button.pile.stock"), "/commands")
        boxes = wait_for_laid_out_hand(page, count)
        rows = [
            sum(1 for box in boxes if box["top"] == top)
            for top in sorted({b["top"] for b in boxes})
        ]
        assert rows == [7, count - 7], boxes
        assert min(box["width"] for box in boxes) >= 40, boxes
        assert max(box["right"] for box in boxes) <= PHONE["width"], boxes
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


# The parts of the two bars at the top: the page's (brand, links) and the table's status bar.
TOP_PARTS = (
    ".top .brand, .top nav a, .status .hand-number, .status .whose, .status .timer,"
    " .status .pace label, .status .pace select, .status .sound input, .status .sound label,"
    " .status .link"
)
# What a finger taps there (the sound's label turns it on and off): 44 px high at least.
TAPPED = "a, select, button, .sound label"


def test_a_phones_top_bars_keep_each_part_whole_apart_and_a_fingers_height(
    open_page: OpenPage, server: str
) -> None:
    page = open_a_dealt_table(open_page, server, PHONE, is_mobile=True, has_touch=True)
    parts = page.evaluate(
        """([parts, tapped]) => [...document.querySelectorAll(parts)].map(element => {
            const box = element.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(element);
            const lines = new Set([...range.getClientRects()].map(line => Math.round(line.top)));
            return { tag: element.tagName, text: element.textContent, lines: lines.size,
                     tapped: element.matches(tapped),
                     left: box.left, right: box.right, top: box.top, bottom: box.bottom };
        })""",
        [TOP_PARTS, TAPPED],
    )
    assert len(parts) >= 12, parts
    for part in parts:
        assert part["left"] >= 0 and part["right"] <= PHONE["width"], part
        # Nothing wraps inside itself ("Others' / moves:").
        assert part["tag"] in ("SELECT", "INPUT") or part["lines"] == 1, part
        if part["tapped"]:
            assert part["bottom"] - part["top"] >= 44, part
    for n, one in enumerate(parts):
        for other in parts[n + 1 :]:
            apart = (
                one["right"] <= other["left"] + 0.5
                or other["right"] <= one["left"] + 0.5
                or one["bottom"] <= other["top"] + 0.5
                or other["bottom"] <= one["top"] + 0.5
            )
            assert apart, (one, other)
    # The status bar in two lines: the turn, then the settings beside the links. The
    # settings had a 44 px row of their own: the bar took 91 px above the seats, now 68.
    middles = page.evaluate(
        """['.status-turn', '.status-links', '.status-settings']
            .map(group => document.querySelector(group).getBoundingClientRect())
            .map(box => box.top + box.height / 2)"""
    )
    turn, links, settings = middles
    assert abs(settings - links) < 12 and settings > turn + 22, middles
    bar = page.evaluate(
        """() => document.querySelector('.seats').getBoundingClientRect().top
                 - document.querySelector('.status').getBoundingClientRect().top"""
    )
    assert bar <= 72, bar
    # "Others:" on a phone, heard whole.
    expect(page.get_by_label("Others' moves:")).to_be_visible()


# Every field a finger fills in or taps on a phone: 44 px high, a checkbox 32 px square.
SMALL_FIELDS = """() => [...document.querySelectorAll('main :is(input, select, button, summary)')]
    .filter(field => field.offsetParent !== null)
    .map(field => {
        const box = field.getBoundingClientRect();
        const check = field.type === 'checkbox';
        const big = check ? box.width >= 32 && box.height >= 32 : box.height >= 44;
        const name = field.id || field.textContent;
        return big ? null : `${field.tagName} ${name}: ${box.width}x${box.height}`;
    })
    .filter(small => small)"""


def test_a_phones_links_on_the_home_screen_are_a_fingers_height(
    open_page: OpenPage, server: str
) -> None:
    """The links to every rule and to the lobby were their text's height, 19 px: a
    finger aiming at one tapped beside it."""
    page = open_page(PHONE, is_mobile=True, has_touch=True)
    page.goto(f"{server}/#/")
    page.get_by_text("Table options", exact=True).click()
    for name in ("Every rule, knob by knob…", "Find a table in the lobby →"):
        box = page.locator("main").get_by_role("link", name=name).bounding_box()
        assert box is not None and box["height"] >= 44, (name, box)


def test_a_phones_forms_are_a_fingers_size(open_page: OpenPage, server: str) -> None:
    page = open_page(PHONE, is_mobile=True, has_touch=True)
    for route, drawn, fold in (
        ("#/", "[data-testid=play]", "Table options"),
        ("#/lobby", "#lobby-open", None),
        ("#/new", "#new-private", "Table options: every rule"),
    ):
        page.goto(f"{server}/{route}")
        page.locator(drawn).wait_for()
        if fold:
            page.get_by_text(fold, exact=True).click()
            page.locator("details[open]").wait_for()
        assert page.evaluate(SMALL_FIELDS) == [], route


def test_a_phones_melds_marked_new_still_share_a_row(open_page: OpenPage, server: str) -> None:
    """A meld's "new" tag sits on its edge: in its label it widened the meld past half the
    felt, and a phone's melds went one to a row."""
    player = new_player(server)
    theirs = ["5H", "6H", "7H", "9C", "9D", "9S"]
    deck = stacked_deck(pack(), [[], theirs], 10, up_card="2S")
    rules = {"first_player": "left_of_dealer"}
    table = Table(
        server, player, {"preset": "basic", "seats": humans(2), "deck": deck, "rules": rules}
    )
    page = open_page(PHONE, is_mobile=True, has_touch=True)
    open_table(page, server, player, table.game_id)
    table.draw_and_discard(0, keep=theirs)
    table.play(1, {"type": "draw", "source": "stock"})
    table.play(1, {"type": "lay_melds", "melds": [["5H", "6H", "7H"]]})
    table.play(1, {"type": "lay_melds", "melds": [["9C", "9D", "9S"]]})
    table.play(1, {"type": "discard", "card": table.view(1)["hand"][0]})
    wait_for_my_turn(page)
    expect(page.get_by_test_id("meld-news")).to_have_count(2)
    tops = page.locator(".melds .meld").evaluate_all(
        "melds => melds.map(meld => Math.round(meld.getBoundingClientRect().top))"
    )
    assert len(tops) == 2 and tops[0] == tops[1], tops


def test_the_hands_cards_stay_the_same_elements_while_another_seat_moves(
    open_page: OpenPage, server: str
) -> None:
    """A redraw for another seat's move keeps the hand's unchanged cards the very same
    elements, in the page, with their boxes: each card was once drawn anew at every update,
    and a card found just before a redraw and measured just after read 0 px."""
    table = two_people_first_to_play(server)
    table.draw_and_discard(0)
    page = open_page(LAPTOP)
    open_table(page, server, table.player, table.game_id)
    wait_for_laid_out_hand(page, 10)
    page.evaluate("window.heldCards = [...document.querySelectorAll('.hand .card')]")
    table.play(1, {"type": "draw", "source": "stock"})
    page.wait_for_function(
        """() => document.querySelector('.seats [data-seat="1"]')
            ?.getAttribute('aria-label').includes('11 cards')"""
    )
    kept = page.evaluate(
        """window.heldCards.map(card => [card.isConnected, card.getBoundingClientRect().width])"""
    )
    assert len(kept) == 10 and all(connected and width > 0 for connected, width in kept), kept


def test_the_piles_top_card_keeps_its_ink_once_out_of_reach(
    open_page: OpenPage, server: str
) -> None:
    page = open_a_dealt_table(open_page, server, LAPTOP)
    click_for(page, page.locator("button.pile.stock"), "/commands")
    # The pile's top after the draw: off, yet drawn as the card it is, like the hand's.
    looks = page.evaluate(
        """() => ['.pile.discard .card', '.hand .card']
            .map(part => document.querySelector(part))
            .map(card => {
                const style = getComputedStyle(card);
                return { off: card.disabled, red: card.classList.contains('red'),
                         ink: style.color, edge: style.borderTopStyle };
            })"""
    )
    pile, hand = looks
    assert pile["off"] and pile["edge"] == "solid", looks
    assert pile["ink"] == ("rgb(198, 40, 40)" if pile["red"] else "rgb(26, 26, 26)"), looks
    assert hand["edge"] == "solid", looks


def test_a_phone_fits_a_name_of_32_letters_without_a_space(
    open_page: OpenPage, server: str
) -> None:
    # A name is 1-32 characters of any kind: one long word (a handle, a double-barrelled
    # name) must break where it is shown, not push the page sideways under the links.
    name = "WOLFESCHLEGELSTEINHAUSENBERGERDORFF"[:32]
    created = httpx.post(f"{server}/players", json={"name": name})
    assert created.status_code == 201, created.text
    token = created.json()["token"]
    body = {"preset": "basic", "seats": [{"kind": "human"}, {"kind": "bot", "level": 1}]}
    made = httpx.post(f"{server}/games", json=body, headers={"authorization": f"Bearer {token}"})
    assert made.status_code == 201, made.text
    page = open_page(PHONE, is_mobile=True, has_touch=True)
    # Watched: the name is the seat to play's, in the status, its seat, the last move
    # and the history.
    page.goto(f"{server}/#/game/{made.json()['game_id']}")
    page.wait_for_selector(".table-screen .log li")
    shown = page.evaluate(
        """() => [...document.querySelectorAll('.status .whose, .seat, .last-move, .log li')]
            .filter(element => element.textContent.includes("WOLFE"))
            .map(element => {
                const range = document.createRange();
                range.selectNodeContents(element);
                const right = Math.max(...[...range.getClientRects()].map(box => box.right));
                return { part: element.classList[0] ?? element.tagName, right };
            })"""
    )
    assert {part["part"] for part in shown} >= {"whose", "seat", "last-move", "LI"}, shown
    for part in shown:
        assert part["right"] <= PHONE["width"], part
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_phones_lobby_fits_a_name_of_32_letters_without_a_space(
    open_page: OpenPage, server: str
) -> None:
    created = httpx.post(f"{server}/players", json={"name": "M" * 32})
    assert created.status_code == 201, created.text
    token = created.json()["token"]
    body = {"preset": "basic", "seats": [{"kind": "human"}, {"kind": "human", "open": True}]}
    made = httpx.post(f"{server}/games", json=body, headers={"authorization": f"Bearer {token}"})
    assert made.status_code == 201, made.text
    page = open_page(PHONE, is_mobile=True, has_touch=True)
    page.goto(f"{server}/#/lobby")
    page.locator(".lobby li", has_text="M" * 32).wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def _overflowing(page: Any, selector: str, within: str) -> list[dict[str, Any]]:
    """The text under `selector` that runs past the right edge of its `within` box or
    of the screen (measured by its lines' boxes: clipped text counts)."""
    found: list[dict[str, Any]] = page.evaluate(
        """([selector, within]) => [...document.querySelectorAll(selector)].flatMap(element => {
            const box = element.closest(within).getBoundingClientRect();
            const edge = Math.min(box.right, document.documentElement.clientWidth);
            const range = document.createRange();
            range.selectNodeContents(element);
            const right = Math.max(0, ...[...range.getClientRects()].map(box => box.right));
            return right > edge + 0.5 ? [{ text: element.textContent, right, edge }] : [];
        })""",
        [selector, within],
    )
    return found


def test_a_phones_game_over_sheet_and_replay_fit_a_name_of_32_letters(
    open_page: OpenPage, server: str
) -> None:
    created = httpx.post(f"{server}/players", json={"name": "M" * 32})
    assert created.status_code == 201, created.text
    player = created.json()
    bearer = {"authorization": f"Bearer {player['token']}"}
    body = {
        "preset": "basic",
        "seats": [{"kind": "human"}, {"kind": "bot", "level": 1}],
        "rules": {"game_end": "hands:1"},
    }
    made = httpx.post(f"{server}/games", json=body, headers=bearer)
    assert made.status_code == 201, made.text
    game_id = made.json()["game_id"]
    # Resigned: bots play both seats to the end, the name still the seat's.
    assert httpx.post(f"{server}/games/{game_id}/resign", json={}, headers=bearer).is_success
    page = open_page(PHONE, is_mobile=True, has_touch=True)
    open_table(page, server, player, game_id)
    page.get_by_test_id("game-over").wait_for(timeout=120_000)
    assert _overflowing(page, ".overlay .sheet *", ".sheet") == []
    page.goto(f"{server}/#/replay/{game_id}")
    page.locator(".replay-seat", has_text="M" * 32).first.wait_for()
    assert _overflowing(page, ".replay-seat *", ".replay-seat") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
