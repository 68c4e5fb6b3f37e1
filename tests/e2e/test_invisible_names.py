"""A name of characters that draw nothing is refused like an empty one.

Names need "at least one visible character" (422 `invalid_name`): spaces, control and
format characters and lone combining marks are refused. The Hangul fillers (U+3164,
U+115F, U+1160, U+FFA0) and the blank Braille pattern (U+2800) are letters or
symbols to Unicode, and draw nothing: a player so named showed at the table, in the
lobby and on the leaderboards as nobody.
"""

from __future__ import annotations

from typing import Any

import pytest
from http_players import player, problem
from http_table import auth

BLANKS = ["\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "\u3164 \u2800\u3164"]


@pytest.mark.parametrize("name", BLANKS, ids=[f"U+{ord(name[0]):04X}" for name in BLANKS])
def test_a_name_that_draws_nothing_is_refused(client: Any, name: str) -> None:
    problem(client.post("/players", json={"name": name}), 422, "invalid_name")
    someone = player(client, "Ada")
    renamed = client.patch("/players/me", json={"name": name}, headers=auth(someone["token"]))
    problem(renamed, 422, "invalid_name")


def test_a_name_with_a_visible_character_beside_them_is_kept(client: Any) -> None:
    assert player(client, "\u3164A")["name"] == "\u3164A"
