"""Presets carry RULES.md's values, every knob is settable, bad combinations name the knob."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import DomainError, InvalidRuleSet
from domain.rules import (
    PRESETS,
    RuleSet,
    build_ruleset,
    preset_catalog,
    validate_ruleset,
    validate_seats,
)

PRESET_TABLE: dict[str, dict[str, Any]] = {
    "basic": {
        "decks": 1,
        "jokers": 0,
        "players": (2, 3, 4, 5, 6),
        "hand_size": {2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
        "ace": "low",
        "max_run": 13,
        "set_suits": True,
        "melds_per_turn": "any",
        "lay_off": True,
        "lay_off_needs_own_meld": False,
        "initial_meld_min": 0,
        "discard_pickup": "top",
        "no_same_discard": True,
        "go_out": "any",
        "rummy_bonus": "double",
        "stock_out": "reuse",
        "reuse_limit": 1,
        "reuse_shuffle": False,
        "final_exhaustion": "after_discard",
        "card_values": "A1",
        "scoring": "winner_takes",
        "game_end": "hands:3",
        "tie_break": True,
    },
    "palace": {
        "decks": 2,
        "jokers": 6,
        "players": (2, 3, 4),
        "hand_size": {2: 13, 3: 13, 4: 13, 5: 13, 6: 13},
        "first_player": "random",
        "ace": "high_or_low",
        "lay_off_needs_own_meld": True,
        "initial_meld_min": 30,
        "discard_pickup": "top",
        "no_same_discard": True,
        "go_out": "discard",
        "rummy_bonus": "double",
        "stock_out": "end_no_winner",
        "card_values": "A11_JK20",
        "scoring": "zero_sum",
        "tie_break": False,
        "strict_jokers": False,
        "strict_groups": False,
        "knocking": False,
        "rated": True,
    },
    "duel": {
        "decks": 1,
        "jokers": 0,
        "players": (2,),
        "hand_size": {2: 10, 3: 10, 4: 10, 5: 10, 6: 10},
        "first_player": "alternate",
        "ace": "low",
        "melds_per_turn": "one",
        "discard_pickup": "top",
        "go_out": "any",
        "rummy_bonus": "none",
        "stock_out": "reuse",
        "reuse_limit": 2,
        "reuse_shuffle": False,
        "final_exhaustion": "next_declines",
        "card_values": "A1",
        "scoring": "winner_takes",
        "game_end": "hands:7",
        "tie_break": False,
    },
    "classic": {
        "decks": 1,
        "jokers": 0,
        "players": (2, 3, 4, 5, 6),
        "hand_size": {2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
        "first_player": "left_of_dealer",
        "ace": "high_or_low",
        "discard_pickup": "any",
        "go_out": "discard",
        "rummy_bonus": "none",
        "stock_out": "reuse",
        "reuse_limit": 2,
        "reuse_shuffle": True,
        "final_exhaustion": "next_declines",
        "card_values": "A1",
        "scoring": "winner_takes",
        "game_end": "target:100",
        "tie_break": True,
    },
}


@pytest.mark.parametrize("preset", sorted(PRESET_TABLE))
def test_preset_holds_the_knob_values_of_the_rules_matrix(preset: str) -> None:
    ruleset = build_ruleset(preset)
    for knob, value in PRESET_TABLE[preset].items():
        assert getattr(ruleset, knob) == value, knob


def test_basic_is_the_default_and_the_catalog_lists_the_four_presets() -> None:
    assert build_ruleset() == build_ruleset("basic") == RuleSet()
    assert sorted(preset_catalog()) == sorted(PRESETS) == ["basic", "classic", "duel", "palace"]


def test_unknown_preset_is_rejected_with_its_own_code() -> None:
    with pytest.raises(DomainError) as caught:
        build_ruleset("gin")
    assert caught.value.code == "unknown_preset"
    assert caught.value.facts["preset"] == "gin"


SETTABLE: list[tuple[str, Any]] = [
    ("decks", 2),
    ("jokers", 4),
    ("players", (3, 4)),
    ("hand_size", {2: 5, 3: 5, 4: 5, 5: 5, 6: 5}),
    ("first_player", "random"),
    ("ace", "cyclic"),
    ("max_run", 5),
    ("set_suits", False),
    ("melds_per_turn", "one"),
    ("lay_off", False),
    ("lay_off_needs_own_meld", True),
    ("initial_meld_min", 40),
    ("discard_pickup", "any"),
    ("no_same_discard", False),
    ("go_out", "discard"),
    ("rummy_bonus", "plus10"),
    ("stock_out", "end_no_winner"),
    ("reuse_limit", 3),
    ("reuse_shuffle", True),
    ("final_exhaustion", "next_declines"),
    ("card_values", "A15"),
    ("scoring", "melded"),
    ("game_end", "target:500"),
    ("tie_break", False),
    ("short_deck", True),
    ("strict_jokers", True),
    ("strict_groups", True),
    ("knocking", True),
    ("rated", False),
]


@pytest.mark.parametrize(("knob", "value"), SETTABLE, ids=[k for k, _ in SETTABLE])
def test_every_knob_can_be_set_on_its_own(knob: str, value: Any) -> None:
    preset = "palace" if knob in ("knocking",) else "basic"
    overrides = {knob: value}
    if knob == "knocking":
        overrides["players"] = (3, 4)
    ruleset = build_ruleset(preset, overrides)
    assert getattr(ruleset, knob) == value
    untouched = build_ruleset(preset, {})
    changed = {
        name
        for name in RuleSet.__struct_fields__
        if getattr(ruleset, name) != getattr(untouched, name)
    }
    implied = {"decks", "jokers", "hand_size"} if knob == "short_deck" else set()
    if knob == "scoring":
        implied = {"game_end"}  # melded ends at 500, as its rule says
    assert changed - implied - {"players"} <= {knob}


def test_json_knob_values_are_accepted_as_a_client_sends_them() -> None:
    ruleset = build_ruleset("basic", {"hand_size": {"2": 8, "3": 7, "4": 7, "5": 6, "6": 6}})
    assert ruleset.hand_size[2] == 8
    assert build_ruleset("basic", {"players": [2, 3]}).players == (2, 3)


def test_short_deck_implies_one_pack_three_jokers_smaller_hands_and_no_initial_minimum() -> None:
    ruleset = build_ruleset("palace", {"short_deck": True})
    assert (ruleset.decks, ruleset.jokers, ruleset.initial_meld_min) == (1, 3, 0)
    assert ruleset.hand_size[2] == 10
    assert ruleset.hand_size[3] == ruleset.hand_size[4] == 7
    assert len(ruleset.pack()) == 55


def test_explicit_knobs_win_over_short_decks_implied_values() -> None:
    ruleset = build_ruleset("palace", {"short_deck": True, "initial_meld_min": 40})
    assert ruleset.initial_meld_min == 40
    assert ruleset.jokers == 3


@pytest.mark.parametrize(
    ("preset", "overrides", "knob"),
    [
        ("basic", {"decks": 0}, "decks"),
        ("basic", {"decks": 4}, "decks"),
        ("basic", {"jokers": -1}, "jokers"),
        ("basic", {"players": (2, 7)}, "players"),
        ("basic", {"players": ()}, "players"),
        ("basic", {"players": (1, 2)}, "players"),
        ("basic", {"hand_size": {2: 10}}, "hand_size"),
        ("basic", {"hand_size": {2: 0, 3: 7, 4: 7, 5: 6, 6: 6}}, "hand_size"),
        ("basic", {"hand_size": {2: 10, 3: 7, 4: 7, 5: 6, 6: 9}}, "hand_size"),
        ("duel", {"hand_size": {2: 26}}, "hand_size"),
        ("basic", {"max_run": 2}, "max_run"),
        ("basic", {"max_run": 14}, "max_run"),
        ("basic", {"initial_meld_min": -5}, "initial_meld_min"),
        ("basic", {"reuse_limit": -1}, "reuse_limit"),
        ("basic", {"game_end": "hands:0"}, "game_end"),
        ("basic", {"game_end": "rounds:3"}, "game_end"),
        ("basic", {"game_end": "target:"}, "game_end"),
        ("basic", {"game_end": "hands:-2"}, "game_end"),
        ("basic", {"scoring": "penalty", "game_end": "hands:3"}, "game_end"),
        ("basic", {"strict_groups": True, "set_suits": False}, "strict_groups"),
        ("duel", {"knocking": True}, "knocking"),
        ("basic", {"knocking": True, "players": (2,), "hand_size": {2: 10}}, "knocking"),
        ("basic", {"ace": "sometimes"}, "ace"),
        ("basic", {"scoring": "golf"}, "scoring"),
        ("basic", {"scoring": {"penalty": 1}}, "scoring"),
        ("basic", {"scoring": ["melded"]}, "scoring"),
        ("basic", {"card_values": "A2"}, "card_values"),
        ("basic", {"discard_pickup": "bottom"}, "discard_pickup"),
        ("basic", {"no_such_knob": True}, "no_such_knob"),
    ],
)
def test_invalid_ruleset_is_rejected_naming_the_knob(
    preset: str, overrides: dict[str, Any], knob: str
) -> None:
    with pytest.raises(InvalidRuleSet) as caught:
        build_ruleset(preset, overrides)
    assert caught.value.code == "invalid_ruleset"
    assert caught.value.facts["knob"] == knob


def test_hand_size_that_exactly_fits_the_pack_is_allowed() -> None:
    # 2 x 25 cards, the up-card and one card of stock.
    assert build_ruleset("duel", {"hand_size": {2: 25}}).hand_size == {2: 25}


def test_seat_count_outside_players_is_rejected_naming_players() -> None:
    with pytest.raises(InvalidRuleSet) as caught:
        validate_seats(build_ruleset("duel"), 3)
    assert caught.value.facts["knob"] == "players"
    with pytest.raises(InvalidRuleSet) as caught:
        validate_seats(build_ruleset("basic"), 7)
    assert caught.value.facts["knob"] == "players"


def test_knocking_with_two_seats_is_rejected_naming_knocking() -> None:
    ruleset = build_ruleset("palace", {"knocking": True})
    validate_seats(ruleset, 3)
    with pytest.raises(InvalidRuleSet) as caught:
        validate_seats(ruleset, 2)
    assert caught.value.facts["knob"] == "knocking"


def test_rated_false_marks_a_training_game_and_is_carried_by_the_ruleset() -> None:
    assert build_ruleset("palace").rated is True
    assert build_ruleset("palace", {"rated": False}).rated is False


@pytest.mark.parametrize(
    ("overrides", "knob", "low", "high"),
    [
        ({"reuse_limit": 21}, "reuse_limit", 0, 20),
        ({"reuse_limit": 10**30}, "reuse_limit", 0, 20),
        ({"initial_meld_min": 1001}, "initial_meld_min", 0, 1000),
        ({"decks": 4}, "decks", 1, 3),
        ({"jokers": 13}, "jokers", 0, 12),
        ({"max_run": 14}, "max_run", 3, 13),
        ({"game_end": "hands:101"}, "game_end", 1, 100),
        ({"game_end": "hands:99999"}, "game_end", 1, 100),
        ({"game_end": "target:10001"}, "game_end", 1, 10_000),
    ],
)
def test_a_number_out_of_its_range_names_the_knob_and_the_range(
    overrides: dict[str, Any], knob: str, low: int, high: int
) -> None:
    with pytest.raises(InvalidRuleSet) as caught:
        build_ruleset("basic", overrides)
    assert caught.value.facts["knob"] == knob
    assert f"{low} to {high}" in caught.value.message


@pytest.mark.parametrize(
    ("overrides", "knob"),
    [
        ({"players": [2] * 20_000}, "players"),
        ({"players": [2, 3, 3]}, "players"),
        ({"hand_size": {2: 10, 3: 7, 4: 7, 5: 6, 6: 6, 7: 5}}, "hand_size"),
        ({"hand_size": {2: 10, 3: 7, 4: 7, 5: 6, 6: 84}}, "hand_size"),
    ],
)
def test_seat_counts_are_listed_once_and_every_hand_size_is_dealable(
    overrides: dict[str, Any], knob: str
) -> None:
    with pytest.raises(InvalidRuleSet) as caught:
        build_ruleset("basic", overrides)
    assert caught.value.facts["knob"] == knob


def test_a_ruleset_built_in_code_meets_the_same_ranges() -> None:
    # Not through build_ruleset's conversion: validate_ruleset alone.
    with pytest.raises(InvalidRuleSet) as caught:
        validate_ruleset(RuleSet(reuse_limit=10**23))
    assert caught.value.facts == {"knob": "reuse_limit", "minimum": 0, "maximum": 20}


@pytest.mark.parametrize(
    "overrides",
    [
        {"reuse_limit": 0},
        {"reuse_limit": 20},
        {"initial_meld_min": 1000},
        {"game_end": "hands:100"},
        {"game_end": "target:10000"},
        {"decks": 3, "jokers": 12, "players": [2], "hand_size": {2: 83}},
    ],
)
def test_the_ends_of_every_range_are_allowed(overrides: dict[str, Any]) -> None:
    build_ruleset("basic", overrides)


@pytest.mark.parametrize(
    ("scoring", "game_end"), [("penalty", "target:100"), ("melded", "target:500")]
)
def test_a_scoring_set_on_its_own_ends_the_game_as_its_rule_says(
    scoring: str, game_end: str
) -> None:
    """RULES.md: every knob is settable on its own; penalty ends at 100, melded at 500."""
    for preset in ("basic", "classic", "duel", "palace"):
        assert build_ruleset(preset, {"scoring": scoring}).game_end == game_end
    given = build_ruleset("classic", {"scoring": scoring, "game_end": "target:300"})
    assert given.game_end == "target:300"


@pytest.mark.parametrize(
    ("preset", "players", "cards"),
    [("palace", (2, 3, 4, 5, 6), 13), ("duel", (2, 3, 4, 5), 10)],
)
def test_players_set_on_its_own_keeps_the_presets_hand_size(
    preset: str, players: tuple[int, ...], cards: int
) -> None:
    """RULES.md: every knob is settable on its own; palace deals "13 always", duel 10."""
    ruleset = build_ruleset(preset, {"players": players})
    assert ruleset.players == players
    for seats in players:
        validate_seats(ruleset, seats)
        assert ruleset.hand_size[seats] == cards
