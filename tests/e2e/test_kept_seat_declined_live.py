"""A player who declines the seat a private rematch keeps for them watches that table
no more: a channel they opened while the seat was kept (with their player token, no
code) ends at the table's 404, as one of a seat given back does. Before, a channel
opened from no seat was a spectator's for good: the declined player went on watching
a private table that, asked again, they may not see. The same when the host starts
without them; and a channel they opened before claiming the seat shows them their own
hand once they do."""

from __future__ import annotations

from typing import Any

from http_players import problem
from http_table import auth
from test_private_rematch_reads import private_rematch


def _private_rematch(client: Any) -> tuple[str, str, str]:
    """(rematch id, the host's player token, the guest's player token): a seat is kept
    for the guest."""
    _, rematch, host, guest = private_rematch(client)
    return rematch, host["token"], guest["token"]


def _opened_on_the_kept_seat(socket: Any, guest: str) -> None:
    socket.send_json({"token": guest})
    seen = [socket.receive_json()["envelope"]["event"]["type"] for _ in range(2)]
    assert seen == ["game_started", "seat_reserved"]


def _ended_at_the_tables_404(last: dict[str, Any]) -> None:
    assert last["type"] == "error", last
    assert last["problem"]["code"] == "game_not_found"


def test_a_socket_opened_on_a_kept_seat_closes_when_it_is_declined(client: Any) -> None:
    rematch, _, guest = _private_rematch(client)
    with client.websocket_connect(f"/games/{rematch}/live") as socket:
        _opened_on_the_kept_seat(socket, guest)
        declined = client.delete(f"/games/{rematch}/seats/1", headers=auth(guest))
        assert declined.status_code == 204, declined.text
        last: dict[str, Any] = socket.receive_json()
    # Asked again, the table is not theirs to see: nor is it on the channel.
    problem(client.get(f"/games/{rematch}", headers=auth(guest)), 404, "game_not_found")
    _ended_at_the_tables_404(last)


def test_a_socket_opened_on_a_kept_seat_closes_when_the_host_starts_without_them(
    client: Any,
) -> None:
    rematch, host, guest = _private_rematch(client)
    with client.websocket_connect(f"/games/{rematch}/live") as socket:
        _opened_on_the_kept_seat(socket, guest)
        started = client.post(f"/games/{rematch}/start", json={"fill": "bots"}, headers=auth(host))
        assert started.status_code == 200, started.text
        last: dict[str, Any] = socket.receive_json()
    _ended_at_the_tables_404(last)


def test_a_socket_opened_on_a_kept_seat_follows_its_player_into_it(client: Any) -> None:
    rematch, _, guest = _private_rematch(client)
    with client.websocket_connect(f"/games/{rematch}/live") as socket:
        _opened_on_the_kept_seat(socket, guest)
        claimed = client.post(f"/games/{rematch}/seats/1", headers=auth(guest))
        assert claimed.status_code == 201, claimed.text
        claim, deal = socket.receive_json(), socket.receive_json()
    assert claim["envelope"]["event"]["type"] == "seat_claimed"
    hands = deal["envelope"]["event"]["hands"]
    assert hands[0] is None and hands[1] is not None  # their own hand, no one else's


def test_a_player_a_seat_is_kept_for_takes_a_ticket_that_follows_them(client: Any) -> None:
    # Before, a ticket was for a seat's holder only: the player a private rematch
    # keeps a seat for could read the table but not follow it where a browser sends
    # no header (the event stream), and got the table's 404.
    rematch, _, guest = _private_rematch(client)
    taken = client.post(f"/games/{rematch}/tickets", headers=auth(guest))
    assert taken.status_code == 201, taken.text
    page = client.get(f"/games/{rematch}/events", params={"ticket": taken.json()["ticket"]})
    assert page.status_code == 200, page.text
    assert [e["event"]["type"] for e in page.json()["events"]][:2] == [
        "game_started",
        "seat_reserved",
    ]
    # Declined, the table is not theirs to see: no ticket, and one taken before opens nothing.
    kept = client.post(f"/games/{rematch}/tickets", headers=auth(guest)).json()["ticket"]
    declined = client.delete(f"/games/{rematch}/seats/1", headers=auth(guest))
    assert declined.status_code == 204, declined.text
    problem(client.post(f"/games/{rematch}/tickets", headers=auth(guest)), 404, "game_not_found")
    refused = client.get(f"/games/{rematch}/events", params={"ticket": kept})
    assert refused.status_code == 404, refused.text


def test_a_stranger_gets_no_ticket_for_a_private_table(client: Any) -> None:
    rematch, _, _ = _private_rematch(client)
    stranger = client.post("/players", json={"name": "Zed"}).json()["token"]
    problem(client.post(f"/games/{rematch}/tickets", headers=auth(stranger)), 404, "game_not_found")
