"""possible_melds: the melds a hand can form, which legal_commands offers and
the bots search. Checked on seeded random hands under the knobs that shape
melds, since its per-suit memory must never show in its answers."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from domain import meld_search
from domain.melds import form_meld
from domain.rules import RuleSet, build_ruleset

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("basic", {}),
    ("classic", {}),
    ("palace", {}),
    ("palace", {"ace": "cyclic"}),
    ("palace", {"strict_jokers": True}),
    ("palace", {"strict_groups": True}),
    ("palace", {"max_run": 5}),
    ("palace", {"set_suits": False}),
]


def _hands(ruleset: RuleSet, count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    pack = list(ruleset.pack())
    return [rng.sample(pack, rng.randint(3, 14)) for _ in range(count)]


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
def test_every_meld_found_is_legal_made_of_the_hand_and_listed_once(
    preset: str, overrides: dict[str, Any]
) -> None:
    ruleset = build_ruleset(preset, overrides)
    found_any = 0
    for hand in _hands(ruleset, 200, seed=11):
        melds = meld_search.possible_melds(hand, ruleset)
        assert len(set(melds)) == len(melds)
        for meld in melds:
            form_meld(meld, ruleset)  # raises on an illegal meld
            assert not Counter(meld) - Counter(hand), f"{meld} is not in {hand}"
        found_any += bool(melds)
    assert found_any > 20


def test_a_joker_is_never_a_jack_of_a_set_of_any_suits() -> None:
    # A joker's code starts with J: sets of repeated suits once took it for a jack,
    # and offered JC JK JK, which the rules refuse. Under an opening minimum the
    # legal commands then failed to build, and the seat could not even draw.
    ruleset = build_ruleset("palace", {"set_suits": False})
    assert meld_search.possible_melds(["JC", "JK", "JK", "2H"], ruleset) == []


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
def test_what_was_asked_before_never_changes_an_answer(
    preset: str, overrides: dict[str, Any]
) -> None:
    # The runs of a suit are remembered: hands asked in the opposite order,
    # from an empty memory, get the very same lists, in the same order.
    ruleset = build_ruleset(preset, overrides)
    hands = _hands(ruleset, 150, seed=12)
    meld_search._suit_runs.cache_clear()
    first = [meld_search.possible_melds(hand, ruleset) for hand in hands]
    meld_search._suit_runs.cache_clear()
    again = [meld_search.possible_melds(hand, ruleset) for hand in reversed(hands)]
    assert first == again[::-1]
