"""Every problem's `type` resolves, on the server that answered, to a page for its code."""

from __future__ import annotations

from urllib.parse import urljoin

from litestar import Litestar
from litestar.testing import TestClient

from service.app.errors import STATUS_BY_CODE


def test_a_problems_type_resolves_to_its_page(client: TestClient[Litestar]) -> None:
    refused = client.get("/games/0123456789abcdef0123456789abcdef")
    problem = refused.json()
    assert problem["code"] == "game_not_found"
    page = client.get(urljoin(str(refused.url), problem["type"]))
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"  # one charset
    assert "game_not_found" in page.text and "HTTP 404" in page.text
    assert "GET /games/{game_id}" in page.text  # an operation that answers it


def test_every_code_has_a_page_that_says_what_to_do(client: TestClient[Litestar]) -> None:
    for code, status in STATUS_BY_CODE.items():
        page = client.get(f"/problems/{code}")
        assert page.status_code == 200, code
        assert f"HTTP {status}." in page.text and "What to do</h2><p>" in page.text, code
        assert "What to do</h2><p></p>" not in page.text, code
    index = client.get("/problems")
    assert all(f"/problems/{code}" in index.text for code in STATUS_BY_CODE)


def test_a_code_that_is_no_problem_has_no_page(client: TestClient[Litestar]) -> None:
    missing = client.get("/problems/no_such_code")
    assert missing.status_code == 404
    assert missing.json()["code"] == "not_found"


def test_a_codes_page_lists_the_operations_whose_codes_include_it(
    client: TestClient[Litestar],
) -> None:
    # Every 503 of every operation once listed bots_busy; only the bots' suggestion answers it.
    page = client.get("/problems/bots_busy")
    assert "POST /bots/suggest" in page.text
    assert "POST /games/{game_id}/commands" not in page.text


def test_a_conflicts_page_promises_no_fact_its_problem_lacks(client: TestClient[Litestar]) -> None:
    # A seat taken names the seat, not the game's version: a client sent to read
    # `facts.current_version` there would find nothing.
    page = client.get("/problems/seat_taken").text
    assert "`facts.current_version` says" not in page
    assert "when the problem has it" in page


def test_a_given_back_seats_token_is_told_on_the_wrong_game_page(
    client: TestClient[Litestar],
) -> None:
    # A seat's token after its holder left the table answers 403 wrong_game
    # (service/app/seats.py), never 401 invalid_token.
    assert "given back" in client.get("/problems/wrong_game").text
    assert "changed hands" not in client.get("/problems/invalid_token").text
