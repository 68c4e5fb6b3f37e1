"""Other seats' moves played out one at a time, each a moment in view, their cards seen
moving; the player's choice of pace kept; the table after them exactly the server's
(issue 31, paced play). Bounds are generous: a noisy machine only makes a move last longer."""

from __future__ import annotations

import json
from typing import Any

import pytest
from table_setup import Table, humans, new_player, open_table, pack, stacked_deck
from test_table import DESKTOP, OpenPage, open_page, wait_until

__all__ = ["open_page"]  # the fixture, shared with test_table
# Each turn played out at 1.2 s a move: handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow

# Seat 0 (the page's player) plays first, and the deal goes round from it.
FIRST_SEAT_ZERO = {"first_player": "left_of_dealer"}
MELD = ["7C", "7D", "7H"]
# Half the usual moment (0.6 s): far above what the page takes to draw a move unpaced.
AT_LEAST_MS = 300

# Each state of the table the page draws, kept as it changes: the other seat's hand size,
# the pile's top, the melds, whose turn, and whether a card is on the move.
RECORD = """() => {
    window.seen = [];
    const snapshot = () => {
        const top = [...document.querySelectorAll('.pile.discard .pile-cards .card')].at(-1);
        const state = {
            cards: document.querySelector('.seat[data-seat="1"] .seat-cards')?.textContent.trim(),
            top: top?.dataset.card ?? null,
            melds: document.querySelectorAll('.melds .meld').length,
            whose: document.querySelector('[data-testid=whose-turn]')?.textContent,
            moving: document.querySelector('[data-moving]') !== null,
        };
        const last = window.seen.at(-1);
        if (last && Object.keys(state).every((key) => last[key] === state[key])) return;
        window.seen.push({ ...state, at: performance.now() });
    };
    snapshot();
    new MutationObserver(snapshot).observe(document.body, {
        subtree: true, childList: true, attributes: true, characterData: true,
    });
}"""


def a_meld_for_the_other_seat(server: str) -> Table:
    """Two people at a basic table, the page's player first; seat 1 holds three sevens."""
    deck = stacked_deck(pack(), [[], MELD], 10, up_card="2S", stock=["9D", "KD"])
    body = {"preset": "basic", "seats": humans(2), "deck": deck, "rules": FIRST_SEAT_ZERO}
    return Table(server, new_player(server), body)


def the_players_paced_table(open_page: OpenPage, server: str, **options: Any) -> tuple[Table, Any]:
    """`a_meld_for_the_other_seat`, opened by its player on a desktop page that paces."""
    table = a_meld_for_the_other_seat(server)
    page = open_page(DESKTOP, paced=True, **options)
    open_table(page, server, table.player, table.game_id)
    return table, page


def slowly(page: Any) -> None:
    """The slow pace (1.2 s a move): the test's three commands to the server, one after
    another, come well within the first move's moment even on a busy machine, so the
    queue never drains (and reads the server's view) halfway through the turn."""
    page.get_by_label("Others' moves:").select_option(label="slowly")


def the_other_seats_turn(
    page: Any, table: Table, whose_then: str = "Your turn"
) -> tuple[list[dict[str, Any]], str]:
    """Seat 1 draws, lays its meld and discards while the page records what it draws,
    until it says `whose_then`; answers the states drawn and the card discarded."""
    table.draw_and_discard(0)
    page.locator("[data-testid=whose-turn]", has_text="Seat 2 · player to play").wait_for()
    page.evaluate(RECORD)
    hand = table.play(1, {"type": "draw", "source": "stock"})["view"]["hand"]
    table.play(1, {"type": "lay_melds", "melds": [MELD]})
    discarded = next(card for card in hand if card not in MELD)
    table.play(1, {"type": "discard", "card": discarded})
    wait_until(
        page,
        lambda: page.evaluate(
            "([card, whose]) => window.seen.some((s) => s.top === card && s.whose === whose)",
            [discarded, whose_then],
        ),
    )
    page.wait_for_timeout(200)
    seen: list[dict[str, Any]] = page.evaluate("window.seen")
    return seen, discarded


def first(seen: list[dict[str, Any]], **state: Any) -> int:
    return next(at for at, drawn in enumerate(seen) if all(drawn[k] == v for k, v in state.items()))


def test_another_seats_draw_meld_and_discard_are_shown_one_at_a_time(
    open_page: OpenPage, server: str
) -> None:
    table, page = the_players_paced_table(open_page, server)
    # The usual pace, offered on the table.
    assert page.get_by_test_id("pace").input_value() == "600"
    slowly(page)
    seen, discarded = the_other_seats_turn(page, table)
    drawn = first(seen, cards="11", melds=0)
    melded = first(seen, cards="8", melds=1)
    thrown = first(seen, top=discarded)
    assert drawn < melded < thrown, seen
    # Each move stays in view a moment before the next.
    assert seen[melded]["at"] - seen[drawn]["at"] >= AT_LEAST_MS, seen
    assert seen[thrown]["at"] - seen[melded]["at"] >= AT_LEAST_MS, seen
    # The discard hands the turn over: it is drawn from the server's view, the player's moves on.
    assert seen[thrown]["whose"] == "Your turn" and seen[thrown]["cards"] == "7", seen
    assert page.locator("button.pile.stock").is_enabled()
    # The cards move (a transform under way on a card), unless the player asks for no motion.
    assert any(state["moving"] for state in seen), seen
    # What stays drawn is the table as a fresh page draws it from the server.
    shown = table_text(page)
    page.reload()
    page.get_by_text("Your turn").wait_for()
    # The chips' last turns come from the log, read back a moment after the view is drawn.
    try:
        wait_until(page, lambda: table_text(page) == shown)
    except AssertionError:
        assert table_text(page) == shown


def table_text(page: Any) -> list[str]:
    """`TABLE_TEXT` of the table as drawn now: found and read in one step (a redraw between
    a locator's find and its read would leave it reading a part taken out of the page)."""
    text: list[str] = page.evaluate(
        f"() => ({TABLE_TEXT})(document.querySelector('.table-screen'))"
    )
    return text


# The table's seats, piles, melds and hand as text: what must match once the moves are shown.
TABLE_TEXT = """screen => ['.seats', '.felt', '.hand']
    .map((part) => [...screen.querySelectorAll(part)]
        .map((element) => element.textContent.replace(/\\s+/g, ' ').trim()).join('|'))"""


def test_with_reduced_motion_the_moves_are_paced_but_nothing_slides(
    open_page: OpenPage, server: str
) -> None:
    table, page = the_players_paced_table(open_page, server, reduced_motion="reduce")
    slowly(page)
    seen, discarded = the_other_seats_turn(page, table)
    drawn, thrown = first(seen, cards="11", melds=0), first(seen, top=discarded)
    assert seen[thrown]["at"] - seen[drawn]["at"] >= 2 * AT_LEAST_MS, seen
    assert not any(state["moving"] for state in seen), seen


def test_the_pace_is_the_players_choice_kept_in_this_browser(
    open_page: OpenPage, server: str
) -> None:
    table, page = the_players_paced_table(open_page, server)
    page.get_by_label("Others' moves:").select_option(label="all at once")
    assert page.evaluate("localStorage.getItem('rummy.pace')") == "0"
    page.reload()
    page.wait_for_selector(".table-screen")
    assert page.get_by_test_id("pace").input_value() == "0"
    # At once: the other seat's turn goes by with nothing paced and nothing moving.
    seen, discarded = the_other_seats_turn(page, table)
    assert not any(state["moving"] for state in seen), seen


def test_a_spectator_sees_the_moves_paced_and_then_the_table_as_the_server_has_it(
    open_page: OpenPage, server: str
) -> None:
    table = a_meld_for_the_other_seat(server)
    page = open_page(DESKTOP, paced=True)
    # A visitor with a player of their own, seated nowhere at this table: they watch.
    page.goto(f"{server}/")
    visitor = json.dumps(new_player(server))
    page.evaluate("player => localStorage.setItem('rummy.player', player)", visitor)
    page.goto(f"{server}/#/game/{table.game_id}")
    page.wait_for_selector(".table-screen .pile.stock")
    slowly(page)
    seen, discarded = the_other_seats_turn(page, table, f"{table.player['name']} to play")
    drawn, melded = first(seen, cards="11", melds=0), first(seen, cards="8", melds=1)
    thrown = first(seen, top=discarded)
    assert drawn < melded < thrown, seen
    assert seen[thrown]["at"] - seen[drawn]["at"] >= 2 * AT_LEAST_MS, seen
    # The last move's moment over, the queue drained: the server's view is drawn, the
    # table as the same visitor's fresh page draws it (waited for, not slept on).
    fresh = page.context.new_page()
    fresh.goto(f"{server}/#/game/{table.game_id}")
    fresh.wait_for_selector(".table-screen .pile.stock")
    servers = table_text(fresh)
    wait_until(page, lambda: table_text(page) == servers)


def test_a_discard_this_seat_may_knock_for_offers_the_knock_at_once(
    open_page: OpenPage, server: str
) -> None:
    """At a table that knocks, another seat's discard is drawn from the server's view,
    with Knock offered, not after the moves queued behind it: the window is short."""
    player = new_player(server)
    rules = {**FIRST_SEAT_ZERO, "knocking": True}
    table = Table(server, player, {"preset": "palace", "seats": humans(3), "rules": rules})
    page = open_page(DESKTOP, paced=True)
    open_table(page, server, player, table.game_id)
    slowly(page)
    table.draw_and_discard(0)
    page.locator("[data-testid=whose-turn]", has_text="Seat 2 · player to play").wait_for()
    page.evaluate(
        RECORD.replace(
            "moving:", "knock: !!document.querySelector('.you .actions button.primary'), moving:"
        )
    )
    discarded = table.draw_and_discard(1)
    knock = page.locator(".you .actions").get_by_role("button", name="Knock")
    knock.wait_for()
    seen: list[dict[str, Any]] = page.evaluate("window.seen")
    # Drawn once the turn passed (palace has two decks: the card under it may be the
    # same card, so the pile's top alone does not tell the discard was drawn).
    shown = [state for state in seen if "Seat 3" in state["whose"]]
    assert shown and all(state["knock"] and state["top"] == discarded for state in shown), seen


# Each sentence the live region says, with when it was said.
HEARD = """() => {
    window.heard = [];
    const listen = () => {
        const region = document.querySelector('[data-testid=announcer]');
        if (!region) return setTimeout(listen, 20);
        new MutationObserver(() => window.heard.push(
            { words: region.textContent, at: performance.now() },
        )).observe(region, { childList: true, characterData: true, subtree: true });
    };
    listen();
}"""


def test_a_screen_reader_hears_each_move_of_another_seat_at_the_pace_shown(
    open_page: OpenPage, server: str
) -> None:
    table, page = the_players_paced_table(open_page, server)
    slowly(page)
    page.evaluate(HEARD)
    _, discarded = the_other_seats_turn(page, table)
    heard: list[dict[str, Any]] = page.evaluate("window.heard")
    words = [said["words"] for said in heard]
    region = page.get_by_test_id("announcer")
    assert region.get_attribute("aria-live") == "polite"
    # One sentence per move, with the seat's name, in the order played.
    assert len(words) == 3, words
    assert all(said.startswith("Seat 2") for said in words), words
    assert "drew from the stock" in words[0] and " laid " in words[1], words
    assert "discarded" in words[2], words
    # Never a flood: each is left to be heard for the move's moment.
    assert heard[1]["at"] - heard[0]["at"] >= AT_LEAST_MS, heard
