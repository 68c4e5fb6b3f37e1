"""Names written with the zero-width non-joiner and joiner are kept.

Persian and the Indic scripts write words with the non-joiner (U+200C), and a joiner
(U+200D) makes one emoji of several: both are format characters, and a name holding
either was refused as holding a control character (422 `invalid_name`). Between two
characters that show they hide nothing; at an end, two in a row or beside a space
they hide a name's edge, and are refused as before."""

from __future__ import annotations

from typing import Any

import pytest
from http_players import player, problem

KEPT = [
    "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627",  # Persian: Ali-Reza, one word
    "\u0928\u094d\u200d\u0928",  # Devanagari, a half form
    "Ada \U0001f468\u200d\U0001f469\u200d\U0001f467",  # a family
]
REFUSED = ["\u200cAda", "Ada\u200d", "A\u200c\u200cda", "Ada \u200cLovelace", "A\u200b\u200cda"]


@pytest.mark.parametrize("name", KEPT, ids=["persian", "devanagari", "emoji-family"])
def test_a_name_joined_inside_a_word_is_kept(client: Any, name: str) -> None:
    assert player(client, name)["name"] == name


@pytest.mark.parametrize("name", REFUSED, ids=["first", "last", "doubled", "beside-space", "zwsp"])
def test_a_joiner_at_a_names_edge_is_still_refused(client: Any, name: str) -> None:
    refused = problem(client.post("/players", json={"name": name}), 422, "invalid_name")
    assert refused["facts"]["character"] in ("U+200C", "U+200D", "U+200B")


def test_a_joiner_does_not_let_a_name_pass_for_a_bot(client: Any) -> None:
    refused = problem(
        client.post("/players", json={"name": "B\u200cot \u00b7 level 2"}), 422, "invalid_name"
    )
    assert "bot" in refused["detail"].lower()
