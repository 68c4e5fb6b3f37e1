"""The page's Content-Security-Policy, as a browser enforces it: markup that ever reached
the page (say a player's name, were it written as HTML) could run no script, and no
other site can frame the table to steer a player's clicks. (Every other browser test
fails on anything the policy refuses: `open_page`.)"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from test_table import DESKTOP, play_now, refused_by_the_policy


@contextmanager
def _page_and_refusals(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page, and what its policy refused (the browser says so on the console)."""
    context = browser.new_context(viewport=DESKTOP)
    refused: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda message: refused_by_the_policy(message, refused))
        yield page, refused
    finally:
        context.close()


def test_markup_put_in_the_table_runs_nothing(browser: Any, server: str) -> None:
    with _page_and_refusals(browser) as (page, refused):
        play_now(page, server, "basic", 1)
        assert refused == []
        page.evaluate(
            """() => {
              const seats = document.querySelector('.seats');
              seats.insertAdjacentHTML('beforeend', '<img src="/x" onerror="window.ran = 1">');
              const script = document.createElement('script');
              script.textContent = 'window.ran = 2';
              document.body.append(script);
            }"""
        )
        page.wait_for_timeout(300)
        assert page.evaluate("window.ran") is None
        assert len(refused) == 2, refused


def test_another_site_cannot_frame_the_table(browser: Any, server: str) -> None:
    with _page_and_refusals(browser) as (page, refused):
        page.set_content(f'<iframe src="{server}/" width="600" height="400"></iframe>')
        page.wait_for_timeout(500)
        assert [text for text in refused if "frame-ancestors" in text], refused
        assert not page.frames[-1].locator("main").count()
