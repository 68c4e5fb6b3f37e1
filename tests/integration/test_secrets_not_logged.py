"""What opens a game (a ticket, a private table's invite code) never reaches the
server's log, though clients send it in URLs: a browser's WebSocket has no headers."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import websockets.sync.client
from served import rummy_served

from service.runtime.log_redaction import REDACTED


def test_tickets_and_invite_codes_in_urls_are_redacted_from_the_servers_log(
    tmp_path: Path,
) -> None:
    with rummy_served(tmp_path, None, "--access-log") as base:
        http = httpx.Client(base_url=base, timeout=30)
        seats = [{"kind": "human"}, {"kind": "human"}]
        game = http.post("/games", json={"seats": seats, "private": True}).json()
        game_id, code, token = game["game_id"], game["invite_code"], game["tokens"]["0"]
        ticket = http.post(
            f"/games/{game_id}/tickets", headers={"Authorization": f"Bearer {token}"}
        ).json()["ticket"]
        assert http.get(f"/games/{game_id}/events", params={"invite": code}).status_code == 200
        # A parameter's name may be percent-encoded: the server reads it as its name.
        encoded = http.get(f"/games/{game_id}/events?%69nvite={code}")
        assert encoded.status_code == 200
        url = "ws" + base.removeprefix("http") + f"/games/{game_id}/live"
        with websockets.sync.client.connect(f"{url}?ticket={ticket}&invite={code}") as ws:
            assert json.loads(ws.recv(timeout=30))["type"] == "event"
        # A refused socket is logged too, and as carefully.
        with websockets.sync.client.connect(f"{url}?ticket={ticket}") as ws:
            assert json.loads(ws.recv(timeout=30))["type"] == "error"
        http.close()
    log = (tmp_path / "serve.log").read_text()
    assert f"/games/{game_id}/live?ticket={REDACTED}" in log, log[-2000:]
    assert f"invite={REDACTED}" in log
    for secret in (ticket, code, token):
        assert secret not in log
