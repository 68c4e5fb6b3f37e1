"""A boolean in a query is written `true` or `false`, as JSON and the OpenAPI document
write it.

Litestar read `1`, `0`, `True` and even `null` as booleans: `?rated=1` and
`?rated=True` filtered the lobby as `?rated=true` did, and `?rated=null` quietly
filtered nothing, so one filter had many names and a typo went unseen."""

from __future__ import annotations

from typing import Any

import pytest
from http_players import problem


@pytest.mark.parametrize("written", ["1", "0", "True", "FALSE", "null", "yes", "", "t"])
@pytest.mark.parametrize("name", ["rated", "open_seats"])
def test_a_lobby_filter_is_true_or_false_exactly(client: Any, name: str, written: str) -> None:
    refused = problem(client.get(f"/games?{name}={written}"), 400, "invalid_parameter")
    assert refused["facts"]["parameters"] == [name]
    assert refused["detail"] == f"query parameter {name!r} must be true or false, not {written!r}"


@pytest.mark.parametrize("written", ["true", "false"])
def test_true_and_false_filter_the_lobby(client: Any, written: str) -> None:
    for name in ("rated", "open_seats"):
        assert client.get(f"/games?{name}={written}").status_code == 200


def test_an_imports_private_log_flag_is_true_or_false_exactly(client: Any) -> None:
    # Refused before the body is read: the log need not be one.
    refused = client.post("/games/import?private_log=1", content=b"{}")
    assert problem(refused, 400, "invalid_parameter")["facts"]["parameters"] == ["private_log"]
