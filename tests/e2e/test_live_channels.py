"""Live channels: long poll, server-sent events and the WebSocket serve one event stream.

One suite over the three transports, through real clients on a real server:
httpx for the long poll, httpx-sse (with a ticket) for SSE, `websockets` for
the WebSocket. Each must resume without gaps or repeats, redact as the
viewer may see, and end at the game's end.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import anyio
import httpx
import pytest
import websockets.sync.client
from http_table import auth, check_no_leak, finish, stored_log
from httpx_sse import connect_sse
from live_server import Server, serving_a_store
from websockets.exceptions import ConnectionClosed, ConnectionClosedOK

from service.http import routes_events
from service.runtime.settings import Settings

# Long (many live channels, each waited on): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow


class Followed(NamedTuple):
    envelopes: list[dict[str, Any]]
    ended: bool


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with serving_a_store() as served:
        yield served


def _http(server: Server) -> httpx.Client:
    return httpx.Client(base_url=server.base, timeout=30)


def _create(server: Server, *, private_log: bool = False, **rules: Any) -> dict[str, Any]:
    body = {
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "seed": 5,
        "rules": {"game_end": "hands:1", **rules},
        "private_log": private_log,
    }
    with _http(server) as http:
        response = http.post("/games", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _finish(server: Server, game: dict[str, Any], seed: int) -> int:
    with _http(server) as http:
        return finish(http, game, seed)


# ------------------------------------------------------------------ transports


def long_poll(
    server: Server, game_id: str, token: str | None, after: int, take: int | None = None
) -> Followed:
    got: list[dict[str, Any]] = []
    with _http(server) as http:
        for _ in range(1000):
            page = http.get(
                f"/games/{game_id}/events",
                params={"after": after, "wait": 5, "limit": 7},
                headers=auth(token) if token else {},
            ).json()
            got += page["events"]
            after = page["next_after"]
            if take is not None and len(got) >= take:
                return Followed(got[:take], False)
            if page["ended"]:
                return Followed(got, True)
    raise AssertionError("the long poll never ended")


def server_sent_events(
    server: Server, game_id: str, token: str | None, after: int, take: int | None = None
) -> Followed:
    got: list[dict[str, Any]] = []
    with _http(server) as http:
        params: dict[str, Any] = {"after": after}
        if token is not None:
            # What a browser's EventSource does: it cannot send the token as a header.
            ticket = http.post(f"/games/{game_id}/tickets", headers=auth(token))
            assert ticket.status_code == 201, ticket.text
            params["ticket"] = ticket.json()["ticket"]
        with connect_sse(http, "GET", f"/games/{game_id}/events/stream", params=params) as source:
            for message in source.iter_sse():
                if message.event == "end":
                    assert json.loads(message.data) == {"version": got[-1]["version"]}
                    return Followed(got, True)
                assert message.event == "message"  # unnamed: EventSource's onmessage
                envelope = message.json()
                assert message.id == str(envelope["version"])
                got.append(envelope)
                if take is not None and len(got) >= take:
                    return Followed(got, False)
    return Followed(got, False)


def web_socket(
    server: Server, game_id: str, token: str | None, after: int, take: int | None = None
) -> Followed:
    got: list[dict[str, Any]] = []
    url = "ws" + server.base.removeprefix("http") + f"/games/{game_id}/live"
    # max_queue=None: a client that stops reading early must still read the server's
    # close frame behind the events it left, or its close waits out close_timeout.
    with websockets.sync.client.connect(url, open_timeout=10, max_queue=None) as socket:
        # Without a ticket in the URL, the first message says who is watching.
        socket.send(json.dumps({"token": token, "after": after}))
        while True:
            message = json.loads(socket.recv(timeout=30))
            if message["type"] == "end":
                with pytest.raises(ConnectionClosedOK):
                    socket.recv(timeout=10)
                return Followed(got, True)
            assert message["type"] == "event", message
            got.append(message["envelope"])
            if take is not None and len(got) >= take:
                return Followed(got, False)


Transport = Callable[..., Followed]
TRANSPORTS = [
    pytest.param(long_poll, id="long_poll"),
    pytest.param(server_sent_events, id="sse"),
    pytest.param(web_socket, id="websocket"),
]


def _versions(followed: Followed) -> list[int]:
    return [envelope["version"] for envelope in followed.envelopes]


# ------------------------------------------------------------------ one suite, three transports


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_follower_from_the_start_gets_every_event_live_then_the_end(
    server: Server, transport: Transport
) -> None:
    game = _create(server, reveal_after_hand=False)
    results: list[Followed] = []
    follower = threading.Thread(
        target=lambda: results.append(transport(server, game["game_id"], game["tokens"]["1"], 0))
    )
    follower.start()
    last = _finish(server, game, seed=3)
    follower.join(timeout=60)
    assert not follower.is_alive(), "the follower did not stop at the game's end"
    [followed] = results
    assert followed.ended
    assert _versions(followed) == list(range(1, last + 1))


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_resuming_from_the_last_version_seen_has_no_gap_and_no_repeat(
    server: Server, transport: Transport
) -> None:
    game = _create(server)
    last = _finish(server, game, seed=4)
    token = game["tokens"]["0"]
    first = transport(server, game["game_id"], token, 0, take=10)
    rest = transport(server, game["game_id"], token, first.envelopes[-1]["version"])
    assert not first.ended and rest.ended
    assert _versions(first) + _versions(rest) == list(range(1, last + 1))


@pytest.mark.parametrize("viewer", [None, 0, 1], ids=["spectator", "seat0", "seat1"])
@pytest.mark.parametrize("transport", TRANSPORTS)
def test_each_viewer_sees_only_what_it_may(
    server: Server, transport: Transport, viewer: int | None
) -> None:
    # A private log: its finished game's hidden cards stay its seats' (a spectator
    # sees every draw from the stock redacted), the same on every channel.
    game = _create(server, private_log=True, reveal_after_hand=False)
    last = _finish(server, game, seed=6)
    token = None if viewer is None else game["tokens"][str(viewer)]
    followed = transport(server, game["game_id"], token, 0)
    log = anyio.run(stored_log, server.store, game["game_id"])
    assert followed.ended and _versions(followed) == list(range(1, last + 1))
    check_no_leak(log, followed.envelopes, viewer, last, private_log=True)
    hidden = [
        envelope
        for envelope in followed.envelopes
        if envelope["event"]["type"] == "cards_drawn" and envelope["event"]["cards"] is None
    ]
    # A seat of the finished game sees it whole; a spectator none of its hidden cards.
    assert bool(hidden) == (viewer is None), "the stock's draws are hidden from spectators only"


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_follower_of_a_game_it_has_read_whole_is_told_at_once_that_it_ended(
    server: Server, transport: Transport
) -> None:
    game = _create(server)
    last = _finish(server, game, seed=7)
    if transport is server_sent_events:
        # EventSource stops reconnecting on a 204 only.
        with _http(server) as http:
            response = http.get(
                f"/games/{game['game_id']}/events/stream", headers={"Last-Event-ID": str(last)}
            )
        assert response.status_code == 204 and response.content == b""
        return
    followed = transport(server, game["game_id"], None, last)
    assert followed == Followed([], True)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_follower_one_event_short_of_the_end_gets_that_event_then_the_end(
    server: Server, transport: Transport
) -> None:
    # The game's last event (deck_revealed, after game_ended) was lost to an event
    # stream resumed just before it: it answered 204.
    game = _create(server)
    last = _finish(server, game, seed=8)
    followed = transport(server, game["game_id"], None, last - 1)
    assert [envelope["version"] for envelope in followed.envelopes] == [last]
    assert followed.ended


def test_the_end_names_the_games_last_version_whatever_was_asked_past_it(
    server: Server,
) -> None:
    game = _create(server)
    last = _finish(server, game, seed=9)
    url = "ws" + server.base.removeprefix("http") + f"/games/{game['game_id']}/live"
    # max_queue=None: a client that stops reading early must still read the server's
    # close frame behind the events it left, or its close waits out close_timeout.
    with websockets.sync.client.connect(url, open_timeout=10, max_queue=None) as socket:
        socket.send(json.dumps({"after": last + 5}))
        assert json.loads(socket.recv(timeout=30)) == {"type": "end", "version": last}


def test_resuming_past_the_log_of_a_game_in_play_is_refused_on_every_channel(
    server: Server,
) -> None:
    # Before, each channel waited for versions the game had already had: the long poll
    # answered empty pages for good, SSE and the WebSocket stayed silent.
    game = _create(server)
    game_id, version = game["game_id"], game["version"]
    with _http(server) as http:
        polled = http.get(f"/games/{game_id}/events", params={"after": version + 5, "wait": 5})
        assert polled.status_code == 409, polled.text
        assert polled.json()["code"] == "after_beyond_log"
        assert polled.json()["facts"] == {"version": version}
        resumed = http.get(
            f"/games/{game_id}/events/stream", headers={"Last-Event-ID": str(version + 1)}
        )
        assert resumed.status_code == 409 and resumed.json()["code"] == "after_beyond_log"
        # At the log's end it is an ordinary wait.
        assert http.get(f"/games/{game_id}/events", params={"after": version}).status_code == 200
    url = "ws" + server.base.removeprefix("http") + f"/games/{game_id}/live"
    with websockets.sync.client.connect(url, open_timeout=10) as socket:
        socket.send(json.dumps({"after": version + 1}))
        refused = json.loads(socket.recv(timeout=30))
        assert refused["problem"]["code"] == "after_beyond_log"
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4409


# ------------------------------------------------------------------ one transport each


def test_an_idle_stream_sends_comment_lines_only(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(routes_events, "IDLE_S", 0.1)
    game = _create(server)
    with (
        _http(server) as http,
        http.stream("GET", f"/games/{game['game_id']}/events/stream?after={game['version']}") as r,
    ):
        lines: list[str] = []
        for line in r.iter_lines():
            lines.append(line)
            if len(lines) >= 6:
                break
    # Two keep-alives, each a comment and a blank line: nothing a client delivers as a message.
    assert lines == [": keep-alive", ""] * 3


def test_an_idle_stream_gives_httpx_sse_nothing_to_parse(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(routes_events, "IDLE_S", 0.05)
    game = _create(server)
    token = game["tokens"]["0"]
    results: list[Followed] = []
    follower = threading.Thread(
        target=lambda: results.append(
            server_sent_events(server, game["game_id"], token, game["version"], take=1)
        )
    )
    follower.start()
    # Many keep-alives pass before the next event; each would be an empty message if framed wrong.
    threading.Event().wait(0.5)
    with _http(server) as http:
        view = http.get(f"/games/{game['game_id']}/view", headers=auth(token)).json()
        turn_token = game["tokens"][str(view["turn"])]
        turn_view = http.get(f"/games/{game['game_id']}/view", headers=auth(turn_token)).json()
        http.post(
            f"/games/{game['game_id']}/commands",
            json=turn_view["legal_commands"][0],
            headers=auth(turn_token),
        )
    follower.join(timeout=30)
    [followed] = results
    assert _versions(followed) == [game["version"] + 1]


def test_a_ticket_opens_one_stream_once(server: Server) -> None:
    game = _create(server)
    game_id = game["game_id"]
    with _http(server) as http:
        ticket = http.post(f"/games/{game_id}/tickets", headers=auth(game["tokens"]["0"])).json()
        assert ticket["expires_in_s"] == 60
        last = _finish(server, game, seed=8)
        path = f"/games/{game_id}/events/stream"
        with connect_sse(http, "GET", path, params={"ticket": ticket["ticket"]}) as source:
            names = [message.event for message in source.iter_sse()]
        assert names == ["message"] * last + ["end"]
        again = http.get(path, params={"ticket": ticket["ticket"]})
        assert again.status_code == 401 and again.json()["code"] == "invalid_ticket"
        other = _create(server)
        foreign = http.post(
            f"/games/{other['game_id']}/tickets", headers=auth(other["tokens"]["0"])
        ).json()["ticket"]
        wrong = http.get(path, params={"ticket": foreign})
        assert wrong.status_code == 403 and wrong.json()["code"] == "wrong_game"
        spectator = http.post(f"/games/{game_id}/tickets")
        assert spectator.status_code == 401 and spectator.json()["code"] == "missing_token"


def test_a_web_socket_takes_a_ticket_in_its_url_and_refuses_a_bad_one(server: Server) -> None:
    game = _create(server)
    game_id = game["game_id"]
    last = _finish(server, game, seed=9)
    with _http(server) as http:
        ticket = http.post(f"/games/{game_id}/tickets", headers=auth(game["tokens"]["1"])).json()
    url = "ws" + server.base.removeprefix("http") + f"/games/{game_id}/live"
    with websockets.sync.client.connect(f"{url}?ticket={ticket['ticket']}&after={last - 1}") as ws:
        messages = [json.loads(ws.recv(timeout=10)) for _ in range(2)]
    assert [message["type"] for message in messages] == ["event", "end"]
    assert messages[0]["envelope"]["version"] == last
    with websockets.sync.client.connect(f"{url}?ticket={ticket['ticket']}") as ws:
        refused = json.loads(ws.recv(timeout=10))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert refused["type"] == "error" and refused["problem"]["code"] == "invalid_ticket"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_a_long_poll_page_says_where_to_resume(server: Server) -> None:
    game = _create(server)
    last = _finish(server, game, seed=10)
    with _http(server) as http:
        path = f"/games/{game['game_id']}/events"
        first = http.get(path, params={"after": 0, "limit": 5}).json()
        tail = http.get(path, params={"after": last - 2, "limit": 5}).json()
    assert [e["version"] for e in first["events"]] == [1, 2, 3, 4, 5]
    assert (first["next_after"], first["has_more"], first["ended"]) == (5, True, False)
    assert [e["version"] for e in tail["events"]] == [last - 1, last]
    assert (tail["next_after"], tail["has_more"], tail["ended"]) == (last, False, True)


def test_a_private_tables_stream_in_play_opens_with_its_code_only(server: Server) -> None:
    # The stream of a game in progress does not end: the first event shows it opened.
    body = {"seats": [{"kind": "human"}] * 2, "seed": 5, "private": True}
    with _http(server) as http:
        created = http.post("/games", json=body)
        assert created.status_code == 201, created.text
        game = created.json()
        path = f"/games/{game['game_id']}/events/stream"
        refused = http.get(path, params={"invite": "wrong"})
        assert (refused.status_code, refused.json()["code"]) == (404, "game_not_found")
        with connect_sse(http, "GET", path, params={"invite": game["invite_code"]}) as source:
            messages = source.iter_sse()
            shown = [next(messages).json() for _ in range(game["version"])]
    assert [envelope["version"] for envelope in shown] == list(range(1, game["version"] + 1))
    # The code makes a spectator: the deal shows no seat's hand and no deck.
    deal = shown[-1]["event"]
    assert deal["type"] == "hand_dealt" and deal["deck"] is None
    assert deal["hands"] == [None, None]


def _refused_on_live(url: str, hello: dict[str, Any] | None) -> tuple[dict[str, Any], int]:
    """The `error` message and the close code a live socket ends with."""
    with websockets.sync.client.connect(url) as ws:
        if hello is not None:
            ws.send(json.dumps(hello))
        refused = json.loads(ws.recv(timeout=10))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    return refused, closed.value.rcvd.code


_BAD_AFTERS = [18446744073709551615, 2**31 + 1, -1, 1.5, "3", True]


@pytest.mark.parametrize("after", _BAD_AFTERS)
def test_a_web_socket_hello_with_a_bad_after_is_closed_with_4400(
    server: Server, after: object
) -> None:
    game = _create(server)
    url = "ws" + server.base.removeprefix("http") + f"/games/{game['game_id']}/live"
    refused, code = _refused_on_live(url, {"token": game["tokens"]["1"], "after": after})
    assert (refused["problem"]["status"], code) == (400, 4400), refused


@pytest.mark.parametrize(
    "after", ["18446744073709551615", "2147483649", "-1", "1.5", "1e3", "true", "x", "%223%22"]
)
def test_a_web_socket_url_with_a_bad_after_is_closed_with_4400(server: Server, after: str) -> None:
    game = _create(server)
    game_id = game["game_id"]
    with _http(server) as http:
        ticket = http.post(f"/games/{game_id}/tickets", headers=auth(game["tokens"]["1"])).json()
    url = "ws" + server.base.removeprefix("http") + f"/games/{game_id}/live"
    refused, code = _refused_on_live(f"{url}?ticket={ticket['ticket']}&after={after}", None)
    assert (refused["problem"]["code"], code) == ("invalid_parameter", 4400), refused


def test_a_web_socket_that_fails_unexpectedly_is_logged_and_closed_with_4500(
    server: Server, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the feed broke")

    monkeypatch.setattr(routes_events, "follow", broken)
    game = _create(server)
    url = "ws" + server.base.removeprefix("http") + f"/games/{game['game_id']}/live"
    with caplog.at_level("ERROR", logger=routes_events.__name__):
        refused, code = _refused_on_live(url, {"token": game["tokens"]["1"]})
    assert (refused["problem"]["code"], code) == ("internal_error", 4500)
    assert any(
        "live channel of game" in record.getMessage() and record.exc_info
        for record in caplog.records
    )


def test_a_web_socket_message_larger_than_a_body_may_be_is_refused_unread(
    server: Server,
) -> None:
    # A body is at most 64 KiB (413 past it); a socket's messages were read up to
    # uvicorn's 16 MiB each, however many a client sent.
    game = _create(server)
    url = "ws" + server.base.removeprefix("http") + f"/games/{game['game_id']}/live"
    padded = {"token": game["tokens"]["1"], "invite": "x" * (Settings().max_body_bytes + 1)}
    with websockets.sync.client.connect(url, max_size=None) as ws:
        ws.send(json.dumps(padded))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 1009  # message too big


def test_a_web_socket_message_within_the_body_limit_is_read(server: Server) -> None:
    game = _create(server)
    url = "ws" + server.base.removeprefix("http") + f"/games/{game['game_id']}/live"
    padded = {"token": game["tokens"]["1"], "invite": "x" * (Settings().max_body_bytes - 100)}
    with websockets.sync.client.connect(url) as ws:
        ws.send(json.dumps(padded))
        first = json.loads(ws.recv(timeout=10))
    assert first["type"] == "event", first
