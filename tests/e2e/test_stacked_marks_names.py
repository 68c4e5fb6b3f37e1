"""A name stacks at most four combining marks on one character.

Names allow combining marks (é written e + U+0301, Vietnamese, Thai, Hebrew points),
and refused only a name of marks alone. A letter under dozens of them ("Z̵̢̛̖̗̘̙̜̝̞̟̠̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼ͅ")
draws a column of marks through the lines above and below it: in the lobby, at the
table and on the leaderboards, over the other players' names.
"""

from __future__ import annotations

from typing import Any

import pytest
from http_players import player, problem
from http_table import auth

ZALGO = "Z" + "".join(chr(0x0300 + index) for index in range(20)) + "oe"


@pytest.mark.parametrize("name", [ZALGO, "A" + "\u0301" * 5, "Ada" + "\u20dd" * 5])
def test_a_name_stacking_marks_over_one_character_is_refused(client: Any, name: str) -> None:
    problem(client.post("/players", json={"name": name}), 422, "invalid_name")
    someone = player(client, "Ada")
    renamed = client.patch("/players/me", json={"name": name}, headers=auth(someone["token"]))
    problem(renamed, 422, "invalid_name")


@pytest.mark.parametrize(
    "name",
    [
        "Nguye\u0302\u0303n",  # Vietnamese ễ, decomposed: two marks
        "\u05e9\u05bc\u05c1\u05b8\u0591",  # Hebrew shin with dagesh, dot, qamats, accent: four
        "\u0e19\u0e49\u0e33",  # Thai
        "Ade\u0301le",
    ],
)
def test_a_name_with_a_scripts_usual_marks_is_kept(client: Any, name: str) -> None:
    assert player(client, name)["name"] == name
