"""The league a newcomer can join (issue 31): one finished game against a bot puts a new
visitor on the leaderboard, and the lobby tags "rated" only the tables that can count."""

from __future__ import annotations

import pytest
from table_setup import Table, new_player, open_table, pack, stacked_deck
from test_table import DESKTOP, OpenPage, open_page, play_my_turn, wait_for_my_turn

__all__ = ["open_page"]  # the fixture, shared with test_table

# The page's turns in one hand of basic against one bot, at most (the stock runs out first).
MAX_TURNS = 100
ONE_HAND_AGAINST_A_BOT = {
    "preset": "basic",
    "seats": [{"kind": "human"}, {"kind": "bot", "level": 3}],
    "rules": {"game_end": "hands:1"},
}


def test_a_newcomer_is_on_the_leaderboard_after_one_game_against_a_bot(
    open_page: OpenPage, server: str
) -> None:
    player = new_player(server)
    table = Table(server, player, ONE_HAND_AGAINST_A_BOT)
    page = open_page(DESKTOP)
    open_table(page, server, player, table.game_id)
    # Bounded by turns, not time: a busy machine plays slower, never less.
    for _turn in range(MAX_TURNS):
        if page.get_by_test_id("game-over").count():
            break
        wait_for_my_turn(page)
        if not page.get_by_test_id("hand-end").count():
            play_my_turn(page)
    else:
        pytest.fail(f"the game did not end in {MAX_TURNS} turns")
    league = page.get_by_test_id("league-result")
    league.get_by_role("heading", name="League: basic").wait_for(timeout=30_000)
    league.get_by_role("link", name="The leaderboard →").click()
    board = page.get_by_test_id("leaderboard")
    board.wait_for()
    names = board.locator("tbody th").all_text_contents()
    assert player["name"] in names and "Level 3 bot" in names


def test_the_lobby_tags_rated_only_the_tables_that_can_count(
    open_page: OpenPage, server: str
) -> None:
    player = new_player(server)
    against_a_bot = Table(server, player, ONE_HAND_AGAINST_A_BOT)
    cards = pack()
    stacked = Table(
        server, player, {**ONE_HAND_AGAINST_A_BOT, "deck": stacked_deck(cards, [[], []], 10)}
    )
    training = Table(server, player, {**ONE_HAND_AGAINST_A_BOT, "rules": {"rated": False}})
    page = open_page(DESKTOP)
    page.goto(f"{server}/#/lobby")
    page.get_by_role("button", name="Playing").click()

    def entry(table: Table) -> str:
        row = page.locator("[data-testid=lobby] li").filter(
            has=page.locator(f'a[href="#/game/{table.game_id}"]')
        )
        row.wait_for()
        return str(row.locator("span").first.text_content())

    assert entry(against_a_bot).endswith("· rated")
    assert "1 bot" in entry(against_a_bot) and "1 bots" not in entry(against_a_bot)
    for table in (stacked, training):
        assert "rated" not in entry(table)


def test_a_leaderboard_link_with_a_broken_escape_shows_the_board_not_a_blank_page(
    open_page: OpenPage, server: str
) -> None:
    # `#/leaderboard/%` (a link cut short, a typo) threw URIError in the page's router:
    # the screen stayed blank, and every later link of the page did nothing.
    page = open_page(DESKTOP)
    page.goto(f"{server}/#/leaderboard/%E0%A4%A")
    screen = page.locator(".leaderboard-screen")
    screen.get_by_role("heading", name="Leaderboard · %E0%A4%A").wait_for()
    screen.get_by_role("alert").wait_for()  # no such ladder, said
    page.evaluate("location.hash = '#/leaderboard/duel'")
    page.get_by_role("heading", name="Leaderboard · duel").wait_for()
