"""A `command_id` holds no control or format characters, as a player's name may not.

Every follower of a game reads each command's id: in its event's envelope on the live
channels and in the exported log. An id of a bidi override, a line break or a NUL
(`"\u202eevil\n<script>"`) was accepted and shown to every spectator as sent, where a
name holding any of them is refused (`invalid_name`). Refused as a 422 (the schema
has no pattern for it that every regex dialect reads alike), before anything is played.
"""

from __future__ import annotations

from typing import Any

import pytest
from http_players import problem
from http_table import auth, create


def _turn(client: Any, game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The token of the seat to play, and its first legal command."""
    summary = client.get(f"/games/{game['game_id']}").json()
    token = game["tokens"][str(summary["view"]["turn"])]
    view = client.get(f"/games/{game['game_id']}/view", headers=auth(token)).json()
    return token, view["legal_commands"][0]


@pytest.mark.parametrize("command_id", ["\u202eevil", "a\nb", "a\u0000", "\u200b", "x\u2028"])
def test_a_command_id_with_a_control_or_format_character_is_refused(
    client: Any, command_id: str
) -> None:
    game = create(client, seed=4)
    token, command = _turn(client, game)
    body = {**command, "command_id": command_id}
    for path in ("/commands", "/commands/check"):
        answer = client.post(f"/games/{game['game_id']}{path}", json=body, headers=auth(token))
        refused = problem(answer, 422, "invalid_command")
        assert refused["facts"]["field"] == "command_id", refused
    # Nothing was played, nothing shown.
    assert client.get(f"/games/{game['game_id']}").json()["version"] == game["version"]


def test_a_command_id_of_any_visible_characters_is_kept(client: Any) -> None:
    game = create(client, seed=4)
    token, command = _turn(client, game)
    body = {**command, "command_id": "ход 1 · ♠"}
    answer = client.post(f"/games/{game['game_id']}/commands", json=body, headers=auth(token))
    assert answer.status_code == 200, answer.text
    events = client.get(f"/games/{game['game_id']}/events", params={"after": game["version"]})
    assert [e["command_id"] for e in events.json()["events"]] == ["ход 1 · ♠"]
