"""The WebSocket's first message is a JSON body like any other: the guard's rules hold.

Every JSON body gives each key once (`duplicate_key`) and nests at most 32 levels
(`json_too_deep`): parsers disagree on which of two equal keys wins, so the service
takes neither. The first message of `/games/{id}/live` was decoded
straight by msgspec, which keeps the last: `{"token": A, "token": B}` opened the
channel as B.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from http_table import create


@pytest.mark.parametrize(
    ("hello", "close", "code"),
    [
        ('{{"token": "{0}", "token": "{1}"}}', 4400, "duplicate_key"),
        ('{{"after": 0, "after": 1, "token": "{1}"}}', 4400, "duplicate_key"),
        ('{{"token": "{1}", "x": ' + "[" * 40 + "]" * 40 + "}}", 4400, "json_too_deep"),
    ],
    ids=["token twice", "after twice", "too deep"],
)
def test_the_first_message_is_refused_as_any_body_would_be(
    client: Any, hello: str, close: int, code: str
) -> None:
    game = create(client)
    other = create(client)
    text = hello.format(other["tokens"]["0"], game["tokens"]["1"])
    with client.websocket_connect(f"/games/{game['game_id']}/live") as socket:
        socket.send_text(text)
        message = json.loads(socket.receive_text())
        assert message["type"] == "error", message
        assert message["problem"]["code"] == code, message
        assert message["problem"]["status"] + 4000 == close


@pytest.mark.parametrize("frame", ["binary", "empty text"])
def test_a_first_message_that_is_no_text_is_refused_saying_so(client: Any, frame: str) -> None:
    # A binary frame reached the decoder as "" and was refused as "Input data was
    # truncated": a client sending its hello as bytes could not tell what to change.
    game = create(client)
    hello = json.dumps({"token": game["tokens"]["0"]})
    with client.websocket_connect(f"/games/{game['game_id']}/live") as socket:
        if frame == "binary":
            socket.send_bytes(hello.encode())
        else:
            socket.send_text("")
        message = json.loads(socket.receive_text())
    assert message["problem"]["code"] == "invalid_body", message
    assert "text frame" in message["problem"]["detail"], message
