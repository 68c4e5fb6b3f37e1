"""Live channels follow the seating, not the moment they opened (issue 27, item 1).

A channel opened by a seat's holder keeps serving after its seat changes hands
at a waiting table. Whatever the transport (long poll, SSE, WebSocket) and
however it authenticated (a token, a ticket), the events it serves from then
on are redacted for the seat its credential holds at them: the old holder of a
seat that someone else took, a bot took, or whose token was revoked (a seat
token gives its seat back) sees nothing of that seat's cards; a player whose
seat the start renumbered sees their own seat under its new number.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import anyio
import httpx
import pytest
import websockets.sync.client
from http_table import auth, check_no_leak, stored_log
from httpx_sse import connect_sse
from live_server import Server, serving_a_store

OPEN = {"kind": "human", "open": True}
# Generous: the machine is shared; a channel that sees its events returns long before.
BOUND_S = 60.0


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with serving_a_store() as served:
        yield served


def _http(server: Server) -> httpx.Client:
    return httpx.Client(base_url=server.base, timeout=BOUND_S)


def _ok(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    return response.json() if response.content else {}


def _player(http: httpx.Client, name: str) -> str:
    token: str = _ok(http.post("/players", json={"name": name}), 201)["token"]
    return token


def _watchers(http: httpx.Client, kind: str) -> int:
    for line in http.get("/metrics").text.splitlines():
        if line.startswith(f'rummy_live_watchers{{kind="{kind}"}}'):
            return int(line.split()[-1])
    raise AssertionError(f"no {kind} gauge")


# ------------------------------------------------------------------ channels
# Each opens (authenticates and serves its first event) before `opened` is set,
# then collects until it has served version `until[0]`.


class Channel(NamedTuple):
    got: list[dict[str, Any]]
    opened: threading.Event
    until: list[int]


def _credential(http: httpx.Client, game_id: str, token: str, ticket: bool) -> dict[str, Any]:
    if not ticket:
        return {"headers": auth(token), "params": {}}
    answer = _ok(http.post(f"/games/{game_id}/tickets", headers=auth(token)), 201)
    return {"headers": {}, "params": {"ticket": answer["ticket"]}}


def _done(channel: Channel) -> bool:
    return bool(channel.until and channel.got and channel.got[-1]["version"] >= channel.until[0])


def long_poll(server: Server, game_id: str, token: str, ticket: bool, channel: Channel) -> None:
    """One long poll, in flight when the seat's change begins (it wakes at the change's
    first event: a claim, a leave), then polls after it, each authenticated anew (a
    ticket is taken again: it opens one request)."""
    with _http(server) as http:
        before = _watchers(http, "long_poll")
        credential = _credential(http, game_id, token, ticket)
        served: list[dict[str, Any]] = []
        # The table as it waits (its claims are in the log): the poll waits for what comes.
        now = _ok(http.get(f"/games/{game_id}"), 200)["version"]

        def wait() -> None:
            page = http.get(
                f"/games/{game_id}/events",
                params={"after": now, "wait": 30, **credential["params"]},
                headers=credential["headers"],
            )
            served.extend(_ok(page, 200)["events"])

        waiter = threading.Thread(target=wait)
        waiter.start()
        deadline = time.monotonic() + BOUND_S
        with _http(server) as other:
            while _watchers(other, "long_poll") <= before and time.monotonic() < deadline:
                time.sleep(0.02)
        channel.opened.set()
        waiter.join(BOUND_S)
        channel.got.extend(served)
        # The rest after the first wake, as the same watcher would have gone on.
        after = served[-1]["version"] if served else now
        while not _done(channel) and time.monotonic() < deadline and served:
            if ticket:
                taken = http.post(f"/games/{game_id}/tickets", headers=auth(token))
                if taken.status_code != 201:
                    return  # a token that no longer opens the game: nothing more to serve
                credential = {"headers": {}, "params": {"ticket": taken.json()["ticket"]}}
            page = http.get(
                f"/games/{game_id}/events",
                params={"after": after, "wait": 5, **credential["params"]},
                headers=credential["headers"],
            )
            if page.status_code != 200:
                return  # a token that no longer opens the game: nothing more to serve
            channel.got.extend(page.json()["events"])
            after = page.json()["next_after"]


def server_sent_events(
    server: Server, game_id: str, token: str, ticket: bool, channel: Channel
) -> None:
    with _http(server) as http:
        credential = _credential(http, game_id, token, ticket)
        path = f"/games/{game_id}/events/stream"
        with connect_sse(http, "GET", path, **credential) as source:
            for message in source.iter_sse():
                if message.event == "end":
                    return
                if not message.data:
                    continue  # a keep-alive comment, as httpx-sse hands it over
                channel.got.append(message.json())
                channel.opened.set()
                if _done(channel):
                    return


def web_socket(server: Server, game_id: str, token: str, ticket: bool, channel: Channel) -> None:
    url = "ws" + server.base.removeprefix("http") + f"/games/{game_id}/live"
    if ticket:
        with _http(server) as http:
            url += "?ticket=" + _credential(http, game_id, token, True)["params"]["ticket"]
    with websockets.sync.client.connect(url, open_timeout=BOUND_S) as socket:
        if not ticket:
            socket.send(json.dumps({"token": token, "after": 0}))
        while not _done(channel):
            message = json.loads(socket.recv(timeout=BOUND_S))
            if message["type"] != "event":
                return
            channel.got.append(message["envelope"])
            channel.opened.set()


Open = Callable[[Server, str, str, bool, Channel], None]
CHANNELS = [
    pytest.param(long_poll, False, id="long_poll-token"),
    pytest.param(long_poll, True, id="long_poll-ticket"),
    pytest.param(server_sent_events, False, id="sse-token"),
    pytest.param(server_sent_events, True, id="sse-ticket"),
    pytest.param(web_socket, False, id="websocket-token"),
    pytest.param(web_socket, True, id="websocket-ticket"),
]


# ------------------------------------------------------------------ the seat's changes


class Table(NamedTuple):
    game_id: str
    host: str
    # A's token: the channel's credential.
    watcher: str
    # The seat A watches as at first.
    seat: int


def _open_table(http: httpx.Client, seats: int, watcher_claims: int, *, anonymous: bool) -> Table:
    host = _player(http, "Host")
    body = {"seats": [{"kind": "human"}] + [OPEN] * (seats - 1), "rules": {"game_end": "hands:1"}}
    game_id = _ok(http.post("/games", json=body, headers=auth(host)), 201)["game_id"]
    path = f"/games/{game_id}/seats/{watcher_claims}"
    if anonymous:
        # A seat token: the only key to its seat, revoked when the seat is given back.
        watcher = _ok(http.post(path), 201)["token"]
    else:
        watcher = _player(http, "A")
        _ok(http.post(path, headers=auth(watcher)), 201)
    return Table(game_id, host, watcher, watcher_claims)


def _start(http: httpx.Client, table: Table, fill: str) -> None:
    started = http.post(
        f"/games/{table.game_id}/start", json={"fill": fill}, headers=auth(table.host)
    )
    _ok(started, 200)


def _leave(http: httpx.Client, table: Table) -> None:
    left = http.delete(f"/games/{table.game_id}/seats/{table.seat}", headers=auth(table.watcher))
    assert left.status_code == 204, left.text
    view = http.get(f"/games/{table.game_id}/view", headers=auth(table.watcher))
    assert view.status_code in (401, 403), view.text


def _draw_as_turn(http: httpx.Client, game_id: str, tokens: dict[int, str]) -> None:
    """The seat to play draws from the stock, if it is a human seat whose token we hold."""
    turn = _ok(http.get(f"/games/{game_id}"), 200)["view"]["turn"]
    if turn in tokens:
        draw = {"type": "draw", "source": "stock"}
        _ok(http.post(f"/games/{game_id}/commands", json=draw, headers=auth(tokens[turn])), 200)


def _nudge(http: httpx.Client, table: Table, channel: Channel) -> None:
    """Tell the channel where to stop, then append an event past everything so far
    (the host hands its seat to a bot): a channel already past the last event it was
    waiting for when told wakes for this one, and stops."""
    version = _ok(http.get(f"/games/{table.game_id}"), 200)["version"]
    channel.until.append(version + 1)
    handed = http.post(
        f"/games/{table.game_id}/seats/0/bot", json={"level": 1}, headers=auth(table.host)
    )
    _ok(handed, 200)


class Case(NamedTuple):
    # (http, table) -> the table; the channel is open while `change` runs.
    table: Callable[[httpx.Client], Table]
    change: Callable[[httpx.Client, Table], dict[int, str]]
    # The seat the watcher holds after the change (None: none, it sees what a spectator sees).
    seat_after: int | None
    # The watcher's credential opens the game no more after the change (a seat token
    # given back): a long poll serves the change's first event, then is refused.
    revoked: bool = False


def _taken_by_another(http: httpx.Client, table: Table) -> dict[int, str]:
    _leave(http, table)
    newcomer = _player(http, "V")
    _ok(http.post(f"/games/{table.game_id}/seats/1", headers=auth(newcomer)), 201)
    _start(http, table, "bots")
    return {0: table.host, 1: newcomer}


def _given_to_a_bot(http: httpx.Client, table: Table) -> dict[int, str]:
    _leave(http, table)
    _start(http, table, "bots")
    return {0: table.host}


def _renumbered(http: httpx.Client, table: Table) -> dict[int, str]:
    # Seat 3's player moves into seat 2; the watcher, in seat 2, moves to seat 1.
    mover = _player(http, "M")
    _ok(http.post(f"/games/{table.game_id}/seats/3", headers=auth(mover)), 201)
    _start(http, table, "remove")
    return {0: table.host, 1: table.watcher, 2: mover}


CASES = [
    pytest.param(
        Case(lambda http: _open_table(http, 3, 1, anonymous=False), _taken_by_another, None),
        id="leave",
    ),
    pytest.param(
        Case(lambda http: _open_table(http, 4, 2, anonymous=False), _renumbered, 1),
        id="remove-and-renumber",
    ),
    pytest.param(
        Case(lambda http: _open_table(http, 3, 1, anonymous=False), _given_to_a_bot, None),
        id="handed-to-a-bot",
    ),
    pytest.param(
        Case(
            lambda http: _open_table(http, 3, 1, anonymous=True),
            _taken_by_another,
            None,
            revoked=True,
        ),
        id="token-revoked",
    ),
]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(("open_channel", "ticket"), CHANNELS)
def test_a_channel_shows_the_seat_its_credential_holds_at_each_event(
    server: Server, open_channel: Open, ticket: bool, case: Case
) -> None:
    with _http(server) as http:
        table = case.table(http)
        channel = Channel(got=[], opened=threading.Event(), until=[])
        follower = threading.Thread(
            target=open_channel, args=(server, table.game_id, table.watcher, ticket, channel)
        )
        follower.start()
        assert channel.opened.wait(BOUND_S), "the channel did not open"
        tokens = case.change(http, table)
        _draw_as_turn(http, table.game_id, tokens)
        _nudge(http, table, channel)
        follower.join(BOUND_S)
        assert not follower.is_alive(), "the channel did not serve the events"
        log = anyio.run(stored_log, server.store, table.game_id)
    types = [raw["event"]["type"] for raw in channel.got]
    # A long poll is authenticated anew after the change's first event: one whose
    # credential opens the game no more (a seat token given back) is refused from
    # there on; a player's token, or a ticket it takes, watches on from no seat.
    if open_channel is long_poll and case.revoked:
        assert types == ["seat_left"], types
    else:
        assert "hand_dealt" in types, types
    after_opening = [raw for raw in channel.got if raw["version"] > 1]
    check_no_leak(log, after_opening, case.seat_after, log[-1].version)


def test_a_player_renumbered_by_the_start_sees_their_own_hand(server: Server) -> None:
    """Following the seat, not only hiding it: the moved player's own cards show."""
    with _http(server) as http:
        table = _open_table(http, 4, 2, anonymous=False)
        channel = Channel(got=[], opened=threading.Event(), until=[])
        follower = threading.Thread(
            target=server_sent_events, args=(server, table.game_id, table.watcher, True, channel)
        )
        follower.start()
        assert channel.opened.wait(BOUND_S)
        _renumbered(http, table)
        _nudge(http, table, channel)
        follower.join(BOUND_S)
    [dealt] = [raw for raw in channel.got if raw["event"]["type"] == "hand_dealt"]
    hands = dealt["event"]["hands"]
    assert [hand is not None for hand in hands] == [False, True, False]
    with _http(server) as http:
        view = _ok(http.get(f"/games/{table.game_id}/view", headers=auth(table.watcher)), 200)
    assert view["seat"] == 1 and sorted(hands[1]) == sorted(view["hand"])
