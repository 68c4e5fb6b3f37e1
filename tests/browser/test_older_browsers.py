"""The table follows a game live in a browser without `AbortSignal.any` (Safari before
17.4, older phones): the page joins its abort signals itself there."""

from __future__ import annotations

from table_setup import Table, humans, new_player, open_table
from test_table import DESKTOP, OpenPage, open_page

__all__ = ["open_page"]  # the fixture, shared with test_table

TOP_OF_DISCARDS = (
    "() => [...document.querySelectorAll('.pile.discard .pile-cards .card')]"
    ".at(-1)?.dataset.card ?? null"
)


def test_a_browser_without_abort_signal_any_follows_the_other_seats_moves(
    open_page: OpenPage, server: str
) -> None:
    player = new_player(server)
    table = Table(server, player, {"preset": "basic", "seats": humans(2)})
    page = open_page(DESKTOP)
    page.add_init_script("delete AbortSignal.any")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_table(page, server, player, table.game_id)
    assert page.evaluate("typeof AbortSignal.any") == "undefined"
    for _ in range(2):
        discarded = table.draw_and_discard(table.view(0)["turn"])
        page.wait_for_function(f"card => ({TOP_OF_DISCARDS})() === card", arg=discarded)
    assert errors == []


def test_the_joined_signal_aborts_with_either_of_its_signals(
    open_page: OpenPage, server: str
) -> None:
    page = open_page(DESKTOP)
    page.add_init_script("delete AbortSignal.any")
    page.goto(f"{server}/")
    aborted = page.evaluate(
        """async () => {
            const { anySignal } = await import('./web/signals.js');
            const results = [];
            for (const which of [0, 1]) {
                const controllers = [new AbortController(), new AbortController()];
                const joined = anySignal(controllers.map((controller) => controller.signal));
                const before = joined.aborted;
                controllers[which].abort('gone');
                results.push([before, joined.aborted, joined.reason]);
            }
            const done = new AbortController();
            done.abort('already');
            const early = anySignal([done.signal, new AbortController().signal]);
            results.push([false, early.aborted, early.reason]);
            return results;
        }"""
    )
    assert aborted == [[False, True, "gone"], [False, True, "gone"], [False, True, "already"]]
