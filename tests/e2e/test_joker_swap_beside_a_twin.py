"""A joker swapped out of a set that already holds a natural twin of the card leaves it.

With two packs and `set_suits: false`, a set of jacks may hold JC and a joker
standing for JC. Swapping a second JC for that joker replaced the first card
standing for JC, the natural one, with the new JC: the meld kept its joker, the
player was handed a joker all the same and their JC left the game. One joker more
and one jack fewer than the pack holds, and the log replayed so.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from http_table import auth, create

from domain.rules import build_ruleset

RULES = {"decks": 2, "jokers": 2, "set_suits": False, "game_end": "hands:1"}
SEAT0 = ["JC", "JH", "JK", "2S", "4S", "6S", "8S", "TS", "QS", "3D"]
SEAT1 = ["JC", "2H", "4H", "6H", "8H", "TH", "QH", "3C", "5C", "7C"]


def _deck() -> list[str]:
    """Seat 0 (first to play) and seat 1 dealt by turns, the up-card, then the stock."""
    dealt = [card for pair in zip(SEAT0, SEAT1, strict=True) for card in pair] + ["9D", "KD", "5D"]
    rest = Counter(build_ruleset("basic", RULES).pack()) - Counter(dealt)
    return dealt + sorted(rest.elements())


def test_the_swap_takes_the_joker_not_its_natural_twin(client: Any) -> None:
    game = create(client, preset="basic", rules=RULES, deck=_deck())
    game_id, first, second = game["game_id"], game["tokens"]["0"], game["tokens"]["1"]
    for token, command in [
        (first, {"type": "draw", "source": "stock"}),
        (first, {"type": "lay_melds", "melds": [["JC", "JH", "JK"]]}),
        (first, {"type": "discard", "card": "KD"}),
        (second, {"type": "draw", "source": "stock"}),
    ]:
        answer = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        assert answer.status_code == 200, answer.text
    (meld,) = client.get(f"/games/{game_id}/view", headers=auth(second)).json()["table"]
    assert [placed["card"] for placed in meld["cards"]] == ["JC", "JH", "JK"]

    swap = {"type": "swap_joker", "meld_id": meld["id"], "card": "JC"}
    answer = client.post(f"/games/{game_id}/commands", json=swap, headers=auth(second))
    assert answer.status_code == 200, answer.text
    view = answer.json()["view"]
    (meld,) = view["table"]
    assert sorted(placed["card"] for placed in meld["cards"]) == ["JC", "JC", "JH"]
    assert view["hand"].count("JK") == 1 and "JC" not in view["hand"]
