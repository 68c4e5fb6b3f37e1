"""A player's name cannot pass for a bot's label.

The table shows a bot seat as "Bot · level 2" and the league's boards name a bot level
"Level 2 bot". A player could take either as their name (or "Ｂｏｔ · level 4" in
full-width letters, or "Вот · level 4" in Cyrillic) and sit at a table, or stand on a
leaderboard, as a bot would: names whose words are "bot" beside "level" (or "bot"
alone), after NFKC, case folding and folding letters drawn alike, are refused like
other bad names (422 `invalid_name`), on creation and on rename. Names merely holding
the letters (Abbott, Robot) are kept.
"""

from __future__ import annotations

from typing import Any

import pytest
from http_players import player, problem
from http_table import auth

LOOK_ALIKES = [
    "Bot · level 4",
    "bot · Level 2 (seat 2)",
    "Level 1 bot",
    "Ｂｏｔ · ｌｅｖｅｌ 3",
    "Bot_level_2",
    "Bot",
    "autopilot · Bot · level 2",
    "\u0412\u043e\u0442 · level 4",  # Cyrillic Ve, o, Te
    "B\u03bfT · \u0406evel 1",  # Greek omicron, Cyrillic I
    "B0t · level 2",
    "Bot · Ievel 2",  # a capital I for the l
    # Spelt out a letter at a time: read as the word they spell.
    "B o t · level 2",
    "B.O.T. level 3",
    "Level 2 b-o-t",
    "L e v e l 2 bot",
    # The web table's words for a seat: an open one, a kept one, the viewer's own.
    "O p e n seat",
    "Y.O.U.",
    "Open seat",
    "open  SEAT.",
    "A player",
    "You",
    "You (Ada)",
    "Kept for you from the last game",
]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_name_that_passes_for_a_bot_is_refused(client: Any, name: str) -> None:
    problem(client.post("/players", json={"name": name}), 422, "invalid_name")
    someone = player(client, "Ada")
    renamed = client.patch("/players/me", json={"name": name}, headers=auth(someone["token"]))
    problem(renamed, 422, "invalid_name")
    assert client.get("/players/me", headers=auth(someone["token"])).json()["name"] == "Ada"


@pytest.mark.parametrize(
    "name",
    [
        "Abbott",
        "Robot Level",
        "Botany",
        "Level 3",
        "You Li",
        "Yours",
        "Open Sesame",
        "J R R Tolkien",
        "A B Bott",
    ],
)
def test_a_name_that_only_holds_the_letters_is_kept(client: Any, name: str) -> None:
    assert player(client, name)["name"] == name
