"""An integer in a path is written as one, as in a query or a body.

A query's integers and every body's are digits only (`5.0`, `1e3`, `+5` and other
scripts' digits are a 400 `invalid_parameter` or `invalid_body`), but the paths'
integers went through Python's `int()`: `/games/{id}/seats/+1` acted on seat 1 and
`/games/{id}/states/٣` (Arabic-Indic three) served version 3, so a client's mangled
URL acted somewhere instead of being refused. A segment that is no integer at all
(`abc`, `1.5`) was a 404 `not_found`, as if the route did not exist: a 400 too.

An integer has one spelling: `/games/{id}/seats/01` claimed seat 1 and `/states/007`
served version 7 (and `-0` was 0), while the query refused `after=01`, with a detail
naming no parameter's rule ("Expected `int`, got `str`"), and took `after=-0`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from http_players import problem
from http_table import auth, create


@pytest.mark.parametrize("written", ["+1", "\u0661", "\uff11", " 1", "1_0", "01", "001", "-0"])
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/games/{game_id}/states/{n}"),
        ("POST", "/games/{game_id}/seats/{n}"),
        ("POST", "/games/{game_id}/seats/{n}/bot"),
        ("DELETE", "/games/{game_id}/seats/{n}"),
    ],
)
def test_a_path_integer_not_written_as_digits_is_refused(
    client: Any, written: str, method: str, path: str
) -> None:
    game = create(client, seed=2)
    url = path.format(game_id=game["game_id"], n=written)
    answer = client.request(method, url, headers=auth(game["tokens"]["1"]), json={"level": 2})
    problem(answer, 400, "invalid_parameter")


@pytest.mark.parametrize("written", ["abc", "1.5", "x1", "1e3", "-"])
@pytest.mark.parametrize(
    ("method", "path", "name"),
    [
        ("GET", "/games/{game_id}/states/{n}", "version"),
        ("POST", "/games/{game_id}/seats/{n}", "seat"),
        ("DELETE", "/games/{game_id}/seats/{n}", "seat"),
        ("POST", "/games/{game_id}/seats/{n}/bot", "seat"),
        ("DELETE", "/games/{game_id}/seats/{n}/bot", "seat"),
    ],
)
def test_a_path_integer_that_is_no_number_is_refused_as_one_out_of_range_is(
    client: Any, written: str, method: str, path: str, name: str
) -> None:
    game = create(client, seed=2)
    url = path.format(game_id=game["game_id"], n=written)
    answer = client.request(method, url, headers=auth(game["tokens"]["1"]))
    assert problem(answer, 400, "invalid_parameter")["facts"]["parameters"] == [name]
    # As `-1` is, by its range.
    out_of_range = client.request(method, path.format(game_id=game["game_id"], n="-1"))
    problem(out_of_range, 400, "invalid_parameter")


def test_a_path_with_a_doubled_slash_is_no_routes_whatever_its_integer(
    client: Any,
) -> None:
    # A path has one spelling (test_path_spelling.py): with a doubled slash it is not
    # found, whether its version is a number or not.
    game_id = create(client, seed=2)["game_id"]
    for path in (
        f"/games/{game_id}//states/1",
        f"/games/{game_id}//states/abc",
        f"/games//{game_id}/states/abc",
    ):
        problem(client.get(path), 404, "not_found")


def test_a_path_of_no_routes_shape_is_still_not_found(client: Any) -> None:
    game_id = create(client, seed=2)["game_id"]
    for path in (f"/games/{game_id}/statez/1", f"/games/{game_id}/states/abc/more", "/gamez/1"):
        problem(client.get(path), 404, "not_found")


@pytest.mark.parametrize(
    "path",
    [
        "/games/{game_id}/states/{n}",
        "/games/{game_id}/seats/{n}",
        "/games/{game_id}/seats/{n}/bot",
    ],
)
@pytest.mark.parametrize("method", ["OPTIONS", "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"])
def test_the_method_is_answered_before_the_path_integer(
    client: Any, method: str, path: str
) -> None:
    """OPTIONS gets its usual 204 with the route's methods, and a method the route does
    not take its 405, whether the path's integer is a number or not (`abc`): a method
    error wins over a parameter's, as on a path that parses."""
    game_id = create(client, seed=2)["game_id"]
    number = client.request(method, path.format(game_id=game_id, n="1"))
    if number.status_code not in (204, 405):
        return  # a method the route takes: the parameter's 400, the tests above
    word = client.request(method, path.format(game_id=game_id, n="abc"))
    assert (word.status_code, word.headers.get("allow")) == (
        number.status_code,
        number.headers.get("allow"),
    ), word.text
    if word.status_code == 405 and method != "HEAD":
        problem(word, 405, "method_not_allowed")


@pytest.mark.parametrize("written", ["01", "00", "-0", "-01"])
def test_a_query_or_header_integer_has_one_spelling_too(client: Any, written: str) -> None:
    game_id = create(client, seed=2)["game_id"]
    for name in ("after", "limit"):
        refused = client.get(f"/games/{game_id}/events?{name}={written}")
        body = problem(refused, 400, "invalid_parameter")
        assert (body["facts"]["parameters"], body["detail"]) == (
            [name],
            f"query parameter {name!r} must be an integer, not {written!r}",
        )
    lobby = problem(client.get(f"/games?offset={written}"), 400, "invalid_parameter")
    assert lobby["facts"]["parameters"] == ["offset"]
    resumed = client.get(f"/games/{game_id}/events/stream", headers={"Last-Event-ID": written})
    assert problem(resumed, 400, "invalid_parameter")["facts"]["parameters"] == ["last_event_id"]
    with client.websocket_connect(f"/games/{game_id}/live?after={written}") as socket:
        refused_live = json.loads(socket.receive_text())
    assert refused_live["problem"]["code"] == "invalid_parameter", refused_live
