"""A table nobody joined in time shows as expired in its creator's tables, and the
creator puts it away from its screen (before, it stayed first in their tables as
"waiting for players", and its screen offered them nothing but a dead table)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from table_setup import keep_player, new_player, waiting_table_of
from test_table import DESKTOP, OpenPage, open_page

from service.http.rate_limits import LIMITS_OFF
from service.runtime.children import stop_child
from service.tools.serve_process import free_port, start_serve, wait_healthy

__all__ = ["open_page"]  # the fixture, shared with test_table

EXPIRES_AFTER_S = 1.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`rummy serve` whose waiting tables expire after EXPIRES_AFTER_S (this module's
    own: `open_page` checks every request goes to it)."""
    folder = tmp_path_factory.mktemp("serve-expiring")
    port, log = free_port(), folder / "serve.log"
    settings = LIMITS_OFF | {"WAITING_TABLE_TTL_S": str(EXPIRES_AFTER_S)}
    process = start_serve(port, log, "--data-dir", str(folder / "data"), extra_env=settings)
    try:
        wait_healthy(process, f"http://127.0.0.1:{port}/health", log)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_child(process, 20)


def test_the_creator_sees_the_table_expired_and_removes_it(
    open_page: OpenPage, server: str
) -> None:
    player = new_player(server)
    waiting_table_of(server, player)
    made_at = time.time()
    time.sleep(EXPIRES_AFTER_S * 1.5)  # past its expiry (a lower bound, whatever the load)
    page = open_page(DESKTOP)
    # What the page was told, with when it asked: said if the list is not what it should be
    # (this failed once in a loaded run, as "waiting for players", and never alone).
    answers: list[tuple[float, str]] = []
    page.on(
        "response",
        lambda answer: (
            answers.append((time.time(), answer.text()))
            if "/players/me/games" in answer.url
            else None
        ),
    )
    keep_player(page, server, player)
    page.goto(f"{server}/#/")
    listed = page.locator(".game-list a")
    listed.first.wait_for()
    shown = listed.first.text_content()
    assert "expired" in shown, (shown, made_at, answers)
    listed.first.click()
    waiting = page.get_by_test_id("waiting")
    waiting.wait_for()
    assert waiting.locator("h1").text_content() == "Expired · basic"
    assert "it has expired" in waiting.text_content()
    page.get_by_role("button", name="Remove from my tables").click()
    page.wait_for_function("() => location.hash === '#/'")
    mine = httpx.get(
        f"{server}/players/me/games", headers={"authorization": f"Bearer {player['token']}"}
    )
    assert mine.json()["games"] == []
